"""Part 3 of a paired turn (WC§5.4, WC§5.6): simultaneous actions, open to
both active players at once; each action applies at once. Actions that
spend a die use the lowest unused die that qualifies."""
from __future__ import annotations

from games.rules.core import Choice, Prompt, rng, undo
from games.rules.core.flow import Flow, Step

from .board import (C, split, copied, ability, at_exact, enter_survivor, expose, gate_free, has_passive, log,
                    loc_free, place_of, side_of, store, survivors_of)
from .data import GATES
from .peeks import INFO_POWERS, info_ready, use_info
from .turn_frame import current_turn, gift_of, trigger

DONE = Choice("done", None, "Done with actions", "done")
ACTIVE_ABILITIES = {"kill_zombies", "add_food", "die_plus", "heal", "free_barricade", "reroll_all",
                    "sacrifice_morale"} | INFO_POWERS


class Act(Step):
    name = "act"

    def active(self, state, frame):
        return [r for r in frame["roles"] if r not in frame["done"]]

    def prompt(self, state, frame, role):
        if role in frame["srch"]:
            return search_prompt(state, frame["srch"][role])
        gift = gift_of(state, role)
        if gift is not None:
            return must_prompt(state, role, gift)
        together = len(frame["roles"]) > 1  # the Lone Wolf's turn is a turn alone
        return Prompt("Take actions (both players act at once)" if together else "Take actions",
                      tuple(action_choices(state, frame, role)) + (DONE,),
                      "Waiting for the simultaneous actions")

    def act(self, state, frame, role, action):
        verb, arg = action.verb, action.arg
        if verb == "done":
            frame["done"].append(role)
            for sid in survivors_of(state, role):
                if state["sv"][sid]["at"] == home_of(state, role):
                    trigger(state, role, "in_colony", None, sid)
            log(state, "done", role=role)
            if not self.active(state, frame):
                Flow.pop(state)
            return
        HANDLERS[verb](state, frame, role, arg)

    def default(self, state, frame, role):
        if role in frame["srch"]:
            search = frame["srch"][role]
            return ("stop", None) if search["kept"] else ("keep", search["cards"][0])
        gift = gift_of(state, role)
        if gift is not None:
            choice = must_prompt(state, role, gift).choices[0]
            return (choice.verb, choice.arg)
        return ("done", None)


def home_of(state: dict, role: str) -> str:
    side = side_of(state, role)
    return "den" if side == "w" else side


def dice(state: dict, role: str) -> list:
    return state["pl"][role]["dice"]


def spend(state: dict, role: str, least: int) -> int:
    """Spend the lowest unused die showing at least ``least``."""
    pool = dice(state, role)
    for i, value in enumerate(pool):
        if value >= least:
            return pool.pop(i)
    raise ValueError("no die")


def can_spend(state: dict, role: str, least: int) -> bool:
    pool = dice(state, role)
    return bool(pool) and pool[-1] >= least


def zombie_spots(state: dict, role: str, at: str) -> list[int]:
    """Where a survivor standing at ``at`` may attack: 0 for a town location,
    entrance numbers at a colony (own colony: any; enemy: its own entrance)."""
    if at in state["loc"]:
        return [0] if state["loc"][at]["z"] else []
    if at in ("a", "b"):
        gates = state["col"][at]["gates"]
        return [g for g in range(1, GATES + 1) if gates[g - 1][0]]
    if "@" in at:
        g = int(at[2:])
        return [g] if state["col"][at[0]]["gates"][g - 1][0] else []
    return []


def barricade_spots(state: dict, at: str) -> list[int]:
    if at in state["loc"]:
        return [0] if loc_free(state, at) > 0 else []
    if at in ("a", "b"):
        return [g for g in range(1, GATES + 1) if gate_free(state, at, g) > 0]
    if "@" in at:
        g = int(at[2:])
        return [g] if gate_free(state, at[0], g) > 0 else []
    return []


def action_choices(state: dict, frame: dict, role: str) -> list[Choice]:
    out = []
    c = C(state)
    side = side_of(state, role)
    for sid in survivors_of(state, role):
        s = state["sv"][sid]
        if s["bit"]:
            continue
        out += survivor_choices(state, frame, role, sid, s, c.survivors[sid])
    out += card_choices(state, role, side)
    holder = store(state, side)
    if holder["food"]:
        out += [Choice("food", v, f"Spend a food token: +1 to a {v}", "food")
                for v in sorted(set(dice(state, role))) if v < 6]
    return out + request_choices(state, role, side)


def request_choices(state: dict, role: str, side: str) -> list[Choice]:
    """Once per turn, from a teammate (B§8; WC§5.3: also during movement; §17 #8)."""
    if side == "w" or role in current_turn(state)["asked"]:
        return []
    return [Choice("request", r, f"Request a card from {r}", "request")
            for r in state["col"][side]["seats"] if r != role and state["pl"][r]["hand"]]


def survivor_choices(state, frame, role, sid, s, card) -> list[Choice]:
    out = []
    at, name = s["at"], card["name"]
    least = 1 if has_passive(state, sid, "any_die") else card["attack"]
    if can_spend(state, role, least):
        spots = zombie_spots(state, role, at)
        out += [Choice("attack", f"{sid}>{g}", f"{name} attacks a zombie", "attack") for g in spots]
        medicine = medicine_for_attack(state, role, sid)
        out += [Choice("attack", f"{sid}>{g}>{medicine}", f"{name} attacks, discarding a card to kill more",
                       "attack") for g in spots if medicine is not None]
    if at in state["loc"] and state["loc"][at]["deck"] and can_spend(state, role, card["search"]):
        out.append(Choice("search", sid, f"{name} searches", "search"))
    if dice(state, role):
        out += [Choice("barricade", f"{sid}>{g}", f"{name} builds a barricade", "barricade")
                for g in barricade_spots(state, at)]
        if at == home_of(state, role) and store(state, side_of(state, role))["waste"]:
            out.append(Choice("clean", sid, f"{name} cleans waste", "clean"))
    if ability_ready(state, role, sid, s):
        out.append(Choice("ability", sid, f"{name}: ability", "ability"))
    out += borrow_choices(state, role, sid, s, name)
    out += item_uses(state, role, sid, s)
    for item in s["eq"]:
        if item not in frame["handed"]:
            out += [Choice("handoff", f"{item}>{sid}>{other}", f"Hand off to {other}", "handoff")
                    for other in at_exact(state, at) if other != sid and state["sv"][other]["o"] == role]
    return out


def card_choices(state: dict, role: str, side: str) -> list[Choice]:
    out = []
    c = C(state)
    crisis = c.crises[state["crisis"]]["symbols"] if state["crisis"] is not None else []
    mine = [sid for sid in survivors_of(state, role) if not state["sv"][sid]["bit"]]
    for card in state["pl"][role]["hand"]:
        out += play_choices(state, role, side, card, mine)
        if c.symbol[card] in crisis or (crisis and "any" in crisis):
            out.append(Choice("crisis", card, f"Add {c.card[card]['name']} to the crisis", "crisis"))
    if crisis:
        for sid in mine:
            out += [Choice("crisis", card, f"Add equipped {c.card[card]['name']} to the crisis", "crisis")
                    for card in state["sv"][sid]["eq"] if c.symbol[card] in crisis or "any" in crisis]
    return out


def play_choices(state, role, side, card, mine) -> list[Choice]:
    effect = C(state).card[card]["effect"]
    name = C(state).card[card]["name"]
    if effect["kind"] == "equip":
        return [Choice("equip", f"{card}>{sid}", f"Equip {name}", "cards") for sid in mine]
    if effect["kind"] == "play" and effect["effect"] == "heal":
        names = C(state).survivors
        return [Choice("play", f"{card}>{sid}", f"Play {name} on {names[sid]['name']}", "cards")
                for sid in survivors_of(state, role) if state["sv"][sid]["w"]]
    if effect["kind"] == "play" and effect["effect"] == "free_attack":
        return [Choice("play", f"{card}>{sid}>{g}", f"Play {name}: attack with {sid}", "cards")
                for sid in mine for g in zombie_spots(state, role, state["sv"][sid]["at"])]
    if effect["kind"] == "play" and playable(state, role, side, effect):
        return [Choice("play", card, f"Play {name}", "cards")]
    return []


def playable(state: dict, role: str, side: str, effect: dict) -> bool:
    kind = effect["effect"]
    pool = dice(state, role)
    if kind == "heal":
        return heal_target(state, role) is not None
    if kind == "reroll":
        return bool(pool)
    if kind == "set_die":
        return bool(pool) and pool[0] < 6
    if kind == "barricades":
        return barricade_place(state, role) is not None
    if kind == "kill":
        return kill_place(state, role) is not None
    if kind == "outsider":
        return bool(state["sdeck"])
    if kind == "bullets":
        return side != "w"
    return kind == "food"  # safe_move only in the movement step


def must_prompt(state: dict, role: str, card: int) -> Prompt:
    """A card received by request must be played at once (B§8)."""
    mine = [sid for sid in survivors_of(state, role) if not state["sv"][sid]["bit"]]
    choices = play_choices(state, role, side_of(state, role), card, mine)
    if not choices:
        choices = [Choice("discard", card, "It cannot be played: discard it", "cards")]
    return Prompt("Play the card you were given", tuple(choices), "")


def ability_ready(state, role, sid, s) -> bool:
    a = ability(state, sid)
    if a["kind"] not in ACTIVE_ABILITIES or f"s{sid}" in state["once"]:
        return False
    return power_ready(state, role, s["at"], a)


def borrow_choices(state, role, sid, s, name) -> list[Choice]:
    """John Price using another survivor's ability (once per round each)."""
    names = C(state).survivors
    return [Choice("borrow", f"{sid}>{o}", f"{name} uses {names[o]['name']}'s ability", "ability")
            for o in copied(state, sid) if ability(state, o)["kind"] in ACTIVE_ABILITIES
            and f"j{sid}>{o}" not in state["once"] and power_ready(state, role, s["at"], ability(state, o))]


def item_uses(state, role, sid, s) -> list[Choice]:
    """Equipped items with a once-per-round use (e.g. Guide to Leadership)."""
    c = C(state)
    out = []
    for card in s["eq"]:
        use = c.card[card]["effect"].get("use")
        if not use or f"c{card}" in state["once"]:
            continue
        name = c.card[card]["name"]
        if use["kind"] == "snipe":
            out += [Choice("use", f"{card}>{sid}>{i}", f"Use {name} at {place}", "ability")
                    for i, place in enumerate(snipe_places(state, role)) if zombies_at(state, place)]
        elif power_ready(state, role, s["at"], use):
            out.append(Choice("use", f"{card}>{sid}", f"Use {name}", "ability"))
    return out


def snipe_places(state, role) -> list[str]:
    """Sniper Rifle targets: your own colony, then the town locations by number."""
    side = side_of(state, role)
    return (["den"] if side == "w" else [side]) + C(state).locations


def zombies_at(state, place) -> int:
    if place in state["loc"]:
        return state["loc"][place]["z"]
    return sum(z for z, _ in state["col"][place]["gates"]) if place in ("a", "b") else 0


def power_ready(state, role, at, a) -> bool:
    """Can a survivor ability or item use ``a`` be used by a survivor at ``at``?"""
    where = a.get("where", "anywhere")
    if where == "colony" and at != home_of(state, role) or where not in ("anywhere", "colony") and at != where:
        return False
    if a.get("die") and not can_spend(state, role, a["die"]):
        return False
    kind = a["kind"]
    if kind == "kill_zombies":
        if a.get("needs_helpless") and not (at in ("a", "b") and state["col"][at]["helpless"]):
            return False
        return bool(zombie_spots(state, role, at))
    if kind == "die_plus":
        return bool(dice(state, role)) and dice(state, role)[0] < 6
    if kind == "heal":
        return bool(heal_here(state, role, at))
    if kind in ("reroll_all", "reroll_one"):
        return bool(dice(state, role))
    if kind == "die_swap":
        return die_donor(state, role) is not None and dice(state, role)[0] < 6
    if kind == "free_barricade":
        return bool(barricade_spots(state, at))
    if kind in INFO_POWERS:
        return info_ready(state, role, at, kind)
    return True


# -- handlers ---------------------------------------------------------------
def discard_attack(state, role, sid) -> tuple | None:
    """(card to discard, zombies killed, once-per-round key): Edward White discards
    medicine to kill 3, the Lighter discards fuel to kill 4; no exposure either way."""
    c = C(state)
    offers = []
    a = ability(state, sid)
    if a["kind"] == "medicine_attack":
        offers.append(("medicine", a.get("n", 3), f"s{sid}"))
    for item in state["sv"][sid]["eq"]:
        effect = c.card[item]["effect"]
        if effect.get("passive") == "discard_attack":
            offers.append((effect["symbol"], effect["n"], f"c{item}"))
    for symbol, n, key in offers:
        if key not in state["once"]:
            card = next((x for x in sorted(state["pl"][role]["hand"]) if c.symbol[x] == symbol), None)
            if card is not None:
                return card, n, key
    return None


def medicine_for_attack(state, role, sid) -> int | None:
    offer = discard_attack(state, role, sid)
    return offer[0] if offer else None


def do_attack(state, frame, role, arg):
    """B§7 attack on a zombie; exposure per kill unless cancelled (WC§5.4: a bite lays the survivor aside)."""
    sid, g, *medicine = split(arg)
    card = C(state).survivors[sid]
    spend(state, role, 1 if has_passive(state, sid, "any_die") else card["attack"])
    if not medicine:
        attack_with(state, role, sid, g)
        return
    discard, n, key = discard_attack(state, role, sid)
    state["once"].append(key)
    take_card(state, frame, role, discard)
    store(state, side_of(state, role))["waste"].append(discard)
    killed = remove_zombies(state, state["sv"][sid]["at"], g, n)
    log(state, "attack", survivor=sid, at=state["sv"][sid]["at"], killed=killed)
    after_kills(state, role, sid, killed, False)


def attack_with(state, role, sid, g) -> None:
    """The attack itself, once its die (or card) is paid."""
    n = 2 if has_passive(state, sid, "kill_two") else 1
    exposure = not has_passive(state, sid, "no_attack_exposure")
    killed = remove_zombies(state, state["sv"][sid]["at"], g, n)
    log(state, "attack", survivor=sid, at=state["sv"][sid]["at"], killed=killed)
    after_kills(state, role, sid, killed, exposure)


def after_kills(state, role, sid, killed, exposure) -> None:
    if state["den"] is not None and role == state["wolf"]:
        state["den"]["kills"] += killed
    for _ in range(killed if exposure else 0):
        if state["sv"][sid] is None or state["sv"][sid]["bit"]:
            break
        if expose(state, sid, defer_bite=True) == "bitten":
            state["bitten"].append(sid)
    if killed and state["sv"][sid] is not None:
        trigger(state, role, "kill", None, sid)


def remove_zombies(state, at, g, n) -> int:
    if g == 0:
        spot = state["loc"][at]
        k = min(n, spot["z"])
        spot["z"] -= k
        return k
    side = place_of(at)
    killed = 0
    gates = state["col"][side]["gates"]
    order = [g] + ([i for i in range(1, GATES + 1) if i != g] if "@" not in at else [])
    for gate in order:
        k = min(n - killed, gates[gate - 1][0])
        gates[gate - 1][0] -= k
        killed += k
    return killed


def do_search(state, frame, role, sid):
    """B§7 search; WC§5.6: at most one noise token per search."""
    card = C(state).survivors[sid]
    spend(state, role, card["search"])
    at = state["sv"][sid]["at"]
    deck = state["loc"][at]["deck"]
    view, keep = search_bonus(state, sid, at)
    frame["srch"][role] = {"sid": sid, "at": at, "cards": [deck.pop() for _ in range(min(1 + view, len(deck)))],
                           "noise": False, "keep": 1 + keep, "kept": 0}
    undo.checkpoint(state)
    log(state, "search", survivor=sid, at=at)
    trigger(state, role, "search_at", at, sid)


def search_bonus(state, sid, at) -> tuple[int, int]:
    """Extra cards to look at and to keep (abilities and Blueprints)."""
    view = keep = 0
    a = ability(state, sid)
    if a["kind"] == "search_view" and a["where"] in ("anywhere", at) and f"s{sid}" not in state["once"]:
        view, keep = view + a["n"], keep + a.get("keep", 0)
        if a.get("once"):
            state["once"].append(f"s{sid}")
    for item in state["sv"][sid]["eq"]:
        effect = C(state).card[item]["effect"]
        if effect.get("passive") == "search_view" and effect.get("where") in ("anywhere", at):
            view, keep = view + effect.get("n", 1), keep + effect.get("keep", 0)
    return view, keep


def search_prompt(state, search) -> Prompt:
    c = C(state)
    choices = [Choice("keep", card, f"Keep {c.card[card]['name']}", "search") for card in search["cards"]]
    spot = state["loc"][search["at"]]
    if search["kept"]:
        choices.append(Choice("stop", None, "Keep no more cards", "search"))
    elif not search["noise"] and spot["noise"] < c.const["noise_spaces"] and spot["deck"]:
        choices.append(Choice("noise", None, "Make noise and draw another card", "search"))
    return Prompt(f"Searching: keep a card ({search['keep'] - search['kept']} left)", tuple(choices), "")


def do_keep(state, frame, role, card):
    search = frame["srch"][role]
    search["cards"].remove(card)
    search["kept"] += 1
    state["pl"][role]["hand"].append(card)
    if search["kept"] >= search["keep"] or not search["cards"]:
        do_stop(state, frame, role, None)


def do_stop(state, frame, role, arg):
    """The cards not kept go to the bottom of the deck (B§7)."""
    search = frame["srch"].pop(role)
    deck = state["loc"][search["at"]]["deck"]
    for other in search["cards"]:
        deck.insert(0, other)
    log(state, "search_kept", role=role, at=search["at"], kept=search["kept"], returned=len(search["cards"]))


def do_noise(state, frame, role, arg):
    search = frame["srch"][role]
    spot = state["loc"][search["at"]]
    spot["noise"] += 1
    search["noise"] = True
    extra = 3 if any(C(state).card[x]["effect"].get("passive") == "noise_view"
                     for x in state["sv"][search["sid"]]["eq"]) else 1  # Flashlight
    search["cards"] += [spot["deck"].pop() for _ in range(min(extra, len(spot["deck"])))]
    undo.checkpoint(state)
    log(state, "noise", at=search["at"])


def do_barricade(state, frame, role, arg):
    sid, g = split(arg)
    spend(state, role, 1)
    at = state["sv"][sid]["at"]
    build_barricade(state, at, g)
    if has_passive(state, sid, "barricade_double") and g in barricade_spots(state, at):  # Hammer
        build_barricade(state, at, g)


def build_barricade(state, at, g) -> None:
    if g == 0:
        state["loc"][at]["b"] += 1
    else:
        state["col"][place_of(at)]["gates"][g - 1][1] += 1
    log(state, "barricade", at=at, gate=g)


def do_clean(state, frame, role, sid):
    spend(state, role, 1)
    waste = store(state, side_of(state, role))["waste"]
    n = C(state).const["clean_waste"]
    if has_passive(state, sid, "clean_bonus"):  # Brandon Kane, Mop
        n = 5
    removed, waste[:] = waste[-n:], waste[:-n]
    state["box"] += removed
    log(state, "clean_waste", role=role, n=len(removed))


def do_food(state, frame, role, value):
    """B§8: a food token adds 1 to one unused die (the player picks which value)."""
    store(state, side_of(state, role))["food"] -= 1
    pool = dice(state, role)
    pool[pool.index(value)] += 1
    pool.sort()
    log(state, "food_token", role=role)


def do_request(state, frame, role, teammate):
    current_turn(state)["asked"].append(role)
    log(state, "request", role=role, to=teammate)
    Flow.push(state, "give", role=teammate, to=role)


def do_handoff(state, frame, role, arg):
    card, frm, to = split(arg)
    state["sv"][frm]["eq"].remove(card)
    state["sv"][to]["eq"].append(card)
    frame["handed"].append(card)
    log(state, "handoff", card=card, frm=frm, to=to)


def do_crisis(state, frame, role, card):
    """WC§5.6: face up, matching symbols only, from hand or equipment."""
    hand = state["pl"][role]["hand"]
    if card in hand:
        hand.remove(card)
    else:
        for sid in survivors_of(state, role):
            if card in state["sv"][sid]["eq"]:
                state["sv"][sid]["eq"].remove(card)
    state["contrib"].append(card)
    log(state, "contribute", role=role, card=card)


def do_equip(state, frame, role, arg):
    card, sid = split(arg)
    take_card(state, frame, role, card)
    state["sv"][sid]["eq"].append(card)
    log(state, "equip", role=role, card=card, survivor=sid)


def do_discard(state, frame, role, card):
    take_card(state, frame, role, card)
    store(state, side_of(state, role))["waste"].append(card)
    log(state, "discard", role=role, card=card)


def take_card(state, frame, role, card) -> None:
    state["pl"][role]["hand"].remove(card)
    must = current_turn(state)["must"]
    if must.get(role) == card:
        del must[role]


def do_play(state, frame, role, arg):
    if isinstance(arg, str):  # a card with its target: medicine -> survivor; Reading Lamp -> attacker
        card, sid, *spot = split(arg)
        take_card(state, frame, role, card)
        store(state, side_of(state, role))["waste"].append(card)
        log(state, "play", role=role, card=card)
        if spot:
            attack_with(state, role, sid, spot[0])
        else:
            heal(state, sid)
        return
    card = arg
    take_card(state, frame, role, card)
    effect = C(state).card[card]["effect"]
    side = side_of(state, role)
    store(state, side)["waste"].append(card)
    log(state, "play", role=role, card=card)
    PLAY[effect["effect"]](state, role, side, effect.get("n", 0))


def do_ability(state, frame, role, sid):
    a = ability(state, sid)
    state["once"].append(f"s{sid}")
    log(state, "ability", survivor=sid, ability=a["kind"])
    use_power(state, role, sid, a)


def do_borrow(state, frame, role, arg):
    sid, other = split(arg)
    state["once"].append(f"j{sid}>{other}")
    log(state, "ability", survivor=sid, ability=ability(state, other)["kind"], of=other)
    use_power(state, role, sid, ability(state, other))


def do_use(state, frame, role, arg):
    card, sid, *where = split(arg)
    state["once"].append(f"c{card}")
    log(state, "use", survivor=sid, card=card)
    if where:  # Sniper Rifle: one zombie anywhere, no exposure, not an attack
        place = snipe_places(state, role)[where[0]]
        gates = state["col"][place]["gates"] if place in ("a", "b") else None
        gate = 0 if gates is None else max(range(1, 7), key=lambda g: (gates[g - 1][0], -g))
        after_kills(state, role, sid, remove_zombies(state, place, gate, 1), False)
        return
    use_power(state, role, sid, C(state).card[card]["effect"]["use"])


def use_power(state, role, sid, a) -> None:
    if a.get("die"):
        spend(state, role, a["die"])
    at = state["sv"][sid]["at"]
    if a["kind"] == "kill_zombies":
        spots = zombie_spots(state, role, at)
        killed = remove_zombies(state, at, spots[0], a["n"])
        after_kills(state, role, sid, min(killed, 1), a.get("exposure", False))
    elif a["kind"] == "add_food":
        store(state, side_of(state, role))["food"] += a["n"]
    elif a["kind"] == "die_plus":
        dice(state, role)[0] += 1
        dice(state, role).sort()
    elif a["kind"] == "heal":
        heal(state, max(heal_here(state, role, at), key=lambda o: (state["sv"][o]["w"], o)))
    elif a["kind"] == "reroll_all":
        pool = dice(state, role)
        pool[:] = sorted(rng.roll(state) for _ in pool)
    elif a["kind"] == "reroll_one":
        play_reroll(state, role, None, 0)
    elif a["kind"] == "die_swap":
        donor = die_donor(state, role)
        state["pl"][donor]["dice"][-1] -= 1
        state["pl"][donor]["dice"].sort()
        dice(state, role)[0] += 1
        dice(state, role).sort()
        log(state, "die_swap", role=role, frm=donor)
    elif a["kind"] == "sacrifice_morale":
        sacrifice(state, role, sid, a.get("n", 1))
    elif a["kind"] == "free_barricade":
        build_barricade(state, at, barricade_spots(state, at)[0])
    elif a["kind"] in INFO_POWERS:
        use_info(state, role, sid, at, a["kind"])


def die_donor(state, role) -> str | None:
    """Walkie Talkie: the teammate whose highest unused die is highest (WC§8: a teammate)."""
    side = side_of(state, role)
    if side == "w" or not dice(state, role):
        return None
    mates = [r for r in state["col"][side]["seats"] if r != role and state["pl"][r]["dice"]
             and state["pl"][r]["dice"][-1] > 1]
    return max(mates, key=lambda r: state["pl"][r]["dice"][-1]) if mates else None


def heal_here(state, role, at) -> list[int]:
    """Wounded survivors of your own colony at ``at`` (WC§8: "a survivor" is one of yours)."""
    side = side_of(state, role)
    return [o for o in at_exact(state, at) if state["sv"][o]["w"] and side_of(state, state["sv"][o]["o"]) == side]


def sacrifice(state, role, sid, n) -> None:
    """Removed from the game (not a death: no morale loss) for +n morale."""
    s = state["sv"][sid]
    state["pl"][role]["hand"] += s["eq"]
    state["sv"][sid] = None
    state["gone"].append(sid)
    player = state["pl"][role]
    if player["lead"] == sid:
        left = survivors_of(state, role)
        player["lead"] = left[0] if left else None
    log(state, "removed", survivor=sid)
    from .board import morale, replace_last
    morale(state, side_of(state, role), n, "ability")
    if not survivors_of(state, role):
        replace_last(state, role)


# -- card effects (targets chosen by a fixed, documented policy) --------------
def heal_target(state, role):
    wounded = [s for s in survivors_of(state, role) if state["sv"][s]["w"]]
    return max(wounded, key=lambda s: (state["sv"][s]["w"], s)) if wounded else None


def heal(state, sid) -> None:
    s = state["sv"][sid]
    s["w"] -= 1
    s["f"] = min(s["f"], s["w"])
    log(state, "heal", survivor=sid)


def barricade_place(state, role):
    for sid in survivors_of(state, role):
        at = state["sv"][sid]["at"]
        spots = barricade_spots(state, at)
        if spots:
            return at, spots[0]
    return None


def kill_place(state, role):
    for sid in survivors_of(state, role):
        at = state["sv"][sid]["at"]
        spots = zombie_spots(state, role, at)
        if spots:
            return at, spots[0]
    return None


def play_food(state, role, side, n):
    store(state, side)["food"] += n


def play_heal(state, role, side, n):
    heal(state, heal_target(state, role))


def play_reroll(state, role, side, n):
    pool = dice(state, role)
    pool[0] = rng.roll(state)
    pool.sort()


def play_set_die(state, role, side, n):
    pool = dice(state, role)
    pool[0] = 6
    pool.sort()


def play_barricades(state, role, side, n):
    for _ in range(n):
        spot = barricade_place(state, role)
        if spot:
            build_barricade(state, *spot)


def play_kill(state, role, side, n):
    at, g = kill_place(state, role)
    remove_zombies(state, at, g, n)


def play_outsider(state, role, side, n):
    """A new survivor joins the group (WC§13: the Lone Wolf ignores helpless ones)."""
    sid = enter_survivor(state, role)
    log(state, "new_survivor", role=role, survivor=sid)
    if side != "w":
        state["col"][side]["helpless"] += n


def play_bullets(state, role, side, n):
    state["col"][side]["bullets"] += n


def play_safe_move(state, role, side, n):
    """Fuel: the next move of this player rolls no exposure (movement step only)."""
    current_turn(state)["safe"].append(role)


PLAY = {"food": play_food, "heal": play_heal, "reroll": play_reroll, "set_die": play_set_die,
        "barricades": play_barricades, "kill": play_kill, "outsider": play_outsider,
        "bullets": play_bullets, "safe_move": play_safe_move}
HANDLERS = {"attack": do_attack, "search": do_search, "keep": do_keep, "noise": do_noise,
            "barricade": do_barricade, "clean": do_clean, "food": do_food, "request": do_request,
            "handoff": do_handoff, "crisis": do_crisis, "equip": do_equip, "play": do_play,
            "discard": do_discard, "ability": do_ability, "use": do_use, "stop": do_stop,
            "borrow": do_borrow}


class Give(Step):
    """A teammate answers a request (B§8; WC §17 #8: teammates only)."""

    name = "give"

    def prompt(self, state, frame, role):
        c = C(state)
        return Prompt(f"{frame['to']} requests a card", tuple(
            Choice("give", card, f"Give {c.card[card]['name']}", "hand")
            for card in state["pl"][role]["hand"]) + (Choice("decline", None, "Give nothing", "done"),),
            "Waiting for an answer to a request")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        if action.verb == "give":
            state["pl"][role]["hand"].remove(action.arg)
            state["pl"][frame["to"]]["hand"].append(action.arg)
            current_turn(state)["must"][frame["to"]] = action.arg
            log(state, "give", role=role, to=frame["to"], card=action.arg)
        else:
            log(state, "decline", role=role, to=frame["to"])

    def default(self, state, frame, role):
        return ("decline", None)


STEPS = (Act(), Give())
