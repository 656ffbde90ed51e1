"""Mid War events: cards 36-81 (the scoring cards 37, 38, 79, 81 are in
``scoring_cards``) and the optional 107-108.

Each event follows the Deluxe card text as specified in
``shared/reference/twilight-struggle/card-effects.md``; the README's "Card
decisions" list records where that needed a ruling. Lasting effects are
``state["effects"]`` entries read by the engine (7.3); Flower Power uses the
`play.PLAY_HOOKS` hook.
"""
from __future__ import annotations

from games.rules.core import Choice, Result, rng, undo
from games.rules.core.ending import finish
from games.rules.core.flow import Flow

from ..board import (add_milops, controls, gain_vp, improve_defcon, log, original, over,
                     set_defcon)
from ..card_play import play_event, push_dispose
from ..cards import (draw_one, end_effect, granted_bonuses, ops_bonuses, ops_value,
                     situation_ops)
from ..data import (CARD_NAME as CARD_NAMES, NAME as NAME_OF, ADJ, AREAS, BATTLEGROUND, BY_KEY, COUNTRY_IDS, OTHER, REGION, REGION_IDS,
                    REGIONS, SCORING, SIDE, SPACE_LAST, STABILITY, SUPERPOWER)
from ..ops import (BEFORE_COUP, COUP_OPTIONS, advance_space, coup_choices, realign_choices,
                   require, start_ops)
from ..play import (PLAY_HOOKS, ROUND_END_HOOKS, ROUND_START_HOOKS, must_play_scoring, play_card,
                    space_need)
from ..scoring import level
from ..ccw import holds_china
from ..registry import event, offer_event
from . import steps
from .early_war_steps import choose_card
from .mid_war_steps import (change, choose, handler, option, pick, place_some, remove_some, reveal,
                            select_cards, take_card, then)

ID = BY_KEY
LATIN_AMERICA = AREAS["central_america"] | AREAS["south_america"]
WARS = frozenset((11, 13, 24, 36, 102))


def replace_all(state: dict, role: str, country: int) -> int:
    """Remove all of the opponent's influence there and add as much of ``role``'s."""
    removed = -change(state, OTHER[role], country, -state["inf"][OTHER[role]][country])
    change(state, role, country, removed)
    return removed


def nato_protects(state: dict, country: int) -> bool:
    """NATO (21) covers US-controlled European countries, except those De Gaulle
    (17) or Willy Brandt (55) took out of it."""
    effects = state["effects"]
    if "21" not in effects or REGION[country] != "europe":
        return False
    exempt = {e.get("nato_exempt") for e in effects.values()}
    return country not in exempt and controls(state, "us", country)


def battlegrounds_controlled(state: dict, role: str, area=None) -> int:
    countries = COUNTRY_IDS if area is None else area
    return sum(1 for c in countries if BATTLEGROUND[c] and controls(state, role, c))


# -- 36 Brush War (war card, 7.6) ----------------------------------------------
@event(36)
def brush_war(state: dict, ctx: dict) -> None:
    """Attack a stability 1-2 country (not a NATO-protected one for the USSR)."""
    role = ctx["role"]
    targets = [c for c in COUNTRY_IDS if STABILITY[c] <= 2
               and not (role == "ussr" and nato_protects(state, c))]
    pick(state, role, 1, targets, "brush_war", card=36)


@handler("brush_war")
def _brush_war(state: dict, frame: dict, country: int) -> None:
    """+3 military ops; roll -1 per adjacent enemy-controlled country (the enemy
    superpower counts, 2.1.5); 3-6: 1 VP and the enemy influence becomes own."""
    role, enemy = frame["role"], OTHER[frame["role"]]
    add_milops(state, role, 3)
    mod = -sum(1 for c in ADJ[country] if controls(state, enemy, c))
    mod -= SUPERPOWER[country] == enemy
    die = rng.roll(state)
    success = die + mod >= 3
    log(state, "war", card=36, role=role, country=country, roll=die, mod=mod, success=success)
    if success:
        replace_all(state, role, country)
        gain_vp(state, role, 1, "war")


# -- 39 Arms Race ------------------------------------------------------------------
@event(39)
def arms_race(state: dict, ctx: dict) -> None:
    """More military ops than the opponent: 3 VP if also at least DEFCON, else 1 VP."""
    role = ctx["role"]
    mine, theirs = state["milops"][role], state["milops"][OTHER[role]]
    vp = 0
    if mine > theirs:
        vp = 3 if mine >= state["defcon"] else 1
    log(state, "arms_race", role=role, milops=mine, other=theirs, defcon=state["defcon"], vp=vp)
    gain_vp(state, role, vp, "arms_race")


# -- 40 Cuban Missile Crisis -------------------------------------------------------
CMC_OUT = {"ussr": ("cuba",), "us": ("west_germany", "turkey")}


@event(40)
def cuban_missile_crisis(state: dict, ctx: dict) -> None:
    """DEFCON to 2; this turn a coup by the opponent ends the game in his defeat,
    unless he first removes 2 of his influence from Cuba (USSR) or from West
    Germany or Turkey (US): offered in every coup prompt of his (`CmcCancel`)."""
    set_defcon(state, 2, "cuban_missile_crisis")
    steps.persist(state, 40, ctx["role"], cmc=OTHER[ctx["role"]])


def threatened(state: dict, role: str) -> bool:
    effect = state["effects"].get("40")
    return bool(effect) and effect.get("cmc") == role


def _cmc_coup(state: dict, role: str, country: int) -> None:
    if threatened(state, role):
        log(state, "cmc_coup", role=role, country=country)
        finish(state, Result([OTHER[role]], "defcon", {"vp": state["vp"], "loser": role,
                                                       "card": 40}))


class CmcCancel:
    """The threatened player's way out, offered before any coup of his."""

    CHOICES = {c: Choice("cancel_cmc", c, f"Remove 2 influence from {NAME_OF[c]} (ends CMC)",
                         "cmc") for c in (ID["cuba"], ID["west_germany"], ID["turkey"])}

    def choices(self, state, role):
        if not threatened(state, role):
            return ()
        return tuple(self.CHOICES[ID[k]] for k in CMC_OUT[role]
                     if state["inf"][role][ID[k]] >= 2)

    def act(self, state, role, action):
        """Re-checked here: the country must hold 2 of the player's influence now."""
        require(any(c.matches(action) for c in self.choices(state, role)), action)
        change(state, role, action.arg, -2)
        end_effect(state, "40")
        log(state, "cmc_cancelled", role=role, country=action.arg)


BEFORE_COUP.append(_cmc_coup)
COUP_OPTIONS.append(CmcCancel())


# -- 41 Nuclear Subs -------------------------------------------------------------
@event(41)
def nuclear_subs(state: dict, ctx: dict) -> None:
    """US coups in battlegrounds do not degrade DEFCON this turn (6.3.4)."""
    steps.persist(state, 41, "us", coup_no_defcon="us")


# -- 43 SALT Negotiations --------------------------------------------------------
@event(43)
def salt_negotiations(state: dict, ctx: dict) -> None:
    """DEFCON +2; all coups -1 this turn; the player may take a non-scoring
    card from the discard pile (public) into his hand."""
    role = ctx["role"]
    improve_defcon(state, 2, "salt")
    steps.persist(state, 43, role, coup=-1)
    cards = [c for c in state["discard"] if c not in SCORING]
    if cards:
        take_card(state, role, 43, cards, "salt_take")


@handler("salt_take")
def _salt_take(state: dict, frame: dict, card: int | None) -> None:
    if card is None:
        log(state, "salt_take", role=frame["role"], card=None)
        return
    state["discard"].remove(card)
    state["hands"][frame["role"]].append(card)
    state["hands"][frame["role"]].sort()
    log(state, "salt_take", role=frame["role"], card=card)


# -- 45 Summit ---------------------------------------------------------------------
def dominated_regions(state: dict, role: str) -> int:
    """Regions where ``role`` has Domination or Control (plain map status)."""
    out = 0
    for region in REGIONS:
        counts = {}
        for r in ("us", "ussr"):
            held = [c for c in REGION_IDS[region] if controls(state, r, c)]
            counts[r] = {"countries": len(held),
                         "battlegrounds": sum(1 for c in held if BATTLEGROUND[c])}
        all_bgs = sum(1 for c in REGION_IDS[region] if BATTLEGROUND[c])
        if level(counts[role], counts[OTHER[role]], all_bgs) in ("domination", "control"):
            out += 1
    return out


@event(45)
def summit(state: dict, ctx: dict) -> None:
    """Both roll, +1 per dominated/controlled region; the higher gains 2 VP and
    may move DEFCON one step either way; a tie does nothing."""
    rolls = {r: rng.roll(state) for r in ("us", "ussr")}
    mods = {r: dominated_regions(state, r) for r in ("us", "ussr")}
    us, ussr = rolls["us"] + mods["us"], rolls["ussr"] + mods["ussr"]
    winner = "us" if us > ussr else "ussr" if ussr > us else None
    log(state, "summit", rolls=[rolls["us"], rolls["ussr"]], mods=[mods["us"], mods["ussr"]],
        winner=winner)
    if winner is None:
        return
    gain_vp(state, winner, 2, "summit")
    if over(state):
        return
    choices = (["improve"] if state["defcon"] < 5 else []) + ["degrade", "keep"]
    option(state, winner, 45, choices, "summit_defcon")


@handler("summit_defcon")
def _summit_defcon(state: dict, frame: dict, choice: str) -> None:
    """At DEFCON 1 the phasing player loses, whoever chose (8.1.3)."""
    if choice != "keep":
        set_defcon(state, state["defcon"] + (1 if choice == "improve" else -1), "summit")


# -- 46 How I Learned to Stop Worrying ---------------------------------------------
@event(46)
def how_i_learned(state: dict, ctx: dict) -> None:
    """5 military ops; the player sets DEFCON to any level (1: the phasing player loses)."""
    add_milops(state, ctx["role"], 5)
    option(state, ctx["role"], 46, [1, 2, 3, 4, 5], "set_defcon")


@handler("set_defcon")
def _set_defcon(state: dict, frame: dict, value: int) -> None:
    set_defcon(state, value, "how_i_learned")


# -- 47 Junta ----------------------------------------------------------------------
@event(47)
def junta(state: dict, ctx: dict) -> None:
    """2 influence in one Central/South American country, then a free coup or
    free realignments there with this card's ops (6.3.5, 8.2.5)."""
    role = ctx["role"]
    then(state, "junta_ops", role=role, ops=situation_ops(state, role, 47))
    pick(state, role, 1, LATIN_AMERICA, "add_two", card=47)


@handler("add_two")
def _add_two(state: dict, frame: dict, country: int) -> None:
    change(state, frame["role"], country, 2)


def free_frame(role: str, ops: int, only) -> dict:
    return {"role": role, "card": None, "ops": ops, "spent": 0, "bonus": [], "free": True,
            "area": None, "only": sorted(only)}


@handler("junta_ops")
def _junta_ops(state: dict, frame: dict) -> None:
    probe = free_frame(frame["role"], frame["ops"], LATIN_AMERICA)
    modes = [m for m, fn in (("coup", coup_choices), ("realign", realign_choices))
             if fn(state, probe)]
    if modes:
        option(state, frame["role"], 47, modes + ["skip"], "junta_mode", ops=frame["ops"])


@handler("junta_mode")
def _junta_mode(state: dict, frame: dict, mode: str) -> None:
    if mode != "skip":
        Flow.push(state, mode, **free_frame(frame["role"], frame["ops"], LATIN_AMERICA))


# -- 48 Kitchen Debates --------------------------------------------------------------
def us_more_battlegrounds(state: dict, role: str) -> bool:
    return battlegrounds_controlled(state, "us") > battlegrounds_controlled(state, "ussr")


@event(48, requires=us_more_battlegrounds)
def kitchen_debates(state: dict, ctx: dict) -> None:
    """The US controls more battlegrounds: 2 VP (and a poke in the chest)."""
    gain_vp(state, "us", 2, "kitchen_debates")


# -- 42 Quagmire / 44 Bear Trap ------------------------------------------------------
@event(42)
def quagmire(state: dict, ctx: dict) -> None:
    """The US is trapped (ends NORAD): each action round it discards a 2+ ops card
    and rolls, 1-4 escapes."""
    end_effect(state, "106")
    trap(state, 42, "us")


@event(44)
def bear_trap(state: dict, ctx: dict) -> None:
    """Quagmire against the USSR."""
    trap(state, 44, "ussr")


def trap(state: dict, card: int, victim: str) -> None:
    steps.persist(state, card, OTHER[victim], until="escape", trapped=victim)


def trap_of(state: dict, role: str) -> str | None:
    for key, effect in state["effects"].items():
        if effect.get("trapped") == role:
            return key
    return None


def trap_discards(state: dict, role: str) -> list[int]:
    cards = [c for c in state["hands"][role]
             if c not in SCORING and situation_ops(state, role, c) >= 2]
    if MISSILE_ENVY in cards and envy_owed(state, role):
        return [MISSILE_ENVY]  # FAQ: a Missile Envy received goes first (if worth 2+)
    return cards


def _trapped_round(state: dict, role: str, optional: bool) -> bool:
    """Replace a trapped player's action round (headlines are not affected)."""
    key = trap_of(state, role)
    if key is None:
        return False
    discards = trap_discards(state, role)
    held = [c for c in state["hands"][role] if c in SCORING]
    # scoring cards: when nothing can be discarded, or only them when they must be
    # played now (10.1.5, as in a normal round; the original has no 10.1.5: the
    # trap may strand a scoring card)
    must = must_play_scoring(state, role) and not original(state)
    scoring = held if not discards or must else []
    if scoring and discards and must:
        discards = []
    if not discards and not scoring:
        log(state, "pass", role=role, round=state["ar"], why="trapped")
        return True
    choices = [["trap_discard", c, CARD_NAMES[c], "hand"] for c in discards]
    choices += [["event", c, CARD_NAMES[c], "hand"] for c in scoring]
    if optional:
        choices.append(["pass", None, "Pass", "pass"])
    choose(state, role, f"{CARD_NAMES[int(key)]}: discard a card of 2+ ops and roll", choices,
           "trap_round", key=key)
    return True


ROUND_START_HOOKS.append(_trapped_round)


@handler("trap_round")
def _trap_round(state: dict, frame: dict, action) -> None:
    role = frame["role"]
    if action.verb == "pass":
        log(state, "pass", role=role, round=state["ar"])
    elif action.verb == "event":  # a scoring card (10.1.5)
        state["hands"][role].remove(action.arg)
        log(state, "play", role=role, card=action.arg, use="event")
        play_event(state, action.arg, role)
    else:
        state["hands"][role].remove(action.arg)
        state["discard"].append(action.arg)
        if action.arg == MISSILE_ENVY and envy_owed(state, role, held=False):
            end_effect(state, "49")  # discarded instead of played: the debt is gone
        die = rng.roll(state)
        escaped = die <= 4
        log(state, "trap", role=role, card=int(frame["key"]), discarded=action.arg, roll=die,
            escaped=escaped)
        if escaped:
            end_effect(state, frame["key"])


# -- 49 Missile Envy ----------------------------------------------------------------
MISSILE_ENVY = 49


def envy_owed(state: dict, role: str, held: bool = True) -> bool:
    """Must ``role`` play the Missile Envy it received for operations (and still hold it)?"""
    effect = state["effects"].get("49")
    return bool(effect) and effect["role"] == role and \
        (not held or MISSILE_ENVY in state["hands"][role])


@event(49)
def missile_envy(state: dict, ctx: dict) -> None:
    """Swap this card for the opponent's highest-ops card (his effective ops; on a tie
    he chooses). Scoring cards have no ops and the China Card is not in a hand: with
    nothing to take the card is simply discarded."""
    role, other = ctx["role"], OTHER[ctx["role"]]
    values = {c: situation_ops(state, other, c) for c in state["hands"][other] if c not in SCORING}
    if not values:
        log(state, "missile_envy", role=role, card=None)
        return
    best = max(values.values())
    tied = sorted(c for c, v in values.items() if v == best)
    if len(tied) == 1:
        _envy_swap(state, {"role": other, "taker": role}, tied[0])
    else:
        choose_card(state, other, tied, "missile_envy", card=49, taker=role)


def drop_dispose(state: dict, card: int) -> None:
    """The played card does not go to the discard pile: forget its pending disposal."""
    stack = state["stack"]
    for i in range(len(stack) - 1, -1, -1):
        if stack[i]["step"] == "dispose" and stack[i]["card"] == card:
            del stack[i]
            for frame in stack[i:]:  # keep indexes of frames above pointing right
                if isinstance(frame.get("at"), int) and frame["at"] > i:
                    frame["at"] -= 1
            return


@handler("missile_envy")
def _envy_swap(state: dict, frame: dict, card: int) -> None:
    """Missile Envy goes into the giver's hand, owed for operations in his next
    action round; the taker resolves the card at once: its event if it is his own
    or neutral, else its operations (with his own modifiers, 7.4.1) and no event."""
    taker, giver = frame["taker"], frame["role"]
    drop_dispose(state, MISSILE_ENVY)
    hand = state["hands"][giver]
    hand.remove(card)
    hand.append(MISSILE_ENVY)
    hand.sort()
    undo.checkpoint(state)  # the card leaves a hidden hand
    log(state, "missile_envy", role=taker, card=card)
    steps.persist(state, 49, giver, until="played", forced_ops=MISSILE_ENVY)
    use = "ops" if SIDE[card] == giver else "event"
    for hook in PLAY_HOOKS:  # e.g. Flower Power: the taker uses a war card
        hook(state, taker, card, use)
    if over(state):
        return
    if use == "event":
        play_event(state, card, taker)
    else:
        push_dispose(state, card, taker)
        start_ops(state, taker, card, ops_value(state, taker, card), ops_bonuses(state, taker, card))


def _envy_round(state: dict, role: str, optional: bool) -> bool:
    """The receiver's next action round: Missile Envy for operations or the Space Race,
    nothing else (a scoring card that must be played now comes first, 10.1.5, and the
    debt waits; in an optional 8th round he may pass, the debt waits too)."""
    if "49" not in state["effects"] or state["effects"]["49"]["role"] != role:
        return False
    if not envy_owed(state, role):
        end_effect(state, "49")  # the card left his hand some other way
        return False
    if must_play_scoring(state, role) and not original(state):  # 10.1.5 (Deluxe only)
        return False
    name = CARD_NAMES[MISSILE_ENVY]
    choices = [["ops", MISSILE_ENVY, name, "ops"]]
    if ops_value(state, role, MISSILE_ENVY) >= space_need(state, role):
        choices.append(["space", MISSILE_ENVY, name, "space"])
    if optional:
        choices.append(["pass", None, "Pass", "pass"])
    choose(state, role, f"{name}: play it for operations", choices, "envy_round")
    return True


ROUND_START_HOOKS.append(_envy_round)  # after the trap: a trapped player discards it


@handler("envy_round")
def _envy_round_play(state: dict, frame: dict, action) -> None:
    role = frame["role"]
    if action.verb == "pass":
        log(state, "pass", role=role, round=state["ar"])
        return
    end_effect(state, "49")
    state["hands"][role].remove(MISSILE_ENVY)
    play_card(state, role, MISSILE_ENVY, action.verb)


# -- 50 "We Will Bury You" -----------------------------------------------------------
@event(50)
def we_will_bury_you(state: dict, ctx: dict) -> None:
    """DEFCON -1; 3 VP to the USSR after the US's next action round unless the US
    plays UN Intervention's event in it (card 32 ends the effect)."""
    set_defcon(state, state["defcon"] - 1, "we_will_bury_you")
    if over(state):
        return
    in_us_round = state["phasing"] == "us" and any(f["step"] == "rounds" for f in state["stack"])
    steps.persist(state, 50, "ussr", until="us_round", wwby=True, skip=in_us_round)


def _wwby_round_end(state: dict, role: str) -> None:
    effect = state["effects"].get("50")
    if role != "us" or not effect or not effect.get("wwby"):
        return
    if effect["skip"]:
        effect["skip"] = False
        return
    end_effect(state, "50")
    gain_vp(state, "ussr", 3, "we_will_bury_you")


ROUND_END_HOOKS.append(_wwby_round_end)


# -- 51-58 ---------------------------------------------------------------------------
@event(51)
def brezhnev_doctrine(state: dict, ctx: dict) -> None:
    """USSR cards +1 op this turn, to at most 4 (7.4)."""
    steps.persist(state, 51, "ussr", ops=1, max=4)


@event(52)
def portuguese_empire_crumbles(state: dict, ctx: dict) -> None:
    change(state, "ussr", ID["se_african_states"], 2)
    change(state, "ussr", ID["angola"], 2)


@event(53)
def south_african_unrest(state: dict, ctx: dict) -> None:
    """2 in South Africa, or 1 there and 2 in any adjacent countries."""
    option(state, "ussr", 53, ["south_africa", "adjacent"], "sa_unrest")


@handler("sa_unrest")
def _sa_unrest(state: dict, frame: dict, choice: str) -> None:
    sa = ID["south_africa"]
    if choice == "south_africa":
        change(state, "ussr", sa, 2)
    else:
        change(state, "ussr", sa, 1)
        place_some(state, "ussr", 2, ADJ[sa])


@event(54)
def allende(state: dict, ctx: dict) -> None:
    change(state, "ussr", ID["chile"], 2)


@event(55)
def willy_brandt(state: dict, ctx: dict) -> None:
    """1 VP, 1 influence in West Germany; NATO no longer protects it (until
    Tear Down This Wall, whose event blocks this card and ends the effect)."""
    wg = ID["west_germany"]
    gain_vp(state, "ussr", 1, "willy_brandt")
    if over(state):
        return
    change(state, "ussr", wg, 1)
    steps.persist(state, 55, "ussr", until="game", nato_exempt=wg)


MUSLIM = tuple(ID[k] for k in ("sudan", "iran", "iraq", "egypt", "libya", "saudi_arabia",
                                "syria", "jordan"))


@event(56)
def muslim_revolution(state: dict, ctx: dict) -> None:
    """Remove all US influence from 2 of the listed countries."""
    held = [c for c in MUSLIM if state["inf"]["us"][c]]
    pick(state, "ussr", 2, held, "remove_all", card=56, target="us")


@handler("remove_all")
def _remove_all(state: dict, frame: dict, country: int) -> None:
    target = frame["target"]
    change(state, target, country, -state["inf"][target][country])


@event(57)
def abm_treaty(state: dict, ctx: dict) -> None:
    """DEFCON +1, then operations as with a 4-ops card (7.4.3)."""
    role = ctx["role"]
    improve_defcon(state, 1, "abm_treaty")
    start_ops(state, role, None, situation_ops(state, role, 57), granted_bonuses(state, role, 57))


@event(58)
def cultural_revolution(state: dict, ctx: dict) -> None:
    """The US China Card goes to the USSR face up; if the USSR holds it, 1 VP."""
    if state["china"]["holder"] == "us":
        state["china"] = {"holder": "ussr", "up": True}
        log(state, "china", to="ussr", up=True)
    else:
        gain_vp(state, "ussr", 1, "cultural_revolution")


# -- 59-62 ---------------------------------------------------------------------------
@event(59)
def flower_power(state: dict, ctx: dict) -> None:
    """From now on: 2 VP to the USSR whenever the US plays a war card for its
    event or operations (until An Evil Empire)."""
    steps.persist(state, 59, "ussr", until="game")


def _flower_power(state: dict, role: str, card: int, use: str) -> None:
    if role == "us" and card in WARS and use != "space" and "59" in state["effects"]:
        gain_vp(state, "ussr", 2, "flower_power")


PLAY_HOOKS.append(_flower_power)


@event(60)
def u2_incident(state: dict, ctx: dict) -> None:
    """1 VP; 1 more if UN Intervention's event is played this turn (see card 32)."""
    gain_vp(state, "ussr", 1, "u2_incident")
    if over(state):
        return
    steps.persist(state, 60, "ussr")


OPEC = tuple(ID[k] for k in ("egypt", "iran", "libya", "saudi_arabia", "iraq", "gulf_states",
                              "venezuela"))


@event(61)
def opec(state: dict, ctx: dict) -> None:
    """1 VP per listed country the USSR controls (blocked by North Sea Oil)."""
    gain_vp(state, "ussr", sum(1 for c in OPEC if controls(state, "ussr", c)), "opec")


@event(62)
def lone_gunman(state: dict, ctx: dict) -> None:
    """The US hand is shown to the USSR (only), then USSR operations with this card's ops."""
    undo.checkpoint(state)
    log(state, "hand_revealed", role="us", to="ussr", count=len(state["hands"]["us"]))
    start_ops(state, "ussr", None, situation_ops(state, "ussr", 62),
              granted_bonuses(state, "ussr", 62))
    reveal(state, "ussr", "us", state["hands"]["us"])


# -- 63-72 ---------------------------------------------------------------------------
@event(63)
def colonial_rear_guards(state: dict, ctx: dict) -> None:
    """1 US influence in each of 4 countries in Africa and/or Southeast Asia."""
    place_some(state, "us", 4, AREAS["africa"] | AREAS["southeast_asia"], max_per=1)


@event(64)
def panama_canal_returned(state: dict, ctx: dict) -> None:
    for key in ("panama", "costa_rica", "venezuela"):
        change(state, "us", ID[key], 1)


@event(65)
def camp_david_accords(state: dict, ctx: dict) -> None:
    """1 VP, 1 influence in Israel, Jordan and Egypt; Arab-Israeli War is prohibited."""
    gain_vp(state, "us", 1, "camp_david")
    if over(state):
        return
    for key in ("israel", "jordan", "egypt"):
        change(state, "us", ID[key], 1)
    steps.persist(state, 65, "us", until="game", blocks=[13])


@event(66)
def puppet_governments(state: dict, ctx: dict) -> None:
    """1 US influence in each of up to 3 countries with no influence at all."""
    empty = [c for c in COUNTRY_IDS if not state["inf"]["us"][c] and not state["inf"]["ussr"][c]]
    place_some(state, "us", 3, empty, max_per=1, optional=True)


# -- 67 Grain Sales to Soviets --------------------------------------------------------
@event(67)
def grain_sales(state: dict, ctx: dict) -> None:
    """The US draws a random USSR hand card (shown in its prompt only) and plays it as
    its own card, or returns it and conducts operations with this card's ops."""
    hand = state["hands"]["ussr"]
    if not hand:
        log(state, "grain_sales", drawn=False)
        _grain_ops(state)
        return
    card = rng.draw(state, hand)
    undo.checkpoint(state)  # the US sees a USSR card
    log(state, "grain_sales", drawn=True)  # which card: only once it is played
    name = CARD_NAMES[card]
    choices = []
    if offer_event(state, card, "us"):  # US, neutral or scoring card (it scores)
        choices.append(["event", card, name, "event"])
    if card not in SCORING:
        choices.append(["ops", card, name, "ops"])
        if ops_value(state, "us", card) >= space_need(state, "us"):
            choices.append(["space", card, name, "space"])
    choices.append(["return", None, "Return it to the USSR", "done"])
    choose(state, "us", f"{CARD_NAMES[67]}: {name} from the USSR hand", choices, "grain_sales",
           drawn=card)


@handler("grain_sales")
def _grain_sales(state: dict, frame: dict, action) -> None:
    card = frame["drawn"]
    if action.verb != "return":  # as a US hand card: 5.2 for a USSR event, 6.4 space
        play_card(state, "us", card, action.verb)
        return
    hand = state["hands"]["ussr"]
    hand.append(card)
    hand.sort()
    log(state, "grain_sales_returned", role="us")
    _grain_ops(state)


def _grain_ops(state: dict) -> None:
    start_ops(state, "us", None, situation_ops(state, "us", 67), granted_bonuses(state, "us", 67))


@event(68)
def john_paul_ii(state: dict, ctx: dict) -> None:
    """Remove 2 USSR and add 1 US influence in Poland; allows Solidarity."""
    poland = ID["poland"]
    change(state, "ussr", poland, -2)
    change(state, "us", poland, 1)
    steps.persist(state, 68, "us", until="game")


@event(69)
def death_squads(state: dict, ctx: dict) -> None:
    """This turn: own coups in Central/South America +1, the opponent's -1."""
    role = ctx["role"]
    key = f"69:{role}"
    state["effects"][key] = {"role": role, "until": "turn", "coup": 1, "coup_role": role,
                             "coup_other": -1,
                             "coup_area": ["central_america", "south_america"]}
    log(state, "effect", card=69, role=role, until="turn")


@event(70)
def oas_founded(state: dict, ctx: dict) -> None:
    place_some(state, "us", 2, LATIN_AMERICA)


@event(71)
def nixon_plays_the_china_card(state: dict, ctx: dict) -> None:
    """The USSR's China Card passes to the US face down; if the US holds it, 2 VP (12.4.1)."""
    if holds_china(state, "us", 71):
        gain_vp(state, "us", 2, "nixon")
    elif state["china"]["holder"] == "ussr":
        up = original(state)  # original 9.4 (seed 004): passed by an event = face up, usable
        state["china"] = {"holder": "us", "up": up}
        log(state, "china", to="us", up=up)


@event(72)
def sadat_expels_soviets(state: dict, ctx: dict) -> None:
    egypt = ID["egypt"]
    change(state, "ussr", egypt, -state["inf"]["ussr"][egypt])
    change(state, "us", egypt, 1)


@event(73)
def shuttle_diplomacy(state: dict, ctx: dict) -> None:
    """At the next Middle East or Asia scoring (not Final Scoring) the USSR counts one
    battleground fewer; the card stays in front of the US until then (`scoring`)."""
    steps.persist(state, 73, "us", until="scoring",
                  scoring_minus_bg={"role": "ussr", "regions": ["middle_east", "asia"]})


# -- 74-80 ---------------------------------------------------------------------------
@event(74)
def voice_of_america(state: dict, ctx: dict) -> None:
    """Remove 4 USSR influence outside Europe, at most 2 per country."""
    outside = [c for c in COUNTRY_IDS if REGION[c] != "europe"]
    remove_some(state, "us", "ussr", 4, outside, max_per=2)


@event(75)
def liberation_theology(state: dict, ctx: dict) -> None:
    place_some(state, "ussr", 3, AREAS["central_america"], max_per=2)


@event(76)
def ussuri_river_skirmish(state: dict, ctx: dict) -> None:
    """The USSR's China Card passes to the US face up; if the US holds it,
    4 US influence in Asia, at most 2 per country (12.4.1)."""
    if holds_china(state, "us", 76):
        place_some(state, "us", 4, AREAS["asia"], max_per=2)
    elif state["china"]["holder"] == "ussr":
        state["china"] = {"holder": "us", "up": True}
        log(state, "china", to="us", up=True)


@event(77)
def ask_not(state: dict, ctx: dict) -> None:
    """The US discards any number of hand cards and draws as many."""
    if state["hands"]["us"]:
        select_cards(state, "us", 77, state["hands"]["us"], "ask_not")


@handler("ask_not")
def _ask_not(state: dict, frame: dict, cards: list) -> None:
    hand = state["hands"]["us"]
    for card in cards:
        hand.remove(card)
        state["discard"].append(card)
    drawn = 0
    for _ in cards:
        card = draw_one(state)
        if card is None:
            break
        hand.append(card)
        drawn += 1
    hand.sort()
    if drawn:
        undo.checkpoint(state)  # the US now sees new cards
    log(state, "ask_not", discarded=cards, drawn=drawn)


@event(78)
def alliance_for_progress(state: dict, ctx: dict) -> None:
    """1 VP per US-controlled battleground in Central and South America."""
    gain_vp(state, "us", battlegrounds_controlled(state, "us", LATIN_AMERICA), "alliance")


def behind_in_space(state: dict, role: str) -> bool:
    return state["space"][role] < state["space"][OTHER[role]]


@event(80, requires=behind_in_space)
def one_small_step(state: dict, ctx: dict) -> None:
    """Two boxes forward without a roll; only the box entered last scores VP."""
    role = ctx["role"]
    target = min(state["space"][role] + 2, SPACE_LAST)
    state["space"][role] = target - 1
    advance_space(state, role)
    log(state, "space_event", role=role, box=state["space"][role])


# -- optional cards --------------------------------------------------------------------
CHE_TARGETS = frozenset(c for c in AREAS["central_america"] | AREAS["south_america"]
                        | AREAS["africa"] if not BATTLEGROUND[c])


@event(107)
def che(state: dict, ctx: dict) -> None:
    """Up to two coups (the second only if the first removed US influence) on
    non-battlegrounds of Central/South America or Africa, with this card's ops;
    not free: military ops are credited (8.2.3)."""
    che_offer(state, [], 1)


def che_offer(state: dict, done: list, n: int) -> None:
    ops = situation_ops(state, "ussr", 107)
    frame = che_frame(ops, [c for c in CHE_TARGETS if c not in done])
    if coup_choices(state, frame):
        option(state, "ussr", 107, ["coup", "skip"], "che_mode", done=done, n=n)


def che_frame(ops: int, only) -> dict:
    return {"role": "ussr", "card": 107, "ops": ops, "spent": 0, "bonus": [], "free": False,
            "area": None, "only": sorted(only)}


@handler("che_mode")
def _che_mode(state: dict, frame: dict, mode: str) -> None:
    if mode == "skip":
        return
    before = list(state["inf"]["us"])
    then(state, "che_after", before=before, done=frame["done"], n=frame["n"])
    ops = situation_ops(state, "ussr", 107)
    Flow.push(state, "coup", **che_frame(ops, [c for c in CHE_TARGETS if c not in frame["done"]]))


@handler("che_after")
def _che_after(state: dict, frame: dict) -> None:
    hit = [c for c in COUNTRY_IDS if state["inf"]["us"][c] < frame["before"][c]]
    if frame["n"] == 1 and hit and not over(state):
        che_offer(state, frame["done"] + hit, 2)


def us_controls_middle_east(state: dict, role: str) -> bool:
    return any(controls(state, "us", c) for c in AREAS["middle_east"])


@event(108, requires=us_controls_middle_east)
def our_man_in_tehran(state: dict, ctx: dict) -> None:
    """The US draws the top 5 cards, discards any of them (shown to the USSR), and
    the rest go back into the deck, which is reshuffled."""
    drawn = []
    for _ in range(5):
        card = draw_one(state)
        if card is None:
            break
        drawn.append(card)
    undo.checkpoint(state)  # the US sees cards from the deck
    log(state, "our_man_in_tehran", drawn=len(drawn))
    select_cards(state, "us", 108, drawn, "tehran")


@handler("tehran")
def _tehran(state: dict, frame: dict, chosen: list) -> None:
    for card in chosen:
        state["discard"].append(card)
    state["deck"].extend(c for c in frame["cards"] if c not in chosen)
    rng.shuffle(state, state["deck"])
    log(state, "discard", role="us", cards=chosen, why="our_man_in_tehran")
