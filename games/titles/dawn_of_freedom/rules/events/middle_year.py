"""Middle Year card events (cards 41-81; the scoring cards 42, 43 and 55 are in
`scoring_cards`). One function per card, effects in our own words; the
lasting parts are wired in `middle_year_steps`.

As in the Early Year events: "this card's ops" is the card's ops value for
the side carrying out the event with that side's modifiers (7.3.3, 7.4); a
fixed modifier a card gives its checks ("+2") is added to that value; fixed
placements ignore 6.1 (7.4); every decision is its own prompt.
"""
from __future__ import annotations

from games.rules.core import rng, undo
from games.rules.core.prompts import counted

from ..board import controls, gain_vp, log, neighbours
from ..card_play import push_event
from ..cards import ops_bonuses, ops_value
from ..data import (BY_KEY, COUNTRIES, COUNTRY, COUNTRY_NAME, COUNTRY_SPACES, ELITE_SPACE,
                    BUREAUCRAT_SPACE, OTHER, REGION, SCORING, SIDE, SPACE_IDS, TYPE)
from ..ops import start_ops
from ..ussr import advance
from ..registry import can_happen, event
from . import steps
from .early_year import card_ops, no_effect, spaces_of
from .middle_year_steps import (CEAUSESCU, DEBT, FRG, GENSCHER, GRENZ, PEASANT_REVOLT, PEOPLE,
                                PRES_VISIT, SAMIZDAT, SECURITATE, YAKOVLEV, restricted_ops)
from .romania import CROWD, CROWD_EFFECT

COM, DEM = "communist", "democrat"
RED_TITLES = (2, 24, 26, 33, 54, 73, 81, 84)  # 11.3: the set Goodbye Lenin! may take
COUNTRY_PICK = {c: steps.option(c, COUNTRY_NAME[c]) for c in COUNTRIES}
EASTERN_EUROPE = [s for s in SPACE_IDS if REGION[s] == "eastern_europe"]
BALKANS = [s for s in SPACE_IDS if REGION[s] == "balkans"]


def held_by(state: dict, role: str) -> list[str]:
    """Countries where ``role`` holds power."""
    return [c for c in COUNTRIES if state["power"][c] == role]


def tyrant_gone(state: dict) -> bool:
    """7.6.4: the five Ceausescu events have no effect once The Tyrant is Gone resolved."""
    return state["romania"]["tyrant"] == "done"


def then_check(state: dict, role: str, ops_: int, n: int = 1, country: str | None = None,
               spaces=None) -> None:
    """Optional checks with ``ops_`` after the parts pushed next (continuation ``check_in``)."""
    steps.then(state, "check_in", role=role, ops=ops_, n=n, country=country,
               spaces=list(spaces) if spaces is not None else None)


# -- 41 Ceausescu --------------------------------------------------------------------
@event(CEAUSESCU)
def ceausescu(state: dict, ctx: dict) -> None:
    """3 Democratic SPs out of Romania, one check there; at the end of the
    action round a Democratic SP next to Cluj-Napoca costs 1 SP in Bucuresti."""
    if tyrant_gone(state):
        return no_effect(state, ctx)
    steps.persist(state, CEAUSESCU, COM, until="round")
    then_check(state, COM, card_ops(state, ctx), 1, "romania")
    steps.remove(state, COM, DEM, 3, COUNTRY_SPACES["romania"])


# -- 44 Inflationary Currency ---------------------------------------------------------
@event(44, requires=lambda state, role: bool(held_by(state, OTHER[role])))
def inflationary_currency(state: dict, ctx: dict) -> None:
    role = ctx["role"]
    steps.choose(state, role, "option", [COUNTRY_PICK[c] for c in held_by(state, OTHER[role])],
                 "inflation_country", "Inflationary Currency: which country?",
                 ops=card_ops(state, ctx))


@steps.continuation("inflation_country")
def _inflation_country(state: dict, frame: dict, country: str) -> None:
    role, other = frame["role"], OTHER[frame["role"]]
    steps.then(state, "inflation_cancel", role=role, country=country, ops=frame["ops"])
    steps.remove(state, role, other, 2, COUNTRY_SPACES[country])


@steps.continuation("inflation_cancel")
def _inflation_cancel(state: dict, frame: dict, _) -> None:
    """The opponent may discard a card worth 3 ops or more (his modifiers) to
    cancel the check."""
    other = OTHER[frame["role"]]
    big = sorted(c for c in state["hands"][other]
                 if c not in SCORING and ops_value(state, other, c) >= 3)
    if not steps.choose(state, other, "card", big, "inflation_discard",
                        "Inflationary Currency: discard a card of 3 ops or more to cancel "
                        "the support check?", optional=True, check=frame):
        _inflation_discard(state, {"check": frame}, None)


@steps.continuation("inflation_discard")
def _inflation_discard(state: dict, frame: dict, card) -> None:
    check = frame["check"]
    if card is not None:
        other = OTHER[check["role"]]
        state["hands"][other].remove(card)
        state["discard"].append(card)
        log(state, "discard", role=other, card=card)
        return
    steps.check_with(state, check["role"], check["ops"], 1, check["country"])


# -- 45 Soviet Troop Withdrawals, 56 Foreign Television -----------------------------------
@event(45)
def soviet_troop_withdrawals(state: dict, ctx: dict) -> None:
    steps.remove(state, DEM, COM, 5, EASTERN_EUROPE, max_per=2)


@event(56)
def foreign_television(state: dict, ctx: dict) -> None:
    dresden = BY_KEY["dresden"]
    steps.remove(state, DEM, COM, 4, [s for s in SPACE_IDS if s != dresden], max_per=2)


# -- 46 Goodbye Lenin! --------------------------------------------------------------------
@event(46)
def goodbye_lenin(state: dict, ctx: dict) -> None:
    """The Communist shows his red-titled cards (11.3); the Democrat may take one
    whose event can happen (it happens now), else uses this card for operations."""
    shown = sorted(c for c in state["hands"][COM] if c in RED_TITLES)
    log(state, "cards_revealed", role=COM, cards=shown)
    undo.checkpoint(state)
    playable = [c for c in shown if can_happen(state, c, DEM)]
    if not steps.choose(state, DEM, "card", playable, "goodbye_lenin",
                        "Goodbye Lenin!: take which card for its event?", optional=True):
        _goodbye_lenin(state, {"role": DEM}, None)


@steps.continuation("goodbye_lenin")
def _goodbye_lenin(state: dict, frame: dict, card) -> None:
    if card is not None:
        state["hands"][COM].remove(card)
        log(state, "take_from_hand", role=DEM, card=card)
        steps.trigger(state, card, DEM, DEM, "hand")
        return
    start_ops(state, DEM, 46, ops_value(state, DEM, 46), ops_bonuses(state, DEM))


# -- 47 Bulgarian Turks Expelled, 79 The Third Way ----------------------------------------
@event(47)
def bulgarian_turks_expelled(state: dict, ctx: dict) -> None:
    gain_vp(state, COM, 2, "event")
    razgrad = BY_KEY["razgrad"]
    steps.add(state, DEM, razgrad, -state["sp"][DEM][razgrad])


@event(79)
def the_third_way(state: dict, ctx: dict) -> None:
    gain_vp(state, COM, 2, "event")
    steps.add(state, COM, BY_KEY["german_writers"], 3)


# -- 48 We Are the People! (no Communist checks in Leipzig: middle_year_steps) -------------
@event(PEOPLE)
def we_are_the_people(state: dict, ctx: dict) -> None:
    """Up to 4 Democratic SPs move from the Lutheran Church to East German
    spaces, 2 at most each; Leipzig is safe from Communist checks for the game."""
    steps.persist(state, PEOPLE, DEM, until="game")
    church = BY_KEY["lutheran_church"]
    most = min(4, state["sp"][DEM][church])
    steps.choose(state, DEM, "option", [MOVE_N[n] for n in range(most + 1)], "people_move",
                 "We Are the People!: move how many SPs from the Lutheran Church?")


MOVE_N = {n: steps.option(f"move_{n}", f"Move {counted(n, 'SP', 'SPs')}") for n in range(5)}


@steps.continuation("people_move")
def _people_move(state: dict, frame: dict, pick: str) -> None:
    n = int(pick.split("_")[1])
    if n:
        steps.add(state, DEM, BY_KEY["lutheran_church"], -n)
        steps.place(state, DEM, n, COUNTRY_SPACES["east_germany"], max_per=2)


# -- 49 Foreign Currency Debt Burden -------------------------------------------------------
@event(DEBT)
def foreign_currency_debt_burden(state: dict, ctx: dict) -> None:
    """+1 VP; no Communist check this turn in a country the Democrat names (not Romania)."""
    gain_vp(state, DEM, 1, "event")
    if state["result"] is None:
        steps.choose(state, DEM, "option", [COUNTRY_PICK[c] for c in COUNTRIES if c != "romania"],
                     "debt_country", "Foreign Currency Debt Burden: which country?")


@steps.continuation("debt_country")
def _debt_country(state: dict, frame: dict, country: str) -> None:
    steps.persist(state, DEBT, DEM, until="turn", country=country)


# -- 50 The Sinatra Doctrine, 53 Li Peng, 58 Austria-Hungary Border Reopened ---------------
@event(50)
def the_sinatra_doctrine(state: dict, ctx: dict) -> None:
    steps.persist(state, 50, DEM, until="turn", ops=1)


@event(53)
def li_peng(state: dict, ctx: dict) -> None:
    steps.persist(state, 53, COM, until="game", tst=COM)


@event(58)
def austria_hungary_border_reopened(state: dict, ctx: dict) -> None:
    """+1 op this turn for a Democratic card used entirely in East Germany (11.1)."""
    steps.persist(state, 58, DEM, until="turn", ops=1, country="east_germany")


# -- 51 40th Anniversary Celebration -----------------------------------------------------------
@event(51)
def anniversary_celebration(state: dict, ctx: dict) -> None:
    """4 SPs in East Germany if the Communist leads in VP, else 2; then +1 VP."""
    steps.then(state, "vp_after", role=COM, n=1)
    steps.place(state, COM, 4 if state["vp"] < 0 else 2, COUNTRY_SPACES["east_germany"])


@steps.continuation("vp_after")
def _vp_after(state: dict, frame: dict, _) -> None:
    gain_vp(state, frame["role"], frame["n"], "event")


# -- 52 Normalization ---------------------------------------------------------------------------
@event(52)
def normalization(state: dict, ctx: dict) -> None:
    """Every Democratic SP leaves Plzen and Praha (with none there: no effect, 5.2 example 4)."""
    gone = [s for s in (BY_KEY["plzen"], BY_KEY["praha"]) if state["sp"][DEM][s]]
    if not gone:
        return no_effect(state, ctx)
    for s in gone:
        steps.add(state, DEM, s, -state["sp"][DEM][s])


# -- 54 The Crowd Turns Against Ceausescu (7.6.2) ---------------------------------------------
CROWD_DRAW = 15


@event(CROWD)
def the_crowd_turns_against_ceausescu(state: dict, ctx: dict) -> None:
    """Waits beside the Democrat for the Romanian deal (the effect below)."""
    state["romania"]["crowd"] = "pending"
    steps.persist(state, CROWD, DEM, until="romania")


def crowd_effect(state: dict, ps: dict) -> None:
    """15 power-struggle cards from the deck: 3 ops per Rally in the Square
    among them, for placement or two checks in Romania; the 15 are discarded."""
    from ..data import PS_SUIT  # noqa: PLC0415
    drawn = [ps["deck"].pop() for _ in range(min(CROWD_DRAW, len(ps["deck"])))]
    ps["discard"].extend(drawn)
    rallies = sum(1 for c in drawn if PS_SUIT[c] == "rally_in_the_square")
    log(state, "crowd_draw", n=rallies)
    state["effects"].pop(str(CROWD), None)
    if rallies:
        restricted_ops(state, DEM, None, 3 * rallies, "romania")


CROWD_EFFECT.append(crowd_effect)


# -- 57 Central Committee Reshuffle, 60 Toxic Waste, 66 New Forum ------------------------------
@event(57, requires=lambda state, role: bool(held_by(state, COM)))
def central_committee_reshuffle(state: dict, ctx: dict) -> None:
    steps.choose(state, COM, "option", [COUNTRY_PICK[c] for c in held_by(state, COM)],
                 "reshuffle_country", "Central Committee Reshuffle: which country?")


@steps.continuation("reshuffle_country")
def _reshuffle_country(state: dict, frame: dict, country: str) -> None:
    steps.place(state, COM, 3, COUNTRY_SPACES[country])


@event(60)
def toxic_waste(state: dict, ctx: dict) -> None:
    steps.place(state, DEM, 3, spaces_of("worker"))


@event(66)
def new_forum(state: dict, ctx: dict) -> None:
    steps.place(state, DEM, 3, COUNTRY_SPACES["east_germany"], max_per=1)


# -- 59 Grenztruppen, 74 FRG Embassies (check modifiers: middle_year_steps) ---------------------
@event(GRENZ)
def grenztruppen(state: dict, ctx: dict) -> None:
    steps.persist(state, GRENZ, COM, until="turn")


@event(FRG)
def frg_embassies(state: dict, ctx: dict) -> None:
    steps.persist(state, FRG, DEM, until="turn")


# -- 61 The Monday Demonstrations -------------------------------------------------------------
@event(61)
def the_monday_demonstrations(state: dict, ctx: dict) -> None:
    """Control of the Lutheran Church and Leipzig, then 5 checks in East Germany."""
    for key in ("lutheran_church", "leipzig"):
        if BY_KEY[key] not in state["gone"]:
            steps.take_control(state, DEM, BY_KEY[key])
    steps.check_with(state, DEM, card_ops(state, ctx), 5, "east_germany")


# -- 62 Yakovlev Counsels Gorbachev, 72 Peasant Parties Revolt (the next struggle) -------------
@event(YAKOVLEV)
def yakovlev_counsels_gorbachev(state: dict, ctx: dict) -> None:
    steps.persist(state, YAKOVLEV, DEM, until="struggle", yakovlev=True)


@event(PEASANT_REVOLT)
def peasant_parties_revolt(state: dict, ctx: dict) -> None:
    steps.persist(state, PEASANT_REVOLT, DEM, until="struggle")


# -- 63 Genscher (placement cost: middle_year_steps) -----------------------------------------------
@event(GENSCHER)
def genscher(state: dict, ctx: dict) -> None:
    steps.persist(state, GENSCHER, DEM, until="turn")


# -- 69 Systematization ------------------------------------------------------------------------------
@event(69)
def systematization(state: dict, ctx: dict) -> None:
    """A Romanian space leaves the game: Democratic SPs there are lost, Communist
    ones go to Bucuresti (lost if it is Bucuresti); nothing once the tyrant is gone."""
    if tyrant_gone(state):
        return no_effect(state, ctx)
    spaces = [s for s in COUNTRY_SPACES["romania"] if s not in state["gone"]]
    steps.choose(state, COM, "space", spaces, "systematization",
                 "Systematization: which Romanian space is eliminated?")


@steps.continuation("systematization")
def _systematization(state: dict, frame: dict, space: int) -> None:
    bucuresti = BY_KEY["bucuresti"]
    com = state["sp"][COM][space]
    steps.add(state, DEM, space, -state["sp"][DEM][space])
    steps.add(state, COM, space, -com)
    if space != bucuresti:
        steps.add(state, COM, bucuresti, com)
    state["gone"].append(space)
    log(state, "eliminated", space=space)


# -- 64 Legacy of 1968 ---------------------------------------------------------------------------
@event(64)
def legacy_of_1968(state: dict, ctx: dict) -> None:
    for s in COUNTRY_SPACES["czechoslovakia"]:
        if not controls(state, COM, s):
            steps.add(state, DEM, s, 1)


# -- 65 Presidential Visit (one deal of 7: middle_year_steps) -------------------------------------
@event(PRES_VISIT)
def presidential_visit(state: dict, ctx: dict) -> None:
    steps.persist(state, PRES_VISIT, COM, until="deal", hand_size=7)


# -- 67 Reformer Rehabilitated ----------------------------------------------------------------------
def tst_ahead(state: dict, role: str) -> bool:
    return state["tst"][role] > state["tst"][OTHER[role]]


def carried_by(card: int, picker: str) -> str:
    return picker if SIDE[card] == "neutral" else SIDE[card]


@event(67, requires=tst_ahead)
def reformer_rehabilitated(state: dict, ctx: dict) -> None:
    """A discarded event that can happen takes place (the opponent carries out his own)."""
    role = ctx["role"]
    pile = sorted({c for c in state["discard"] if c not in SCORING and c not in (21, 67)
                   and can_happen(state, c, carried_by(c, role))})
    if not steps.choose(state, role, "card", pile, "reformer",
                        "Reformer Rehabilitated: the event of which discarded card?"):
        no_effect(state, ctx)


@steps.continuation("reformer")
def _reformer(state: dict, frame: dict, card: int) -> None:
    state["discard"].remove(card)
    log(state, "take_from_discard", role=frame["role"], card=card)
    steps.trigger(state, card, carried_by(card, frame["role"]), frame["role"], "discard")


# -- 68 Klaus and Komarek --------------------------------------------------------------------------
@event(68)
def klaus_and_komarek(state: dict, ctx: dict) -> None:
    praha = BY_KEY["praha"]
    steps.add(state, COM, praha, -2)
    steps.add(state, DEM, praha, 2)


# -- 70 Securitate (the Romanian deal: middle_year_steps), 77 Samizdat ---------------------------
@event(SECURITATE)
def securitate(state: dict, ctx: dict) -> None:
    """Until Army Backs Revolution (which blocks this event once it has happened)."""
    steps.persist(state, SECURITATE, COM, until="game")


@event(SAMIZDAT, requires=lambda state, role: bool(state["hands"][DEM]))
def samizdat(state: dict, ctx: dict) -> None:
    """A card set aside until the next deal (it counts toward the 8), one drawn now."""
    steps.choose(state, DEM, "card", sorted(state["hands"][DEM]), "samizdat",
                 "Samizdat: set which card aside until the next turn?", optional=True)


@steps.continuation("samizdat")
def _samizdat(state: dict, frame: dict, card) -> None:
    from ..cards import draw_one  # noqa: PLC0415
    if card is None:
        return
    state["hands"][DEM].remove(card)
    steps.persist(state, SAMIZDAT, DEM, until="deal", aside=card)
    got = draw_one(state)
    if got is not None:
        state["hands"][DEM].append(got)
        state["hands"][DEM].sort()
        undo.checkpoint(state)
    log(state, "cards_drawn", role=DEM, n=int(got is not None))


# -- 71 Kiss of Death ------------------------------------------------------------------------------
@event(71)
def kiss_of_death(state: dict, ctx: dict) -> None:
    """A random Communist card is discarded; a Democratic or neutral event on it
    happens for the Democrat (a scoring card: its power struggle, 5.3 example 2)."""
    hand = state["hands"][COM]
    if not hand:
        return no_effect(state, ctx)
    card = rng.draw(state, hand)
    undo.checkpoint(state)
    log(state, "discard", role=COM, card=card)
    trigger_for(state, card, DEM, "hand")


def trigger_for(state: dict, card: int, role: str, source: str) -> None:
    """``card`` (out of its hand or pile) has its event for ``role`` if it is his
    or neutral and can happen; otherwise it goes to the discards."""
    if SIDE[card] == OTHER[role] or card == 21 or not can_happen(state, card, role):
        state["discard"].append(card)
        return
    if card in SCORING:  # placed by its power struggle (8.4.4, 8.4.6)
        state["table"].append(card)
        push_event(state, card, role, role, None, source)
        return
    steps.trigger(state, card, role, role, source)


# -- 73 Laszlo Tokes --------------------------------------------------------------------------------
@event(73)
def laszlo_tokes(state: dict, ctx: dict) -> None:
    """+1 SP in Timisoara and Harghita/Covasna, then this card's operations in Romania."""
    for key in ("timisoara", "harghita_covasna"):
        if BY_KEY[key] not in state["gone"]:
            steps.add(state, DEM, BY_KEY[key], 1)
    restricted_ops(state, DEM, None, card_ops(state, ctx), "romania")


# -- 75 Exit Visas ------------------------------------------------------------------------------------
@event(75)
def exit_visas(state: dict, ctx: dict) -> None:
    """Discard any number of cards (no events), then draw as many."""
    exit_visas_next(state, 0)


def exit_visas_next(state: dict, n: int) -> None:
    hand = sorted(state["hands"][DEM])
    if not steps.choose(state, DEM, "card", hand, "exit_visas",
                        f"Exit Visas: discard a card? ({n} so far)", optional=True, n=n):
        _exit_visas(state, {"n": n}, None)


@steps.continuation("exit_visas")
def _exit_visas(state: dict, frame: dict, card) -> None:
    from ..cards import draw_one  # noqa: PLC0415
    n = frame["n"]
    if card is not None:
        state["hands"][DEM].remove(card)
        state["discard"].append(card)
        log(state, "discard", role=DEM, card=card)
        return exit_visas_next(state, n + 1)
    drawn = 0
    for _ in range(n):
        got = draw_one(state)
        if got is None:
            break
        state["hands"][DEM].append(got)
        drawn += 1
    state["hands"][DEM].sort()
    if drawn:
        undo.checkpoint(state)
    log(state, "cards_drawn", role=DEM, n=drawn)


# -- 76 Warsaw Pact Summit ---------------------------------------------------------------------------
WARSAW_CHECKS = steps.option("warsaw_checks", "2 support checks on Student and Intellectual "
                                               "spaces, +2 each")
WARSAW_PLACE = steps.option("warsaw_place", "Add 4 SPs where the Democrat has none")


@event(76)
def warsaw_pact_summit(state: dict, ctx: dict) -> None:
    steps.choose(state, COM, "option", [WARSAW_CHECKS, WARSAW_PLACE], "warsaw",
                 "Warsaw Pact Summit: which?", ops=card_ops(state, ctx))


@steps.continuation("warsaw")
def _warsaw(state: dict, frame: dict, pick: str) -> None:
    if pick == WARSAW_CHECKS:
        steps.check_with(state, COM, frame["ops"] + 2, 2,
                         spaces=spaces_of(("student", "intellectual")))
    else:
        dem = state["sp"][DEM]
        steps.place(state, COM, 4, [s for s in SPACE_IDS if not dem[s]])


# -- 78 Workers Revolt -------------------------------------------------------------------------------
def revolt_targets(state: dict, role: str) -> list[int]:
    other = OTHER[role]
    held = set(held_by(state, other))
    opp = state["sp"][other]
    return [s for s in spaces_of("worker") if opp[s] and COUNTRY[s] in held]


@event(78)
def workers_revolt(state: dict, ctx: dict) -> None:
    if not steps.choose(state, ctx["role"], "space", revolt_targets(state, ctx["role"]),
                        "workers_revolt", "Workers Revolt: which Worker space?"):
        no_effect(state, ctx)


@steps.continuation("workers_revolt")
def _workers_revolt(state: dict, frame: dict, space: int) -> None:
    """A roll minus the adjacent spaces the opponent controls; 4+ turns his SPs into own."""
    role, other = frame["role"], OTHER[frame["role"]]
    die = rng.roll(state)
    total = die - sum(1 for a in neighbours(state, space) if controls(state, other, a))
    log(state, "modified_roll", card=78, role=role, roll=die, total=total, needs=4,
        success=total >= 4)
    if total >= 4:
        n = state["sp"][other][space]
        steps.add(state, other, space, -n)
        steps.add(state, role, space, n)


# -- 80 Nepotism ------------------------------------------------------------------------------------------
NEPOTISM = {1: 4, 2: 4, 3: 3, 4: 3, 5: 1, 6: 1}


@event(80)
def nepotism(state: dict, ctx: dict) -> None:
    die = rng.roll(state)
    n = NEPOTISM[die]
    log(state, "roll_adds", card=80, role=COM, roll=die, n=n)
    steps.place(state, COM, n, [s for s in BALKANS if TYPE[s] == "worker"])


# -- 81 The Baltic Way (12.3) -------------------------------------------------------------------------------
@event(81)
def the_baltic_way(state: dict, ctx: dict) -> None:
    """U.S.S.R. track step 2 (its +3 VP, 12.6); control of a Minority space."""
    minority_control(state, 81)


def minority_control(state: dict, card: int) -> None:
    advance(state, card)
    if state["result"] is not None:
        return
    spaces = [s for s in spaces_of("minority") if s not in state["gone"]
              and not controls(state, DEM, s)]
    if len(spaces) == 1:
        steps.take_control(state, DEM, spaces[0])
    else:
        steps.choose(state, DEM, "space", spaces, "take_control",
                     f"{'The Baltic Way' if card == 81 else 'Breakaway Baltic Republics'}: "
                     "take control of which Minority space?")


__all__ = ["ELITE_SPACE", "BUREAUCRAT_SPACE"]
