"""Early War events: cards 4-35 (not 6), 103 and the optional 104-106.

Each event follows the Deluxe card text as specified in
``shared/reference/twilight-struggle/card-effects.md``; the README's "Card
decisions" list records where that needed a ruling. Lasting effects are
``state["effects"]`` entries read by the engine (7.3); NATO and the US/Japan
pact forbid USSR coups/realignments through an `ops.forbid` hook.
"""
from __future__ import annotations

from games.rules.core import rng, undo

from ..board import (controller, controls, degrade_defcon, gain_vp, improve_defcon, log, original,
                     over)
from ..card_play import push_dispose, push_event
from ..cards import end_effect, ops_bonuses, ops_value, situation_ops
from ..data import (ADJ, AREAS, BY_KEY, COUNTRY_IDS, OTHER, REGION, SCORING,
                    SCORING_REGION, SEA_CARD, SIDE, SPACE_LAST, STABILITY)
from ..ops import advance_space, forbid, start_ops
from ..cards import modified_ops
from ..play import HEADLINE_HOOKS, ROUND_END_HOOKS, ROUND_START_HOOKS
from ..ccw import korean_war_modifier
from ..registry import can_happen, event
from . import steps
from .early_war_steps import (change, choose_card, choose_option, handler,
                              pick_countries, place_some, remove_some, reveal, then)

ID = BY_KEY
WESTERN, EASTERN = AREAS["western_europe"], AREAS["eastern_europe"]


def gain_control(state: dict, role: str, country: int) -> None:
    """Add just enough influence for control (2.1.7)."""
    own, opp = state["inf"][role][country], state["inf"][OTHER[role]][country]
    need = max(own, opp + STABILITY[country], STABILITY[country]) - own
    change(state, role, country, need)


def replace_all(state: dict, role: str, country: int) -> None:
    """Remove all of the opponent's influence there and add as much of ``role``'s."""
    removed = -change(state, OTHER[role], country, -state["inf"][OTHER[role]][country])
    change(state, role, country, removed)


def not_controlled_by(state: dict, role: str, area) -> list[int]:
    return [c for c in area if not controls(state, role, c)]


def in_action_round(state: dict) -> bool:
    """The headline phase has no ``rounds`` frame below the event (4.5 C, D)."""
    return any(frame["step"] == "rounds" for frame in state["stack"])


# -- 4-10 ---------------------------------------------------------------------
@event(4)
def duck_and_cover(state: dict, ctx: dict) -> None:
    """Degrade DEFCON by 1, then the US gains 5 - DEFCON VP (8.1.3: at 1 the phasing player loses)."""
    degrade_defcon(state, 1, "duck_and_cover")
    if not over(state):
        gain_vp(state, "us", 5 - state["defcon"], "duck_and_cover")


@event(5)
def five_year_plan(state: dict, ctx: dict) -> None:
    """The USSR discards a random card; a US event on it happens for the US (5.4 otherwise)."""
    hand = state["hands"]["ussr"]
    if not hand:
        log(state, "five_year_plan", card=None)
        return
    card = rng.draw(state, hand)
    log(state, "five_year_plan", card=card)
    at = push_dispose(state, card, "ussr")
    if SIDE[card] == "us":
        push_event(state, card, "us", "us", at)


@event(7)
def socialist_governments(state: dict, ctx: dict) -> None:
    """Remove 3 US influence in Western Europe, at most 2 per country (blocked by The Iron Lady)."""
    remove_some(state, "ussr", "us", 3, WESTERN, max_per=2)


@event(8)
def fidel(state: dict, ctx: dict) -> None:
    """Remove all US influence in Cuba; the USSR gains control of it."""
    cuba = ID["cuba"]
    change(state, "us", cuba, -state["inf"]["us"][cuba])
    gain_control(state, "ussr", cuba)


@event(9)
def vietnam_revolts(state: dict, ctx: dict) -> None:
    """2 USSR influence in Vietnam; +1 op to USSR cards spent wholly in SE Asia this turn (7.4)."""
    change(state, "ussr", ID["vietnam"], 2)
    steps.persist(state, 9, "ussr", area_bonus="southeast_asia", bonus=1)


@event(10)
def blockade(state: dict, ctx: dict) -> None:
    """Unless the US discards a 3+ ops card (5.3, effective ops), US influence leaves West Germany."""
    then(state, "blockade", size=len(state["hands"]["us"]))
    steps.discard_at_least(state, "us", 3, optional=True)


@handler("blockade")
def _blockade_check(state: dict, frame: dict) -> None:
    if len(state["hands"]["us"]) == frame["size"]:
        wg = ID["west_germany"]
        change(state, "us", wg, -state["inf"]["us"][wg])


# -- wars (7.6, 8.2.4) --------------------------------------------------------
def war(state: dict, ctx: dict, target: int, extra: int = 0, count_target: bool = False) -> None:
    """Roll, -1 per enemy-controlled neighbour (and the target itself if the card says so);
    4-6: 2 VP and the enemy influence there becomes the attacker's. Milops either way."""
    role, enemy = ctx["role"], OTHER[ctx["role"]]
    steps.war_milops(state, ctx)
    mod = extra - sum(1 for c in ADJ[target] if controls(state, enemy, c))
    if count_target and controls(state, enemy, target):
        mod -= 1
    die = rng.roll(state)
    success = die + mod >= 4
    log(state, "war", card=ctx["card"], role=role, country=target, roll=die, mod=mod,
        success=success)
    if success:
        replace_all(state, role, target)
        gain_vp(state, role, 2, "war")


@event(11)
def korean_war(state: dict, ctx: dict) -> None:
    """North Korea invades South Korea (12.4.2: -1 more while the Chinese Civil War lasts)."""
    war(state, ctx, ID["south_korea"], extra=korean_war_modifier(state))


@event(12)
def romanian_abdication(state: dict, ctx: dict) -> None:
    """Remove all US influence in Romania; the USSR gains control of it."""
    romania = ID["romania"]
    change(state, "us", romania, -state["inf"]["us"][romania])
    gain_control(state, "ussr", romania)


@event(13)
def arab_israeli_war(state: dict, ctx: dict) -> None:
    """Invasion of Israel; Israel itself counts if US-controlled (blocked by Camp David)."""
    war(state, ctx, ID["israel"], count_target=True)


@event(14)
def comecon(state: dict, ctx: dict) -> None:
    """1 USSR influence in each of 4 non-US-controlled Eastern European countries."""
    place_some(state, "ussr", 4, not_controlled_by(state, "us", EASTERN), max_per=1)


@event(15)
def nasser(state: dict, ctx: dict) -> None:
    """2 USSR influence in Egypt, then remove half the US influence there, rounded up."""
    egypt = ID["egypt"]
    change(state, "ussr", egypt, 2)
    change(state, "us", egypt, -((state["inf"]["us"][egypt] + 1) // 2))


@event(16)
def warsaw_pact_formed(state: dict, ctx: dict) -> None:
    """Remove all US influence from 4 Eastern European countries, or add 5 there (2 max each).
    Enables NATO: the card is removed only when its event happened (5.2), see `nato_allowed`."""
    choose_option(state, "ussr", ["remove", "add"], "warsaw_pact", card=16)


@handler("warsaw_pact")
def _warsaw_pact(state: dict, frame: dict, option: str) -> None:
    if option == "add":
        place_some(state, "ussr", 5, EASTERN, max_per=2)
    else:
        held = [c for c in EASTERN if state["inf"]["us"][c]]
        pick_countries(state, "ussr", 4, held, "remove_all_us")


@handler("remove_all_us")
def _remove_all_us(state: dict, frame: dict, country: int) -> None:
    change(state, "us", country, -state["inf"]["us"][country])


@event(17)
def de_gaulle_leads_france(state: dict, ctx: dict) -> None:
    """Remove 2 US and add 1 USSR influence in France; NATO no longer protects France."""
    france = ID["france"]
    change(state, "us", france, -2)
    change(state, "ussr", france, 1)
    steps.persist(state, 17, "ussr", until="game", nato_exempt=france)


@event(18)
def captured_nazi_scientist(state: dict, ctx: dict) -> None:
    """Advance one space box with no roll and no attempt used (6.4.3, 6.4.4)."""
    role = ctx["role"]
    if state["space"][role] >= SPACE_LAST:
        log(state, "space_event", role=role, box=None)
        return
    advance_space(state, role)
    log(state, "space_event", role=role, box=state["space"][role])


@event(19)
def truman_doctrine(state: dict, ctx: dict) -> None:
    """Remove all USSR influence from one uncontrolled European country."""
    targets = [c for c in AREAS["europe"]
               if state["inf"]["ussr"][c] and controller(state, c) is None]
    pick_countries(state, "us", 1, targets, "remove_all_ussr")


@handler("remove_all_ussr")
def _remove_all_ussr(state: dict, frame: dict, country: int) -> None:
    change(state, "ussr", country, -state["inf"]["ussr"][country])


# -- Olympic Games (8.1.3 example) ----------------------------------------------
@event(20)
def olympic_games(state: dict, ctx: dict) -> None:
    """The opponent participates (sponsor +2, ties re-rolled, 2 VP) or boycotts
    (DEFCON -1, then the sponsor conducts operations as with a 4-ops card, 7.4.3)."""
    choose_option(state, OTHER[ctx["role"]], ["participate", "boycott"], "olympic",
                  card=20, sponsor=ctx["role"])


@handler("olympic")
def _olympic(state: dict, frame: dict, option: str) -> None:
    sponsor = frame["sponsor"]
    if option == "boycott":
        degrade_defcon(state, 1, "olympic_boycott")
        if not over(state):
            ops = 4 if original(state) else modified_ops(state, sponsor, 4)  # 7.4.2
            steps.operations(state, sponsor, ops)
        return
    while True:
        rolls = {sponsor: rng.roll(state) + 2, OTHER[sponsor]: rng.roll(state)}
        log(state, "olympic", sponsor=sponsor, us=rolls["us"], ussr=rolls["ussr"])
        if rolls["us"] != rolls["ussr"]:
            break
    gain_vp(state, "us" if rolls["us"] > rolls["ussr"] else "ussr", 2, "olympic")


# -- NATO and the US/Japan pact (ops.FORBIDS) ------------------------------------
def nato_allowed(state: dict, role: str) -> bool:
    """Marshall Plan or Warsaw Pact Formed has happened as an event: both carry an
    asterisk, so they are in ``removed`` exactly when their event took place (5.2)."""
    return 16 in state["removed"] or 23 in state["removed"]


@event(21, requires=nato_allowed)
def nato(state: dict, ctx: dict) -> None:
    """No USSR coup or realignment in US-controlled European countries from now on."""
    steps.persist(state, 21, "us", until="game")


@forbid(("realign", "coup"), ("21", "27"))
def protected(state: dict, role: str, country: int, kind: str) -> bool:
    """NATO (France after De Gaulle, West Germany under Willy Brandt excepted) and
    the US/Japan pact forbid USSR coups and realignments."""
    if kind == "influence" or role != "ussr":
        return False
    effects = state["effects"]
    if "27" in effects and country == JAPAN:
        return True
    if "21" not in effects or REGION[country] != "europe":
        return False
    exempt = {e.get("nato_exempt") for e in effects.values()}
    return country not in exempt and controls(state, "us", country)


JAPAN = ID["japan"]


@event(22)
def independent_reds(state: dict, ctx: dict) -> None:
    """US influence up to the USSR's in one of five Eastern European countries."""
    names = ("yugoslavia", "romania", "bulgaria", "hungary", "czechoslovakia")
    pick_countries(state, "us", 1, [ID[n] for n in names], "equal_ussr")


@handler("equal_ussr")
def _equal_ussr(state: dict, frame: dict, country: int) -> None:
    gap = state["inf"]["ussr"][country] - state["inf"]["us"][country]
    change(state, "us", country, max(0, gap))


@event(23)
def marshall_plan(state: dict, ctx: dict) -> None:
    """1 US influence in each of 7 non-USSR-controlled Western European countries."""
    place_some(state, "us", 7, not_controlled_by(state, "ussr", WESTERN), max_per=1)


@event(24)
def indo_pakistani_war(state: dict, ctx: dict) -> None:
    """The event player chooses which of India and Pakistan is invaded."""
    pick_countries(state, ctx["role"], 1, [ID["india"], ID["pakistan"]], "indo_pakistani",
                   card=ctx["card"], war_role=ctx["role"])


@handler("indo_pakistani")
def _indo_pakistani(state: dict, frame: dict, country: int) -> None:
    war(state, {"card": frame["card"], "role": frame["war_role"]}, country)


@event(25)
def containment(state: dict, ctx: dict) -> None:
    """US cards +1 op this turn, to at most 4 (7.4)."""
    steps.persist(state, 25, "us", ops=1, max=4)


@event(26)
def cia_created(state: dict, ctx: dict) -> None:
    """The USSR hand is shown to the US (only), then the US conducts operations
    with this card's ops (7.4.2 example 3: 2 under Containment)."""
    undo.checkpoint(state)
    log(state, "hand_revealed", role="ussr", to="us", count=len(state["hands"]["ussr"]))
    steps.operations(state, "us", situation_ops(state, "us", 26))
    reveal(state, "us", "ussr", state["hands"]["ussr"])


@event(27)
def us_japan_pact(state: dict, ctx: dict) -> None:
    """US control of Japan; USSR coups and realignments there are forbidden for good."""
    gain_control(state, "us", JAPAN)
    steps.persist(state, 27, "us", until="game")


@event(28)
def suez_crisis(state: dict, ctx: dict) -> None:
    """Remove 4 US influence from France, UK and Israel, at most 2 per country."""
    remove_some(state, "ussr", "us", 4, [ID["france"], ID["uk"], ID["israel"]], max_per=2)


@event(29)
def east_european_unrest(state: dict, ctx: dict) -> None:
    """1 USSR influence (2 in the Late War, turns 8-10) from 3 Eastern European countries."""
    amount = 2 if state["turn"] >= 8 else 1
    held = [c for c in EASTERN if state["inf"]["ussr"][c]]
    pick_countries(state, "us", 3, held, "unrest", amount=amount)


@handler("unrest")
def _unrest(state: dict, frame: dict, country: int) -> None:
    change(state, "ussr", country, -frame["amount"])


@event(30)
def decolonization(state: dict, ctx: dict) -> None:
    """1 USSR influence in each of 4 countries in Africa and/or Southeast Asia."""
    place_some(state, "ussr", 4, AREAS["africa"] | AREAS["southeast_asia"], max_per=1)


@event(31)
def red_scare_purge(state: dict, ctx: dict) -> None:
    """The opponent's cards -1 op (at least 1) this turn; a second play adds up (7.4).

    `cards.ops_value` sums every modifier before capping, so the value never
    depends on the order effects came into play (replay and undo agree)."""
    target = OTHER[ctx["role"]]
    key = f"31:{target}"
    effect = state["effects"].setdefault(key, {"role": target, "until": "turn", "ops": 0})
    effect["ops"] -= 1
    log(state, "effect", card=31, role=target, until="turn", ops=effect["ops"])


# -- UN Intervention ------------------------------------------------------------
def un_allowed(state: dict, role: str) -> bool:
    """With a card of the opponent's event in hand; only in an action round in
    Deluxe (the card's headline ban came with the 2nd edition: the original
    may headline it, seed 004 4.5 C)."""
    if not in_action_round(state) and not original(state):
        return False
    return any(SIDE[c] == OTHER[role] for c in state["hands"][role])


@event(32, requires=un_allowed, headline=False)
def un_intervention(state: dict, ctx: dict) -> None:
    """Play with a card of the opponent's event: that event is cancelled, its ops are used."""
    role = ctx["role"]
    partners = [c for c in state["hands"][role] if SIDE[c] == OTHER[role]]
    choose_card(state, role, partners, "un_partner", card=32)


@handler("un_partner")
def _un_partner(state: dict, frame: dict, card: int) -> None:
    role = frame["role"]
    state["hands"][role].remove(card)
    state["discard"].append(card)  # its event did not happen: never removed
    log(state, "un_intervention", role=role, card=card)
    if "60" in state["effects"]:  # U2 Incident
        gain_vp(state, "ussr", 1, "u2_incident")
    if role == "us" and "50" in state["effects"]:  # "We Will Bury You" cancelled
        end_effect(state, "50")
    if not over(state):
        start_ops(state, role, card, ops_value(state, role, card), ops_bonuses(state, role, card))


@event(33)
def de_stalinization(state: dict, ctx: dict) -> None:
    """Move up to 4 USSR influence to non-US-controlled countries, at most 2 added each."""
    held = [c for c in COUNTRY_IDS if state["inf"]["ussr"][c]]
    then(state, "relocate", before=total(state, "ussr"))
    remove_some(state, "ussr", "ussr", 4, held, optional=True)


def total(state: dict, role: str) -> int:
    return sum(state["inf"][role][c] for c in COUNTRY_IDS)


@handler("relocate")
def _relocate(state: dict, frame: dict) -> None:
    moved = frame["before"] - total(state, "ussr")
    place_some(state, "ussr", moved, not_controlled_by(state, "us", COUNTRY_IDS), max_per=2)


@event(34)
def nuclear_test_ban(state: dict, ctx: dict) -> None:
    """VP = DEFCON - 2 to the event player, then DEFCON improves by 2."""
    gain_vp(state, ctx["role"], state["defcon"] - 2, "nuclear_test_ban")
    if not over(state):
        improve_defcon(state, 2, "nuclear_test_ban")


@event(35)
def formosan_resolution(state: dict, ctx: dict) -> None:
    """Taiwan is a battleground for US Asia scoring until the US plays the China Card."""
    steps.persist(state, 35, "us", until="us_china", scoring_bg=["us", ID["taiwan"]])


# -- optional cards --------------------------------------------------------------
def before_late_war(state: dict, role: str) -> bool:
    return state["turn"] <= 7


@event(104, requires=before_late_war)
def the_cambridge_five(state: dict, ctx: dict) -> None:
    """The US shows its scoring cards; the USSR may add 1 influence in a region named on one."""
    shown = sorted(c for c in state["hands"]["us"] if c in SCORING)
    undo.checkpoint(state)
    log(state, "scoring_cards_revealed", role="us", cards=shown)
    areas = set()
    for card in shown:
        areas |= AREAS["southeast_asia" if card == SEA_CARD else SCORING_REGION[card]]
    pick_countries(state, "ussr", 1, areas, "add_one", optional=True, amount=1, to="ussr")


@handler("add_one")
def _add(state: dict, frame: dict, country: int) -> None:
    change(state, frame["to"], country, frame["amount"])


@event(105)
def special_relationship(state: dict, ctx: dict) -> None:
    """If the US controls the UK: with NATO, 2 influence in a Western European country
    and 2 VP; without, 1 influence next to the UK."""
    uk = ID["uk"]
    if not controls(state, "us", uk):
        log(state, "no_target", role="us")
    elif "21" in state["effects"]:
        gain_vp(state, "us", 2, "special_relationship")
        if over(state):  # 20 VP (10.3.1): the game is over, nothing more happens
            return
        pick_countries(state, "us", 1, WESTERN, "add_one", amount=2, to="us")
    else:
        pick_countries(state, "us", 1, ADJ[uk], "add_one", amount=1, to="us")


# -- 103 Defectors ------------------------------------------------------------------
@event(103)
def defectors(state: dict, ctx: dict) -> None:
    """Played by the USSR in its action round (for operations, 5.2): 1 VP to the US.
    Headlined by the US it cancels the USSR headline (`_defectors_headline`); in
    every other case (US play, USSR headline, Five-Year Plan...) nothing happens."""
    if ctx["player"] == "ussr" and in_action_round(state):
        gain_vp(state, "us", 1, "defectors")


def _defectors_headline(state: dict, picks: dict) -> None:
    """Before either headline resolves: the USSR headline card is discarded without
    its event (a scoring card does not score), never removed (5.2)."""
    card = picks.get("ussr")
    if picks.get("us") != 103 or card is None or not can_happen(state, 103, "us"):
        return
    picks["ussr"] = None
    state["discard"].append(card)
    log(state, "headline_cancelled", role="ussr", card=card, by=103)


HEADLINE_HOOKS.append(_defectors_headline)


# -- 106 NORAD ----------------------------------------------------------------------
CANADA = ID["canada"]


def round_mark(state: dict) -> list:
    """Which action round is under way and the DEFCON level it started from."""
    return [state["turn"], state["ar"], state["phasing"], state["defcon"]]


@event(106)
def norad(state: dict, ctx: dict) -> None:
    """From now on, at the end of each action round in which DEFCON moved to 2, if the
    US controls Canada it adds 1 influence to a country already holding US influence
    (cancelled by Quagmire). Headline DEFCON changes never count."""
    steps.persist(state, 106, "us", until="game", since=round_mark(state))


def _norad_round_start(state: dict, role: str, optional: bool) -> bool:
    effect = state["effects"].get("106")
    if effect:
        effect["since"], effect["reached_2"] = round_mark(state), False
    return False  # never replaces the round


def _norad_round_end(state: dict, role: str) -> bool:
    """True when the US placement was pushed (it runs before the next round)."""
    effect = state["effects"].get("106")
    if not effect:
        return False
    mark, effect["since"] = effect.get("since"), None
    moved_to_2, effect["reached_2"] = effect.get("reached_2", False), False
    if mark is None or mark[:3] != [state["turn"], state["ar"], role]:
        return False  # the player had no card to play: nothing happened
    if not moved_to_2 or not controls(state, "us", CANADA):
        return False
    held = [c for c in COUNTRY_IDS if state["inf"]["us"][c]]
    log(state, "norad", role="us")
    pick_countries(state, "us", 1, held, "add_one", amount=1, to="us", card=106)
    return bool(held)


ROUND_START_HOOKS.insert(0, _norad_round_start)  # before any hook that replaces the round
ROUND_END_HOOKS.append(_norad_round_end)
