"""Late Year card events (cards 82-110; Romania Scoring 95 is in
`scoring_cards`, The Tyrant is Gone 97 in `romania`). One function per card,
effects in our own words; the lasting parts are wired in `late_year_steps`.
Conventions as in `middle_year`.
"""
from __future__ import annotations

from games.rules.core import rng

from ..board import controls, gain_vp, log
from ..cards import ops_value
from ..data import (BUREAUCRAT_SPACE, BY_KEY, COUNTRIES, COUNTRY, COUNTRY_SPACES, ELITE_SPACE,
                    OTHER, SCORING, SPACE_IDS, TST_LAST, TYPE)
from ..ops import advance_tst, start_ops, support_check
from ..registry import event
from . import steps
from .early_year import card_ops, no_effect, spaces_of
from .late_year_steps import ELENA, LIGACHEV, NSF, STAND_FAST
from .middle_year import COUNTRY_PICK, held_by, minority_control, then_check, trigger_for, tyrant_gone
from .middle_year_steps import debt_forbids

COM, DEM = "communist", "democrat"
EAST_GERMANY = COUNTRY_SPACES["east_germany"]
THE_WALL, WALL_MUST_GO, SECURITATE = 9, 86, 70


def roll_needing(state: dict, card: int, role: str, minus: int, needs: int) -> bool:
    """A die roll less ``minus`` against ``needs``; logged."""
    die = rng.roll(state)
    total = die - minus
    log(state, "modified_roll", card=card, role=role, roll=die, total=total, needs=needs,
        success=total >= needs)
    return total >= needs


# -- 82 Spitzel --------------------------------------------------------------------------
@event(82)
def spitzel(state: dict, ctx: dict) -> None:
    steps.remove(state, COM, DEM, 2, EAST_GERMANY)


# -- 83 Modrow (it ends Honecker: CANNOT_AFTER in the data) -----------------------------------
@event(83)
def modrow(state: dict, ctx: dict) -> None:
    """A roll above the East German spaces the Democrat controls: 4 SPs there, 2 at most each."""
    held = sum(1 for s in EAST_GERMANY if controls(state, DEM, s))
    if roll_needing(state, 83, COM, 0, held + 1):
        steps.place(state, COM, 4, EAST_GERMANY, max_per=2)


# -- 84 Breakaway Baltic Republics (12.4) -------------------------------------------------------
@event(84)
def breakaway_baltic_republics(state: dict, ctx: dict) -> None:
    """U.S.S.R. track step 3 (+5 VP; Gorbachev Charms the West ends), control of
    a Minority space, then one check anywhere with this card's ops."""
    then_check(state, DEM, card_ops(state, ctx), 1)
    minority_control(state, 84)


# -- 85 Tank Column/Tank Man ---------------------------------------------------------------------
@event(85)
def tank_column_tank_man(state: dict, ctx: dict) -> None:
    """One Tiananmen Square box forward without a roll (the turn's attempt is kept)."""
    role = ctx["role"]
    if state["tst"][role] >= TST_LAST:
        return no_effect(state, ctx)
    state["tst_failed"][role] = 0
    advance_tst(state, role)


# -- 86 The Wall Must Go!, 87 Kohl Proposes Reunification ---------------------------------------------
@event(WALL_MUST_GO)
def the_wall_must_go(state: dict, ctx: dict) -> None:
    """Rounds of die + controlled East German spaces, ties rolled again; two
    won rounds decide. A Democratic win: +3 VP, the Communist removes 3 of his
    East German SPs, The Wall ends and Kohl Proposes Reunification gains ops."""
    won = {COM: 0, DEM: 0}
    held = {r: sum(1 for s in EAST_GERMANY if controls(state, r, s)) for r in won}
    while max(won.values()) < 2:
        dem, com = rng.roll(state) + held[DEM], rng.roll(state) + held[COM]
        if dem != com:
            won[DEM if dem > com else COM] += 1
        log(state, "contest_roll", card=WALL_MUST_GO, democrat=dem, communist=com)
    if won[COM] == 2:
        log(state, "contest_won", card=WALL_MUST_GO, role=COM)
        return
    log(state, "contest_won", card=WALL_MUST_GO, role=DEM)
    steps.persist(state, WALL_MUST_GO, DEM, until="game", blocks=[THE_WALL])
    state["effects"].pop(str(THE_WALL), None)
    gain_vp(state, DEM, 3, "event")
    if state["result"] is None:
        steps.remove(state, COM, COM, 3, EAST_GERMANY)


@event(87)
def kohl_proposes_reunification(state: dict, ctx: dict) -> None:
    gain_vp(state, DEM, 2, "event")
    if state["result"] is None and str(WALL_MUST_GO) in state["effects"]:
        start_ops(state, DEM, None, card_ops(state, ctx), [], ("place", "check"))


# -- 88 Adamec ------------------------------------------------------------------------------------------
@event(88)
def adamec(state: dict, ctx: dict) -> None:
    czech = COUNTRY_SPACES["czechoslovakia"]
    workers = sum(1 for s in czech if TYPE[s] == "worker" and controls(state, DEM, s))
    if roll_needing(state, 88, COM, workers, 3):
        steps.place(state, COM, 4, czech, max_per=2)


# -- 89 Domino Theory -------------------------------------------------------------------------------------
@event(89, requires=lambda state, role: len(held_by(state, DEM)) >= 2)
def domino_theory(state: dict, ctx: dict) -> None:
    """A discarded scoring card is played by the Democrat (its power struggle)."""
    pile = sorted(c for c in state["discard"] if c in SCORING)
    if not steps.choose(state, DEM, "card", pile, "domino_theory",
                        "Domino Theory: play which scoring card?"):
        no_effect(state, ctx)


@steps.continuation("domino_theory")
def _domino_theory(state: dict, frame: dict, card: int) -> None:
    state["discard"].remove(card)
    log(state, "take_from_discard", role=DEM, card=card)
    trigger_for(state, card, DEM, "discard")


# -- 90 Civic Forum -------------------------------------------------------------------------------------------
@event(90)
def civic_forum(state: dict, ctx: dict) -> None:
    """+1 VP, 4 SPs in Czechoslovakia, then 2 checks there if he controls Czech Writers."""
    gain_vp(state, DEM, 1, "event")
    if state["result"] is not None:
        return
    steps.then(state, "civic_forum", role=DEM, ops=card_ops(state, ctx))
    steps.place(state, DEM, 4, COUNTRY_SPACES["czechoslovakia"])


@steps.continuation("civic_forum")
def _civic_forum(state: dict, frame: dict, _) -> None:
    if controls(state, DEM, BY_KEY["czech_writers"]):
        steps.check_with(state, DEM, frame["ops"], 2, "czechoslovakia")


# -- 91 My First Banana, 94 Union of Democratic Forces, 98 Politburo Intrigue ----------------------------
@event(91)
def my_first_banana(state: dict, ctx: dict) -> None:
    then_check(state, DEM, card_ops(state, ctx), 2, "east_germany")
    steps.remove(state, DEM, COM, 2, EAST_GERMANY)


@event(94)
def union_of_democratic_forces(state: dict, ctx: dict) -> None:
    then_check(state, DEM, card_ops(state, ctx), 2, "bulgaria")
    steps.remove(state, DEM, COM, 4, COUNTRY_SPACES["bulgaria"], max_per=2)


@event(98)
def politburo_intrigue(state: dict, ctx: dict) -> None:
    then_check(state, COM, card_ops(state, ctx), 1, "bulgaria")
    steps.remove(state, COM, DEM, 3, COUNTRY_SPACES["bulgaria"], max_per=2)


# -- 92 Betrayal ----------------------------------------------------------------------------------------------
@event(92)
def betrayal(state: dict, ctx: dict) -> None:
    dem = state["sp"][DEM]
    churches = [s for s in spaces_of("church") if COUNTRY[s] in ("romania", "bulgaria") and dem[s]]
    if not steps.choose(state, COM, "space", churches, "betrayal",
                        "Betrayal: which Orthodox Church?"):
        no_effect(state, ctx)


@steps.continuation("betrayal")
def _betrayal(state: dict, frame: dict, space: int) -> None:
    n = state["sp"][DEM][space]
    steps.add(state, DEM, space, -n)
    steps.add(state, COM, space, n)


# -- 93 Shock Therapy, 106 Social Democratic Platform Adopted -------------------------------------------------
@event(93, requires=lambda state, role: bool(held_by(state, DEM)))
def shock_therapy(state: dict, ctx: dict) -> None:
    steps.choose(state, DEM, "option", [COUNTRY_PICK[c] for c in held_by(state, DEM)],
                 "shock_therapy", "Shock Therapy: which country?")


@steps.continuation("shock_therapy")
def _shock_therapy(state: dict, frame: dict, country: str) -> None:
    """A roll less the Worker and Farmer spaces the Communist controls there:
    3+ gives +3 VP and 3 SPs in the country."""
    held = sum(1 for s in COUNTRY_SPACES[country]
               if TYPE[s] in ("worker", "farmer") and controls(state, COM, s))
    if roll_needing(state, 93, DEM, held, 3):
        gain_vp(state, DEM, 3, "event")
        if state["result"] is None:
            steps.place(state, DEM, 3, COUNTRY_SPACES[country])


@event(106, requires=lambda state, role: bool(held_by(state, DEM)))
def social_democratic_platform_adopted(state: dict, ctx: dict) -> None:
    steps.choose(state, COM, "option", [COUNTRY_PICK[c] for c in held_by(state, DEM)],
                 "platform", "Social Democratic Platform Adopted: which country?",
                 ops=card_ops(state, ctx))


@steps.continuation("platform")
def _platform(state: dict, frame: dict, country: str) -> None:
    then_check(state, COM, frame["ops"], 1, country)
    steps.place(state, COM, 2, COUNTRY_SPACES[country])


# -- 96 The Chinese Solution ---------------------------------------------------------------------------------------
@event(96, requires=lambda state, role: state["tst"][COM] >= 7)
def the_chinese_solution(state: dict, ctx: dict) -> None:
    """Optionally: the Democrat scores 3, then 5 checks (+3 each) in a country
    where the Communist holds power."""
    if not steps.choose(state, COM, "option", [COUNTRY_PICK[c] for c in held_by(state, COM)],
                        "chinese_solution", "The Chinese Solution: in which country?",
                        optional=True, ops=card_ops(state, ctx)):
        no_effect(state, ctx)


@steps.continuation("chinese_solution")
def _chinese_solution(state: dict, frame: dict, country) -> None:
    if country is None:
        return
    gain_vp(state, DEM, 3, "event")
    if state["result"] is None:
        steps.check_with(state, COM, frame["ops"] + 3, 5, country)


# -- 99 Ligachev, 100 Stand Fast, 102 National Salvation Front (late_year_steps) ---------------------------------
@event(LIGACHEV)
def ligachev(state: dict, ctx: dict) -> None:
    steps.persist(state, LIGACHEV, COM, until="play")


@event(STAND_FAST)
def stand_fast(state: dict, ctx: dict) -> None:
    """-1 this turn to the opponent's checks against spaces the player controls."""
    key = str(STAND_FAST) if str(STAND_FAST) not in state["effects"] else f"{STAND_FAST}.2"
    steps.persist(state, STAND_FAST, ctx["role"], until="turn", key=key)


@event(NSF)
def national_salvation_front(state: dict, ctx: dict) -> None:
    steps.persist(state, NSF, COM, until="balkans")


# -- 101 Elena --------------------------------------------------------------------------------------------------------
@event(ELENA)
def elena(state: dict, ctx: dict) -> None:
    """+2 SPs in Cluj-Napoca and -1 to Democratic checks in Romania this turn;
    nothing once The Tyrant is Gone resolved (5.2 example 5)."""
    if tyrant_gone(state):
        return no_effect(state, ctx)
    cluj = BY_KEY["cluj_napoca"]
    if cluj not in state["gone"]:
        steps.add(state, COM, cluj, 2)
    steps.persist(state, ELENA, COM, until="turn")


# -- 103 Government Resigns ---------------------------------------------------------------------------------------------
@event(103)
def government_resigns(state: dict, ctx: dict) -> None:
    com = state["sp"][COM]
    elites = [s for s in spaces_of("elite") if com[s] and not controls(state, COM, s)
              and not controls(state, DEM, s)]
    if not steps.choose(state, DEM, "space", elites, "government_resigns",
                        "Government Resigns: which Elite space?"):
        no_effect(state, ctx)


@steps.continuation("government_resigns")
def _government_resigns(state: dict, frame: dict, space: int) -> None:
    steps.add(state, COM, space, -state["sp"][COM][space])


# -- 104 New Year's Eve Party (10.3) ------------------------------------------------------------------------------------------
END_GAME = steps.option("end_game", "The game ends at the end of this turn")
GO_ON = steps.option("go_on", "The game goes on")


@event(104)
def new_years_eve_party(state: dict, ctx: dict) -> None:
    steps.choose(state, COM, "option", [END_GAME, GO_ON], "new_years_eve",
                 "New Year's Eve Party: end the game this turn?")


@steps.continuation("new_years_eve")
def _new_years_eve(state: dict, frame: dict, pick: str) -> None:
    """If he ends it: +3 VP to the Communist holding power in 4 countries or
    more, else to the Democrat; the end comes at 4.5.5 (turn.new_years_eve)."""
    if pick != END_GAME:
        log(state, "new_years_eve_declined", role=COM)
        return
    steps.persist(state, 104, COM, until="game", new_years_eve=True)
    gain_vp(state, COM if len(held_by(state, COM)) >= 4 else DEM, 3, "event")


# -- 105 Public Against Violence ------------------------------------------------------------------------------------------------
@event(105)
def public_against_violence(state: dict, ctx: dict) -> None:
    for key in ("kosice", "presov"):
        steps.add(state, DEM, BY_KEY[key], 2)
    steps.check_with(state, DEM, card_ops(state, ctx) + 2, 1, spaces=[BY_KEY["bratislava"]])


# -- 107 Massacre in Timisoara ----------------------------------------------------------------------------------------------------
@event(107)
def massacre_in_timisoara(state: dict, ctx: dict) -> None:
    if tyrant_gone(state):
        return no_effect(state, ctx)
    steps.check_with(state, COM, card_ops(state, ctx) + 2, 2, "romania")


# -- 108 Army Backs Revolution ---------------------------------------------------------------------------------------------------
@event(108)
def army_backs_revolution(state: dict, ctx: dict) -> None:
    steps.persist(state, 108, DEM, until="game", blocks=[SECURITATE])
    state["effects"].pop(str(SECURITATE), None)


# -- 109 Kremlin Coup! (12.5) ----------------------------------------------------------------------------------------------------
@event(109)
def kremlin_coup(state: dict, ctx: dict) -> None:
    """U.S.S.R. track step 4 (+3 Communist VP; Malta Summit ends); then, country
    by country where he holds power, in his order: control of the Elite space
    and a check (+1) on the Bureaucrat space, even without Democratic SPs."""
    from ..ussr import advance  # noqa: PLC0415
    advance(state, 109)
    if state["result"] is None:
        coup_next(state, held_by(state, COM), card_ops(state, ctx))


def coup_next(state: dict, left: list, ops_: int) -> None:
    if not left:
        return
    if len(left) == 1:
        return _coup(state, {"left": left, "ops": ops_}, left[0])
    steps.choose(state, COM, "option", [COUNTRY_PICK[c] for c in left], "kremlin_coup",
                 "Kremlin Coup!: which country next?", left=left, ops=ops_)


@steps.continuation("kremlin_coup")
def _coup(state: dict, frame: dict, country: str) -> None:
    elite, bureau = ELITE_SPACE[country], BUREAUCRAT_SPACE[country]
    if elite not in state["gone"]:
        steps.take_control(state, COM, elite)
    if bureau not in state["gone"] and not debt_forbids(state, bureau):
        support_check(state, COM, bureau, frame["ops"] + 1)
    if state["result"] is None:
        coup_next(state, [c for c in frame["left"] if c != country], frame["ops"])


# -- 110 Malta Summit (12.5) --------------------------------------------------------------------------------------------------------
@event(110)
def malta_summit(state: dict, ctx: dict) -> None:
    """A roll plus the U.S.S.R. step, 4 or more: +3 VP and 5 Communist SPs off
    Elite spaces."""
    if roll_needing(state, 110, DEM, -state["ussr"], 4):
        gain_vp(state, DEM, 3, "event")
        if state["result"] is None:
            steps.remove(state, DEM, COM, 5, spaces_of("elite"))


__all__ = ["COUNTRIES", "OTHER", "SPACE_IDS", "ops_value"]
