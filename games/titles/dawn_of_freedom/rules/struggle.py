"""Power struggles (8.0-8.5): deal, Raise the Stakes, play rounds, aftermath,
then country scoring (9.x).

While one runs, ``state["ps"]`` holds it: the shuffled 52-card deck, both
secret hands, the face-up discards, raises, banned suits (Tactic Fails), the
attacker and the card led. Automatic victory waits until it is over (8.0).
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt, Result, rng
from games.rules.core.ending import finish
from games.rules.core.flow import Flow, Phases, Step
from games.rules.core.prompts import counted

from .board import add_sp, check_victory, controls, gain_vp, log
from .data import (COUNTRY_NAME, COUNTRY_SPACES, NAME, OTHER, POWER_VALUE, PS_IDS, PS_KIND,
                   PS_LEADER, PS_NAME, PS_RANK, PS_SUIT, SCARE_TACTICS, SUIT_MODIFIER, SUITS,
                   SUPPORT_FALTERS, SUPPORT_SURGES, TACTIC_FAILS, TYPE, results)
from .prompts import make
from .scoring import score_country

# hook(state, ps) after both hands are dealt, before anyone looks (8.1.2):
# Roundtable Talks, Peasant Parties Revolt, National Salvation Front ...
DEAL_HOOKS: list = []
# hook(state, country) once a struggle (with its scoring) is over (7.6.3).
AFTER_HOOKS: list = []

SUIT_LABEL = {s: s.replace("_", " ").title() for s in SUITS}
LEAD = {c: Choice("lead", c, PS_NAME[c], "power struggle") for c in PS_IDS}
LEAD_AS = {(c, s): Choice("lead_as", f"{c}:{s}", f"{PS_NAME[c]} as {SUIT_LABEL[s]}", "power struggle")
           for c in PS_IDS if PS_KIND[c] == "leader" for s in SUITS}
MATCH = {c: Choice("match", c, PS_NAME[c], "power struggle") for c in PS_IDS}
CONCEDE = Choice("concede", None, "Do not answer (the attacker wins)", "done")
STAKE = {c: Choice("stake", c, PS_NAME[c], "raise the stakes") for c in PS_IDS}
NO_RAISE = Choice("no_raise", None, "Do not raise the stakes", "done")
POWER = (Choice("retain", None, "Keep power", "power"),
         Choice("surrender", None, "Give up power (8.4.5)", "power"))


def deal_size(controlled: int) -> int:
    """8.1.1: 6 for the first controlled space, 2 for each further one."""
    return 0 if controlled == 0 else 6 + 2 * (controlled - 1)


def start_struggle(state: dict, country: str, attacker: str, card: int | None,
                   final: bool = False) -> None:
    """A scoring card (or the New Year's Eve final struggle) starts a struggle here."""
    state["ps"] = {"country": country, "card": card, "scorer": attacker, "attacker": attacker,
                   "deck": [], "hands": {"communist": [], "democrat": []}, "discard": [],
                   "raised": {"communist": False, "democrat": False}, "banned": [],
                   "lead": None, "winner": None, "suit": None, "final": final}
    log(state, "struggle", country=country, card=card, attacker=attacker)
    Flow.push(state, "struggle", phase=0)


class Struggle(Phases):
    """Runs the phases of 8.0 in order; decision frames run in between."""

    name = "struggle"


def deal_cards(state: dict, frame: dict) -> None:
    """8.1: all 52 shuffled every time; hands by controlled spaces."""
    ps = state["ps"]
    ps["deck"] = rng.shuffle(state, list(PS_IDS))
    country = ps["country"]
    counts = {}
    for role in ("communist", "democrat"):
        n = deal_size(sum(1 for s in COUNTRY_SPACES[country] if controls(state, role, s)))
        counts[role] = n
        ps["hands"][role] = sorted(ps["deck"][-n:]) if n else []
        del ps["deck"][len(ps["deck"]) - n:]
    log(state, "struggle_deal", country=country, counts=counts)
    for hook in DEAL_HOOKS:
        hook(state, ps)


def raise_first(state: dict, frame: dict) -> None:
    push_raise(state, state["ps"]["scorer"])


def raise_second(state: dict, frame: dict) -> None:
    push_raise(state, OTHER[state["ps"]["scorer"]])


def push_raise(state: dict, role: str) -> None:
    """8.2: once each, starting with the scoring-card player; needs 3 cards."""
    if len(state["ps"]["hands"][role]) >= 3:
        Flow.push(state, "raise", role=role, picked=0)


def play_rounds(state: dict, frame: dict) -> None:
    Flow.push(state, "ps_rounds")


def support_loss(state: dict, frame: dict) -> None:
    """8.4.2: the loser rolls and removes that many own SPs in the country."""
    ps = state["ps"]
    loser = OTHER[ps["winner"]]
    die = rng.roll(state)
    mod = aftermath_modifier(state)
    n = results(die + mod)
    log(state, "support_loss_roll", role=loser, roll=die, mod=mod, lose=n)
    if n and any(state["sp"][loser][s] for s in COUNTRY_SPACES[ps["country"]]):
        Flow.push(state, "ps_loss", role=loser, left=n)


def victory_points(state: dict, frame: dict) -> None:
    """8.4.3-8.4.5: the winner's VP roll; the Democrat takes power at 4+."""
    ps = state["ps"]
    winner = ps["winner"]
    die = rng.roll(state)
    modified = die + aftermath_modifier(state)
    vp = results(modified)
    log(state, "struggle_vp_roll", role=winner, roll=die, mod=modified - die, vp=vp)
    gain_vp(state, winner, vp, "struggle")
    if winner == "democrat" and modified >= 4:
        take_power(state, "toppled")
    else:
        Flow.push(state, "ps_power", role="communist")


def aftermath_modifier(state: dict) -> int:
    """8.4.1: winning suit, +1 per raise, Yakovlev (+1 to a Democratic winner)."""
    ps = state["ps"]
    mod = SUIT_MODIFIER.get(ps["suit"], 0) if ps["suit"] else 0
    mod += ps["raised"]["communist"] + ps["raised"]["democrat"]
    if ps["winner"] == "democrat":
        mod += sum(1 for e in state["effects"].values() if e.get("yakovlev"))
    return mod


def take_power(state: dict, how: str) -> None:
    """8.4.4 / 8.4.5: the Democrat holds power; the scoring card leaves the game."""
    country = state["ps"]["country"]
    state["power"][country] = "democrat"
    log(state, "power_taken", country=country, how=how)


def retain_power(state: dict) -> None:
    """8.4.6: power value times the times retained, counted with this one."""
    country = state["ps"]["country"]
    state["retained"][country] += 1
    times = state["retained"][country]
    log(state, "power_retained", country=country, times=times)
    gain_vp(state, "communist", POWER_VALUE[country] * times, "power_retained")


def scoring(state: dict, frame: dict) -> None:
    score_country(state, state["ps"]["country"])


def end_struggle(state: dict, frame: dict) -> None:
    """Card to the discards (power kept) or out of the game; then 10.1 and 7.6."""
    Flow.pop(state)
    ps = state["ps"]
    country, card = ps["country"], ps["card"]
    state["ps"] = None
    if card is not None:
        state["table"].remove(card)
        if state["power"][country] == "democrat":
            state["removed"].append(card)
            log(state, "removed", card=card)
        else:
            state["discard"].append(card)
    log(state, "struggle_over", country=country)
    if ps["final"]:
        return
    check_victory(state)
    if state["result"] is None:
        for hook in AFTER_HOOKS:
            hook(state, country)


PHASES = [deal_cards, raise_first, raise_second, play_rounds, support_loss, victory_points,
          scoring, end_struggle]


class Raise(Step):
    """8.2: discard 3 cards face up, one click each, or decline."""

    name = "raise"

    def prompt(self, state, frame, role):
        hand = state["ps"]["hands"][role]
        extra = (NO_RAISE,) if frame["picked"] == 0 else ()
        return make(f"Raise the stakes? ({counted(3 - frame['picked'], 'card', 'cards')} to discard)", STAKE, hand,
                    "Waiting for the stakes", extra)

    def act(self, state, frame, role, action):
        ps = state["ps"]
        if action.verb == "no_raise":
            Flow.pop(state)
            log(state, "no_raise", role=role)
            return
        ps["hands"][role].remove(action.arg)
        ps["discard"].append(action.arg)
        frame["picked"] += 1
        log(state, "raise_discard", role=role, ps_card=action.arg)
        if frame["picked"] == 3:
            ps["raised"][role] = True
            log(state, "raised", role=role)
            Flow.pop(state)


def leader_ok(state: dict, role: str, card: int) -> bool:
    """2.3.2: a leader needs a controlled space of its type in the country."""
    kind = PS_LEADER[card]
    return any(TYPE[s] == kind and controls(state, role, s)
               for s in COUNTRY_SPACES[state["ps"]["country"]])


def leader_usable(state: dict, role: str, card: int) -> bool:
    """False only for a leader card its holder cannot use now."""
    return PS_KIND[card] != "leader" or leader_ok(state, role, card)


def lead_keys(state: dict, role: str) -> tuple[list, list]:
    """(cards, (leader, suit) pairs) the attacker may lead (8.3.2 step 1)."""
    ps = state["ps"]
    banned = ps["banned"]
    cards, pairs = [], []
    for c in ps["hands"][role]:
        kind = PS_KIND[c]
        if kind == "suited":
            if PS_SUIT[c] not in banned:
                cards.append(c)
        elif kind == "wild":
            if c != TACTIC_FAILS:
                cards.append(c)
        elif leader_ok(state, role, c):
            pairs.extend((c, s) for s in SUITS if s not in banned)
    return cards, pairs


class Rounds(Step):
    """8.3: rounds until someone wins; an attacker with nothing to lead loses."""

    name = "ps_rounds"
    auto = True

    def run(self, state, frame):
        ps = state["ps"]
        if ps["winner"]:
            Flow.pop(state)
            return
        attacker = ps["attacker"]
        cards, pairs = lead_keys(state, attacker)
        if cards or pairs:
            Flow.push(state, "ps_lead", role=attacker)
            return
        log(state, "struggle_no_lead", role=attacker)
        win(state, OTHER[attacker], None)


def win(state: dict, role: str, suit: str | None) -> None:
    ps = state["ps"]
    ps["winner"], ps["suit"], ps["lead"] = role, suit, None
    log(state, "struggle_won", role=role, country=ps["country"], suit=suit)


_LEAD_TEXT = "Power struggle: lead a card"


class Lead(Step):
    """8.3.2 step 1: a suited card, a usable leader naming a suit, or a wild card."""

    name = "ps_lead"

    def prompt(self, state, frame, role):
        cards, pairs = lead_keys(state, role)
        if not pairs:
            return make(_LEAD_TEXT, LEAD, cards, "Waiting for the attacker")
        return Prompt(_LEAD_TEXT, tuple(LEAD[c] for c in cards) + tuple(LEAD_AS[p] for p in pairs),
                      "Waiting for the attacker")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        ps = state["ps"]
        card, suit = action.arg, None
        if action.verb == "lead_as":  # "<leader id>:<suit>"
            card, suit = action.arg.split(":")
            card = int(card)
        ps["hands"][role].remove(card)
        ps["discard"].append(card)
        if PS_KIND[card] == "wild":
            log(state, "ps_wild", role=role, ps_card=card)
            wild(state, role, card)
            return
        suit = suit or PS_SUIT[card]
        rank = PS_RANK[card]
        ps["lead"] = {"role": role, "card": card, "suit": suit, "rank": rank}
        log(state, "ps_lead", role=role, ps_card=card, suit=suit, rank=rank)
        Flow.push(state, "ps_respond", role=OTHER[role])


def wild(state: dict, role: str, card: int) -> None:
    """Wild cards (8.3.2): effect, no response, the defender attacks next."""
    ps = state["ps"]
    other = OTHER[role]
    ps["attacker"] = other
    if card == SUPPORT_FALTERS:
        hand = ps["hands"][other]
        for _ in range(min(2, len(hand))):
            lost = rng.draw(state, hand)
            ps["discard"].append(lost)
            log(state, "ps_falters_discard", role=other, ps_card=lost)
    elif card == SUPPORT_SURGES:
        for _ in range(min(2, len(ps["deck"]))):
            ps["hands"][role].append(ps["deck"].pop())
        ps["hands"][role].sort()
        log(state, "ps_surges_draw", role=role)
    elif card == SCARE_TACTICS:
        spaces = [s for s in COUNTRY_SPACES[ps["country"]] if state["sp"][other][s]]
        if spaces:
            Flow.push(state, "ps_scare", role=role, spaces=spaces)


def response_keys(state: dict, role: str) -> list[int]:
    """8.3.2 step 2: same suit, a usable leader, or Tactic Fails."""
    ps = state["ps"]
    suit = ps["lead"]["suit"]
    out = []
    for c in ps["hands"][role]:
        kind = PS_KIND[c]
        if (kind == "suited" and PS_SUIT[c] == suit) or c == TACTIC_FAILS or \
                (kind == "leader" and leader_ok(state, role, c)):
            out.append(c)
    return out


class Respond(Step):
    """Match, play Tactic Fails, or let the attacker win (8.3.2 step 2)."""

    name = "ps_respond"

    def prompt(self, state, frame, role):
        lead = state["ps"]["lead"]
        return make(f"Answer {SUIT_LABEL[lead['suit']]} {lead['rank']}", MATCH,
                    response_keys(state, role), "Waiting for the defender", (CONCEDE,))

    def act(self, state, frame, role, action):
        Flow.pop(state)
        ps = state["ps"]
        lead = ps["lead"]
        if action.verb == "concede":
            log(state, "ps_concede", role=role)
            win(state, lead["role"], lead["suit"])
            return
        card = action.arg
        ps["hands"][role].remove(card)
        ps["discard"].append(card)
        ps["lead"] = None
        if card == TACTIC_FAILS:  # the suit is out; the attacker leads again
            ps["banned"].append(lead["suit"])
            log(state, "ps_tactic_fails", role=role, suit=lead["suit"])
            return
        counterattack(state, role, card, lead)


def counterattack(state: dict, role: str, card: int, lead: dict) -> None:
    """8.3.2 step 3: a roll of at least the led rank takes the initiative
    (rank 1, Rally in the Square: no roll)."""
    ps = state["ps"]
    die = rng.roll(state) if lead["rank"] > 1 else None
    took = die is None or die >= lead["rank"]
    log(state, "ps_match", role=role, ps_card=card, roll=die, initiative=took)
    if took:
        ps["attacker"] = role


class Scare(Step):
    """Scare Tactics: remove one opponent SP in the struggled country."""

    name = "ps_scare"

    def prompt(self, state, frame, role):
        return make("Scare Tactics: remove 1 opponent SP", REMOVE, frame["spaces"])

    def act(self, state, frame, role, action):
        Flow.pop(state)
        add_sp(state, OTHER[role], action.arg, -1)
        log(state, "sp_removed", role=OTHER[role], space=action.arg, n=1, why="scare_tactics")


REMOVE = {s: Choice("remove", s, NAME[s], "spaces") for s in range(1, len(NAME))}


class Loss(Step):
    """8.4.2: the loser chooses which of his SPs in the country go, one at a time."""

    name = "ps_loss"

    def prompt(self, state, frame, role):
        country = state["ps"]["country"]
        spaces = [s for s in COUNTRY_SPACES[country] if state["sp"][role][s]]
        return make(f"Remove {frame['left']} of your SPs in {COUNTRY_NAME[country]}", REMOVE,
                    spaces, "Waiting for the support loss")

    def act(self, state, frame, role, action):
        add_sp(state, role, action.arg, -1)
        log(state, "sp_removed", role=role, space=action.arg, n=1, why="struggle")
        frame["left"] -= 1
        country = state["ps"]["country"]
        if not frame["left"] or not any(state["sp"][role][s] for s in COUNTRY_SPACES[country]):
            Flow.pop(state)


class Power(Step):
    """8.4.5 / 8.4.6: the Communist keeps power (and its VP) or gives it up."""

    name = "ps_power"

    def prompt(self, state, frame, role):
        return Prompt(f"Power in {COUNTRY_NAME[state['ps']['country']]}", POWER,
                      "Waiting for the Communist")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        if action.verb == "surrender":
            take_power(state, "surrendered")
        else:
            retain_power(state)


def final_struggle_over(state: dict) -> None:
    """10.3: after the New Year's Eve struggle the leader wins, no final scoring."""
    vp = state["vp"]
    winners = ["democrat"] if vp > 0 else ["communist"] if vp < 0 else []
    finish(state, Result(winners, "new_years_eve", {"vp": vp}))


STEPS = (Struggle(PHASES), Raise(), Rounds(), Lead(), Respond(), Scare(), Loss(), Power())
