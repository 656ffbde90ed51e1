"""Early Year card events (cards 1-40; the scoring cards 22 and 23 are in
`scoring_cards`). One function per card, effects in our own words; the
lasting parts are wired in `early_year_steps`.

"This card's ops" is the card's ops value for the side carrying out the
event, with that side's modifiers (7.3.3, 7.4); placements of a fixed number
of SPs ignore 6.1 (7.4). Every decision is its own prompt (`steps.choose`,
`steps.place`, `steps.remove`, the check step); multi-part events run their
later parts as continuations (`steps.then`) so that each part sees the board
the earlier one left.
"""
from __future__ import annotations

from games.rules.core import rng, undo

from ..board import controls, gain_vp, log
from ..card_play import push_dispose
from ..cards import ops_bonuses, ops_value
from ..data import (ASTERISK, BY_KEY, COUNTRY, COUNTRY_SPACES, OPS, OTHER, SCORING, SIDE,
                    SPACE_IDS, TYPE, period_of_turn)
from ..ops import start_ops
from ..ussr import advance
from ..registry import can_happen, event
from . import steps
from .early_year_steps import (ECO_GLASNOST, GENERAL_STRIKE, HELSINKI, HONECKER, ROUNDTABLE,
                               SOLIDARITY, STASI, TEAR_GAS, THE_WALL)

COM, DEM = "communist", "democrat"
ANY_OPERATION = ("place", "check", "tst")


_SPACES_OF: dict = {}


def spaces_of(kind: str | tuple, country: str | None = None) -> list[int]:
    """Spaces of a type (or types), optionally in one country (memoised)."""
    key = (kind, country)
    found = _SPACES_OF.get(key)
    if found is None:
        kinds = (kind,) if isinstance(kind, str) else kind
        found = _SPACES_OF[key] = tuple(s for s in SPACE_IDS if TYPE[s] in kinds
                                        and (country is None or COUNTRY[s] == country))
    return list(found)


def card_ops(state: dict, ctx: dict) -> int:
    return ops_value(state, ctx["role"], ctx["card"])


def no_effect(state: dict, ctx: dict) -> None:
    log(state, "no_effect", card=ctx["card"], role=ctx["role"])


# -- 1 Legacy of Martial Law -----------------------------------------------------
@event(1)
def legacy_of_martial_law(state: dict, ctx: dict) -> None:
    """A Democratic SP in Poland becomes a Communist one; then one check in Poland."""
    steps.then(state, "check_in", role=ctx["role"], ops=card_ops(state, ctx), n=1,
               country="poland")
    dem = state["sp"][DEM]
    steps.choose(state, ctx["role"], "space", [s for s in COUNTRY_SPACES["poland"] if dem[s]],
                 "martial_law", "Legacy of Martial Law: convert 1 Democratic SP")


@steps.continuation("martial_law")
def _martial_law(state: dict, frame: dict, space: int) -> None:
    steps.add(state, DEM, space, -1)
    steps.add(state, COM, space, 1)


@steps.continuation("check_in")
def _check_in(state: dict, frame: dict, _) -> None:
    """Optional support checks with a given ops value, where the card says."""
    steps.check_with(state, frame["role"], frame["ops"], frame["n"], frame.get("country"),
                     frame.get("spaces"))


# -- 2 Solidarity Legalized, 3 Walesa, 4 Michnik -----------------------------------
@event(2)
def solidarity_legalized(state: dict, ctx: dict) -> None:
    """+1 SP in every uncontrolled Polish worker and farmer space; Gdansk is
    safe from Communist checks for the rest of the game; Walesa may follow."""
    for s in spaces_of(("worker", "farmer"), "poland"):
        if not controls(state, COM, s) and not controls(state, DEM, s):
            steps.add(state, DEM, s, 1)
    steps.persist(state, SOLIDARITY, DEM, until="game", no_check="gdansk")


@event(3)
def walesa(state: dict, ctx: dict) -> None:
    """4 SPs anywhere in Poland, then up to 2 checks in Poland with this card's ops."""
    steps.then(state, "check_in", role=ctx["role"], ops=card_ops(state, ctx), n=2,
               country="poland")
    steps.place(state, ctx["role"], 4, COUNTRY_SPACES["poland"])


@event(4)
def michnik(state: dict, ctx: dict) -> None:
    steps.add(state, DEM, BY_KEY["polish_writers"], 3)


# -- 5 General Strike ------------------------------------------------------------------
@event(5)
def general_strike(state: dict, ctx: dict) -> None:
    """Lasting until a roll ends it (11.2; see `early_year_steps.GeneralStrike`)."""
    steps.persist(state, GENERAL_STRIKE, COM, until="strike")


# -- 6 Brought in for Questioning -------------------------------------------------------
@event(6)
def brought_in_for_questioning(state: dict, ctx: dict) -> None:
    """A random Democratic card is discarded; a playable Communist event on it happens."""
    hand = state["hands"][DEM]
    if not hand:
        return no_effect(state, ctx)
    card = rng.draw(state, hand)
    undo.checkpoint(state)
    log(state, "discard", role=DEM, card=card)
    if SIDE[card] == COM and card not in SCORING and can_happen(state, card, COM):
        steps.trigger(state, card, COM, ctx["player"], "hand")
    else:
        state["discard"].append(card)


# -- 7 State Run Media, 28 Factory Party Cells ------------------------------------------
@event(7)
def state_run_media(state: dict, ctx: dict) -> None:
    steps.remove(state, ctx["role"], DEM, 4, SPACE_IDS, max_per=2)


@event(28)
def factory_party_cells(state: dict, ctx: dict) -> None:
    steps.remove(state, ctx["role"], DEM, 3, spaces_of("worker"), max_per=2)


# -- 8 Prudence, 25 Perestroika ------------------------------------------------------------
@event(8)
def prudence(state: dict, ctx: dict) -> None:
    """The opponent's cards count 1 op less this turn (several plays add up)."""
    other = OTHER[ctx["role"]]
    steps.persist(state, 8, other, until="turn", key=steps.fresh_key(state, 8), ops=-1)


@event(25)
def perestroika(state: dict, ctx: dict) -> None:
    steps.persist(state, 25, COM, until="turn", ops=1)


# -- 9 The Wall, 30 Tear Gas (used up by one check: early_year_steps) ----------------------
@event(9)
def the_wall(state: dict, ctx: dict) -> None:
    steps.persist(state, THE_WALL, COM, until="used")


@event(30)
def tear_gas(state: dict, ctx: dict) -> None:
    steps.persist(state, TEAR_GAS, COM, until="used")


# -- 10 Cult of Personality ---------------------------------------------------------------
@event(10)
def cult_of_personality(state: dict, ctx: dict) -> None:
    """4 SPs in Romanian worker/farmer spaces, 2 at most each; nothing once the
    tyrant is gone (7.6.4: it still works while The Tyrant is Gone waits)."""
    if state["romania"]["tyrant"] == "done":
        return no_effect(state, ctx)
    steps.place(state, ctx["role"], 4, spaces_of(("worker", "farmer"), "romania"), max_per=2)


# -- 11 Dissident Arrested ------------------------------------------------------------------
@event(11)
def dissident_arrested(state: dict, ctx: dict) -> None:
    dem = state["sp"][DEM]
    targets = [s for s in spaces_of("intellectual") if dem[s]]
    if not steps.choose(state, ctx["role"], "space", targets, "remove_two",
                        "Dissident Arrested: which Intellectual space?"):
        no_effect(state, ctx)


@steps.continuation("remove_two")
def _remove_two(state: dict, frame: dict, space: int) -> None:
    steps.add(state, DEM, space, -2)


# -- 12 Apparatchiks, 31 Intelligentsia, 32 Peasant Parties, 38 The July Concept -------------
@event(12)
def apparatchiks(state: dict, ctx: dict) -> None:
    steps.place(state, ctx["role"], 3, spaces_of("bureaucrat"))


@event(31)
def intelligentsia(state: dict, ctx: dict) -> None:
    steps.place(state, ctx["role"], 4, spaces_of("intellectual"), max_per=2)


@event(32)
def peasant_parties(state: dict, ctx: dict) -> None:
    steps.place(state, ctx["role"], 4, spaces_of("farmer"), max_per=2)


@event(38)
def the_july_concept(state: dict, ctx: dict) -> None:
    steps.place(state, ctx["role"], 3, COUNTRY_SPACES["bulgaria"])


# -- 13 Stasi (naming and playing: early_year_steps) -----------------------------------------
@event(13)
def stasi(state: dict, ctx: dict) -> None:
    steps.persist(state, STASI, COM, until="turn", named=None)


# -- 14 Gorbachev Charms the West ----------------------------------------------------------------
@event(14)
def gorbachev_charms_the_west(state: dict, ctx: dict) -> None:
    """2 opponent SPs anywhere, then one check with this card's ops."""
    role = ctx["role"]
    steps.then(state, "check_in", role=role, ops=card_ops(state, ctx), n=1)
    steps.remove(state, role, OTHER[role], 2, SPACE_IDS)


# -- 15 Honecker ----------------------------------------------------------------------------------
@event(15)
def honecker(state: dict, ctx: dict) -> None:
    """An extra action round this turn (its start: early_year_steps); first the
    Communist may take a non-scoring card from the discard pile."""
    steps.persist(state, HONECKER, COM, until="turn", extra_round=COM)
    pile = sorted({c for c in state["discard"] if c not in SCORING and c != HONECKER})
    steps.choose(state, COM, "card", pile, "take_from_discard",
                 "Honecker: take a card from the discard pile?", optional=True)


@steps.continuation("take_from_discard")
def _take_from_discard(state: dict, frame: dict, card) -> None:
    if card is None:
        return
    state["discard"].remove(card)
    state["hands"][frame["role"]].append(card)
    state["hands"][frame["role"]].sort()
    log(state, "take_from_discard", role=frame["role"], card=card)


# -- 16 Nomenklatura ------------------------------------------------------------------------------
CLEAR_ELITES = steps.option("clear_elites", "Remove every Democratic SP from the Elite spaces")
ADD_ELITES = steps.option("add_elites", "Add 3 SPs to Elite spaces")


@event(16)
def nomenklatura(state: dict, ctx: dict) -> None:
    steps.choose(state, ctx["role"], "option", [CLEAR_ELITES, ADD_ELITES], "nomenklatura",
                 "Nomenklatura: which?")


@steps.continuation("nomenklatura")
def _nomenklatura(state: dict, frame: dict, pick: str) -> None:
    if pick == CLEAR_ELITES:
        for s in spaces_of("elite"):
            steps.add(state, DEM, s, -state["sp"][DEM][s])
    else:
        steps.place(state, frame["role"], 3, spaces_of("elite"))


# -- 17 Roundtable Talks (at the next deal: early_year_steps) -------------------------------------
@event(17)
def roundtable_talks(state: dict, ctx: dict) -> None:
    steps.persist(state, ROUNDTABLE, DEM, until="struggle", board=True)


# -- 18 Pozsgay Defends the Revolution ------------------------------------------------------------
@event(18)
def pozsgay_defends_the_revolution(state: dict, ctx: dict) -> None:
    """1 SP in each of 4 different Hungarian spaces the Democrat does not control."""
    spaces = [s for s in COUNTRY_SPACES["hungary"] if not controls(state, DEM, s)]
    steps.place(state, ctx["role"], 4, spaces, max_per=1)


# -- 19 Papal Visit -------------------------------------------------------------------------------
PAPAL_CHURCHES = [BY_KEY[k] for k in ("catholic_church_poland", "catholic_church_czechoslovakia",
                                       "catholic_church_hungary")]


@event(19)
def papal_visit(state: dict, ctx: dict) -> None:
    steps.choose(state, ctx["role"], "space", [s for s in PAPAL_CHURCHES if s not in state["gone"]],
                 "add_three", "Papal Visit: which Catholic Church?")


@steps.continuation("add_three")
def _add_three(state: dict, frame: dict, space: int) -> None:
    steps.add(state, frame["role"], space, 3)


# -- 20 Deutsche Marks ----------------------------------------------------------------------------
@event(20)
def deutsche_marks(state: dict, ctx: dict) -> None:
    """The Democrat gives his highest printed-ops card (his pick on a tie)."""
    hand = [c for c in state["hands"][DEM] if c not in SCORING]
    if not hand:
        return no_effect(state, ctx)
    top = max(OPS[c] for c in hand)
    best = sorted(c for c in hand if OPS[c] == top)
    if len(best) == 1:
        _given(state, {"role": DEM}, best[0])
    else:
        steps.choose(state, DEM, "card", best, "deutsche_marks",
                     "Deutsche Marks: which card do you give?")


@steps.continuation("deutsche_marks")
def _given(state: dict, frame: dict, card: int) -> None:
    """Its Communist event happens if it can; otherwise the Communist uses it
    for operations (any kind) without its event."""
    state["hands"][DEM].remove(card)
    undo.checkpoint(state)
    log(state, "card_given", role=DEM, card=card)
    if SIDE[card] == COM and can_happen(state, card, COM):
        steps.trigger(state, card, COM, COM, "hand")
        return
    state["table"].append(card)
    push_dispose(state, card)
    use_for_operations(state, COM, card)


def use_for_operations(state: dict, role: str, card: int) -> None:
    start_ops(state, role, card, ops_value(state, role, card), ops_bonuses(state, role),
              ANY_OPERATION)


# -- 21 Common European Home ----------------------------------------------------------------------
def ceh_pairable(state: dict, role: str) -> list[int]:
    return sorted(c for c in state["hands"][role] if SIDE[c] == OTHER[role])


@event(21, requires=lambda state, role: bool(ceh_pairable(state, role)))
def common_european_home(state: dict, ctx: dict) -> None:
    """Paired with an opponent's card from the same hand, which is then used
    for operations without its event; no event of its own from anywhere else."""
    role = ctx["role"]
    if ctx["from"] != "play" or not steps.choose(
            state, role, "card", ceh_pairable(state, role), "ceh_pair",
            "Common European Home: which opponent's card do you use for operations?"):
        return no_effect(state, ctx)


@steps.continuation("ceh_pair")
def _ceh_pair(state: dict, frame: dict, card: int) -> None:
    role = frame["role"]
    state["hands"][role].remove(card)
    state["table"].append(card)
    log(state, "paired", role=role, card=card)
    push_dispose(state, card)
    use_for_operations(state, role, card)


# -- 24 St. Nicholas Church -----------------------------------------------------------------------
@event(24)
def st_nicholas_church(state: dict, ctx: dict) -> None:
    """The Democrat takes control of the Lutheran Church (The Monday Demonstrations may follow)."""
    church = BY_KEY["lutheran_church"]
    if church not in state["gone"]:
        steps.take_control(state, DEM, church)


# -- 26 Helsinki Final Act, 39 Eco-Glasnost (scoring on checks: early_year_steps) -----------------
@event(26)
def helsinki_final_act(state: dict, ctx: dict) -> None:
    steps.persist(state, HELSINKI, DEM, until="game")


@event(39)
def eco_glasnost(state: dict, ctx: dict) -> None:
    steps.add(state, DEM, BY_KEY["ruse"], 4)
    steps.persist(state, ECO_GLASNOST, DEM, until="game")


# -- 27 Consumerism -------------------------------------------------------------------------------
@event(27)
def consumerism(state: dict, ctx: dict) -> None:
    """1 Communist SP off a worker space, then one check against a worker space
    of that country with this card's ops."""
    com = state["sp"][COM]
    if not steps.choose(state, ctx["role"], "space", [s for s in spaces_of("worker") if com[s]],
                        "consumerism",
                        "Consumerism: remove 1 Communist SP from which Worker space?",
                        ops=card_ops(state, ctx)):
        no_effect(state, ctx)


@steps.continuation("consumerism")
def _consumerism(state: dict, frame: dict, space: int) -> None:
    steps.add(state, COM, space, -1)
    steps.check_with(state, frame["role"], frame["ops"], 1,
                     spaces=spaces_of("worker", COUNTRY[space]))


# -- 29 Jan Palach Week, 34 Fidesz ----------------------------------------------------------------
@event(29)
def jan_palach_week(state: dict, ctx: dict) -> None:
    steps.add(state, DEM, BY_KEY["charles_university"], 6)


@event(34)
def fidesz(state: dict, ctx: dict) -> None:
    steps.add(state, DEM, BY_KEY["eotvos_lorand_university"], 5)


# -- 33 Sajudis -----------------------------------------------------------------------------------
@event(33)
def sajudis(state: dict, ctx: dict) -> None:
    """U.S.S.R. track step 1 (its +1 VP, 12.2, 12.6); the Democrat takes control
    of a Minority space (The Baltic Way may follow)."""
    advance(state, 33)
    if state["result"] is not None:
        return
    spaces = [s for s in spaces_of("minority") if s not in state["gone"]
              and not controls(state, DEM, s)]
    if len(spaces) == 1:
        steps.take_control(state, DEM, spaces[0])
    else:
        steps.choose(state, DEM, "space", spaces, "take_control",
                     "Sajudis: take control of which Minority space?")


@steps.continuation("take_control")
def _take_control(state: dict, frame: dict, space: int) -> None:
    steps.take_control(state, frame["role"], space)


# -- 35 Heal Our Bleeding Wound -------------------------------------------------------------------
HEAL_VP = {"early": (COM, 3), "middle": (COM, 1), "late": (DEM, 3)}


@event(35)
def heal_our_bleeding_wound(state: dict, ctx: dict) -> None:
    role, n = HEAL_VP[period_of_turn(state["turn"])]
    gain_vp(state, role, n, "heal_our_bleeding_wound")


# -- 36 Dash for the West -------------------------------------------------------------------------
@event(36)
def dash_for_the_west(state: dict, ctx: dict) -> None:
    """A roll above the East German spaces the Communist controls: +1 VP and a
    playable Democratic asterisk event from the discard pile may happen."""
    die = rng.roll(state)
    held = sum(1 for s in COUNTRY_SPACES["east_germany"] if controls(state, COM, s))
    log(state, "event_roll", card=36, role=DEM, roll=die, against=held, success=die > held)
    if die <= held:
        return
    gain_vp(state, DEM, 1, "dash_for_the_west")
    if state["result"] is not None:
        return
    pile = sorted({c for c in state["discard"] if SIDE[c] == DEM and c in ASTERISK
                   and can_happen(state, c, DEM)})
    steps.choose(state, DEM, "card", pile, "dash_for_the_west",
                 "Dash for the West: the event of which discarded card?", optional=True)


@steps.continuation("dash_for_the_west")
def _dash_pick(state: dict, frame: dict, card) -> None:
    if card is not None:
        state["discard"].remove(card)
        steps.trigger(state, card, DEM, DEM, "discard")


# -- 37 Nagy Reburied -----------------------------------------------------------------------------
@event(37)
def nagy_reburied(state: dict, ctx: dict) -> None:
    """Every Communist SP leaves Szombathely, then 4 Communist SPs in Hungary, 2 at most each."""
    elite = BY_KEY["szombathely"]
    steps.add(state, COM, elite, -state["sp"][COM][elite])
    steps.place(state, ctx["role"], 4, COUNTRY_SPACES["hungary"], max_per=2)


# -- 40 Hungarian Democratic Forum ----------------------------------------------------------------
@event(40)
def hungarian_democratic_forum(state: dict, ctx: dict) -> None:
    """3 SPs anywhere in Hungary, then one check in Hungary with this card's ops."""
    steps.then(state, "check_in", role=ctx["role"], ops=card_ops(state, ctx), n=1,
               country="hungary")
    steps.place(state, ctx["role"], 3, COUNTRY_SPACES["hungary"])

