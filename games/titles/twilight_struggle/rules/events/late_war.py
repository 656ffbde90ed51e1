"""Late War events: cards 82-102 and the optional 109-110.

Each event follows the Deluxe card text as specified in
``shared/reference/twilight-struggle/card-effects.md``; the README's "Card
decisions" list records where that needed a ruling. Lasting effects are
``state["effects"]`` entries read by the engine (7.3): ``blocks`` (Iron Lady,
North Sea Oil, Tear Down This Wall, An Evil Empire, AWACS), ``extra_round``
(North Sea Oil), ``realign`` (Iran-Contra), ``open_hand`` (Aldrich Ames, shown
in every view); The Reformer and Chernobyl forbid operations through
`ops.forbid`, Yuri and Samantha scores through `ops.BEFORE_COUP`.
"""
from __future__ import annotations

from games.rules.core import Result, rng, undo
from games.rules.core.ending import finish
from games.rules.core.flow import Flow

from ..board import controls, degrade_defcon, gain_vp, improve_defcon, log, original, over
from ..card_play import play_event
from ..cards import end_effect, event_owner, granted_bonuses, situation_ops
from ..data import ADJ, AREAS, BY_KEY, CARD_NAME, OTHER, REGIONS, SCORING, SIDE
from ..ops import BEFORE_COUP, coup_choices, forbid, realign_choices, start_ops
from ..play import ROUND_START_HOOKS
from ..registry import can_happen, event
from . import steps
from .early_war import war
from .mid_war import _flower_power
from .early_war_steps import choose_card
from .mid_war_steps import change, choose, handler, option, pick, remove_some, then

ID = BY_KEY
REGION_LABEL = {"europe": "Europe", "middle_east": "Middle East", "asia": "Asia",
                "africa": "Africa", "central_america": "Central America",
                "south_america": "South America"}


def remove_all(state: dict, role: str, country: int) -> int:
    return -change(state, role, country, -state["inf"][role][country])


def event_ops(state: dict, role: str, card: int, kinds) -> None:
    """"May place influence or realign using this card" (7.4.3): offered, then a
    normal operations play with the card's modified ops (and area bonuses)."""
    option(state, role, card, ["operations", "skip"], "late_ops", kinds=list(kinds))


@handler("late_ops")
def _late_ops(state: dict, frame: dict, choice: str) -> None:
    if choice == "operations":
        role, card = frame["role"], frame["card"]
        start_ops(state, role, None, situation_ops(state, role, card), granted_bonuses(state, role, card),
                  tuple(frame["kinds"]))


def free_frame(role: str, ops: int, area=None, only=None) -> dict:
    """A free coup / free realignments (6.3.5, 8.2.5) limited to ``area`` or ``only``."""
    frame = {"role": role, "card": None, "ops": ops, "spent": 0, "bonus": [], "free": True,
             "area": area}
    if only is not None:
        frame["only"] = sorted(only)
    return frame


def offer_free(state: dict, card: int, frame: dict, modes=("coup", "realign")) -> None:
    """Offer the free coup/realignment modes that have a target, or skip."""
    found = {"coup": coup_choices, "realign": realign_choices}
    usable = [m for m in modes if found[m](state, frame)]
    if usable:
        option(state, frame["role"], card, usable + ["skip"], "late_free", free=frame)
    else:
        log(state, "no_target", role=frame["role"], card=card)


@handler("late_free")
def _late_free(state: dict, frame: dict, mode: str) -> None:
    if mode != "skip":
        Flow.push(state, mode, **frame["free"])


# -- 82-86 ------------------------------------------------------------------------
@event(82)
def iranian_hostage_crisis(state: dict, ctx: dict) -> None:
    """All US influence leaves Iran, 2 USSR added; Terrorism by the USSR now takes 2 US cards."""
    iran = ID["iran"]
    remove_all(state, "us", iran)
    change(state, "ussr", iran, 2)
    steps.persist(state, 82, "ussr", until="game")


@event(83)
def the_iron_lady(state: dict, ctx: dict) -> None:
    """1 USSR influence in Argentina, all USSR influence out of the UK, 1 VP;
    Socialist Governments is prohibited."""
    change(state, "ussr", ID["argentina"], 1)
    remove_all(state, "ussr", ID["uk"])
    steps.persist(state, 83, "us", until="game", blocks=[7])
    gain_vp(state, "us", 1, "iron_lady")


@event(84)
def reagan_bombs_libya(state: dict, ctx: dict) -> None:
    """1 VP per 2 USSR influence in Libya (rounded down)."""
    ussr = state["inf"]["ussr"][ID["libya"]]
    log(state, "reagan_bombs_libya", ussr=ussr, vp=ussr // 2)
    gain_vp(state, "us", ussr // 2, "reagan_bombs_libya")


def us_ahead_in_space(state: dict, role: str) -> bool:
    return state["space"]["us"] > state["space"]["ussr"]


def star_wars_cards(state: dict) -> list[int]:
    """Non-scoring discards with a US or neutral event that can happen now."""
    return sorted(c for c in set(state["discard"]) if c not in SCORING and SIDE[c] != "ussr"
                  and can_happen(state, c, event_owner(c, "us")))


@event(85, requires=us_ahead_in_space)
def star_wars(state: dict, ctx: dict) -> None:
    """The US takes a non-scoring card from the discard pile and plays its event now."""
    cards = star_wars_cards(state)
    if not cards:
        log(state, "no_target", role="us", card=85)
        return
    choose(state, "us", "Star Wars: play an event from the discard pile",
           [["card", c, CARD_NAME[c], "cards"] for c in cards], "star_wars", card=85)


@handler("star_wars")
def _star_wars(state: dict, frame: dict, action) -> None:
    card = action.arg
    state["discard"].remove(card)
    log(state, "star_wars", role="us", card=card)
    _flower_power(state, "us", card, "event")  # a war card played as an event
    if not over(state):
        play_event(state, card, "us")


@event(86)
def north_sea_oil(state: dict, ctx: dict) -> None:
    """OPEC is prohibited for good; the US may take an 8th action round this turn."""
    steps.persist(state, 86, "us", until="game", blocks=[61])
    state["effects"]["86:round"] = {"role": "us", "until": "turn", "extra_round": "us"}
    log(state, "effect", card=86, role="us", until="turn", extra_round="us")


# -- 87-91 ------------------------------------------------------------------------
EUROPE = AREAS["europe"]


@event(87)
def the_reformer(state: dict, ctx: dict) -> None:
    """4 USSR influence in Europe (2 per country), 6 if the USSR leads in VP (the
    last 2 optional); no USSR coups in Europe from now on; unlocks Glasnost's ops."""
    steps.persist(state, 87, "ussr", until="game")
    if state["vp"] < 0:
        then(state, "reformer_more", before=[state["inf"]["ussr"][c] for c in sorted(EUROPE)])
    steps.place(state, "ussr", 4, EUROPE, max_per=2)


@handler("reformer_more")
def _reformer_more(state: dict, frame: dict) -> None:
    europe = sorted(EUROPE)
    done = {str(c): state["inf"]["ussr"][c] - before
            for c, before in zip(europe, frame["before"]) if state["inf"]["ussr"][c] > before}
    open_ = [c for c in europe if done.get(str(c), 0) < 2]
    if open_:
        Flow.push(state, "event_place", role="ussr", left=2, countries=open_, max_per=2,
                  optional=True, done=done)


@forbid(("coup",), ("87",))
def reformer_no_coup(state: dict, role: str, country: int, kind: str) -> bool:
    return role == "ussr" and country in EUROPE


@event(88)
def marine_barracks_bombing(state: dict, ctx: dict) -> None:
    """All US influence out of Lebanon, then 2 more US influence from the Middle East."""
    remove_all(state, "us", ID["lebanon"])
    remove_some(state, "ussr", "us", 2, AREAS["middle_east"])


@event(89)
def soviets_shoot_down_kal_007(state: dict, ctx: dict) -> None:
    """DEFCON -1, 2 VP; if the US controls South Korea it may place influence or
    realign with this card's ops (7.4.3)."""
    degrade_defcon(state, 1, "kal_007")
    if over(state):
        return
    gain_vp(state, "us", 2, "kal_007")
    if not over(state) and controls(state, "us", ID["south_korea"]):
        event_ops(state, "us", 89, ("influence", "realign"))


@event(90)
def glasnost(state: dict, ctx: dict) -> None:
    """2 VP, DEFCON +1; with The Reformer in effect the USSR may place influence or
    realign with this card's ops (7.4.3)."""
    gain_vp(state, "ussr", 2, "glasnost")
    if over(state):
        return
    improve_defcon(state, 1, "glasnost")
    if "87" in state["effects"]:
        event_ops(state, "ussr", 90, ("influence", "realign"))


@event(91)
def ortega_elected_in_nicaragua(state: dict, ctx: dict) -> None:
    """All US influence out of Nicaragua; then a free coup with this card's ops in a
    country adjacent to Nicaragua, if the USSR wants."""
    nicaragua = ID["nicaragua"]
    remove_all(state, "us", nicaragua)
    frame = free_frame("ussr", situation_ops(state, "ussr", 91), only=ADJ[nicaragua])
    offer_free(state, 91, frame, modes=("coup",))


# -- 92-97 ------------------------------------------------------------------------
@event(92)
def terrorism(state: dict, ctx: dict) -> None:
    """The opponent discards a random card (2 for the US after Iranian Hostage Crisis)."""
    role = ctx["role"]
    victim = OTHER[role]
    n = 2 if role == "ussr" and "82" in state["effects"] else 1
    hand = state["hands"][victim]
    gone = []
    for _ in range(n):
        if not hand:
            break
        card = rng.draw(state, hand)
        state["discard"].append(card)
        gone.append(card)
    log(state, "terrorism", role=role, victim=victim, cards=gone)


@event(93)
def iran_contra_scandal(state: dict, ctx: dict) -> None:
    """US realignment rolls -1 for the rest of the turn."""
    steps.persist(state, 93, "us", realign=-1)


@event(94)
def chernobyl(state: dict, ctx: dict) -> None:
    """The US names a region where the USSR may not place influence with operations this turn."""
    choose(state, "us", "Chernobyl: name a region",
           [["region", r, REGION_LABEL[r], "regions"] for r in REGIONS], "chernobyl")


@handler("chernobyl")
def _chernobyl(state: dict, frame: dict, action) -> None:
    steps.persist(state, 94, "us", region=action.arg)


@forbid(("influence",), ("94",))
def chernobyl_blocks(state: dict, role: str, country: int, kind: str) -> bool:
    return role == "ussr" and country in AREAS[state["effects"]["94"]["region"]]


SOUTH_AMERICA = AREAS["south_america"]


@event(95)
def latin_american_debt_crisis(state: dict, ctx: dict) -> None:
    """Unless the US discards a 3+ ops card, the USSR doubles its influence in 2
    South American countries."""
    then(state, "debt_crisis", size=len(state["hands"]["us"]))
    steps.discard_at_least(state, "us", 3, optional=True)


@handler("debt_crisis")
def _debt_crisis(state: dict, frame: dict) -> None:
    if len(state["hands"]["us"]) != frame["size"]:
        return
    held = [c for c in SOUTH_AMERICA if state["inf"]["ussr"][c]]
    pick(state, "ussr", 2, held, "double_ussr", card=95)


@handler("double_ussr")
def _double_ussr(state: dict, frame: dict, country: int) -> None:
    change(state, "ussr", country, state["inf"]["ussr"][country])


@event(96)
def tear_down_this_wall(state: dict, ctx: dict) -> None:
    """Cancels and prohibits Willy Brandt; 3 US influence in East Germany; then a
    free coup or free realignments in Europe with this card's ops (6.3.5)."""
    end_effect(state, "55")
    steps.persist(state, 96, "us", until="game", blocks=[55])
    change(state, "us", ID["east_germany"], 3)
    offer_free(state, 96, free_frame("us", situation_ops(state, "us", 96), area="europe"))


@event(97)
def an_evil_empire(state: dict, ctx: dict) -> None:
    """Cancels and prohibits Flower Power; 1 VP."""
    end_effect(state, "59")
    steps.persist(state, 97, "us", until="game", blocks=[59])
    gain_vp(state, "us", 1, "evil_empire")


# -- 98-102 -----------------------------------------------------------------------
@event(98)
def aldrich_ames_remix(state: dict, ctx: dict) -> None:
    """The US hand is face up for the rest of the turn (every view shows it); the
    USSR discards one card of it (its event does not happen, 5.4). The original
    card: the USSR dictates the order of the US plays (`_ames_original`)."""
    if original(state):
        _ames_original(state)
        return
    undo.checkpoint(state)
    steps.persist(state, 98, "ussr", open_hand="us")
    hand = state["hands"]["us"]
    log(state, "hand_revealed", role="us", to="all", count=len(hand))
    if hand:
        choose_card(state, "ussr", hand, "ames_discard", card=98)


def _ames_original(state: dict) -> None:
    """Original card (4 ops; reference card-effects.md 5.2 and #98): for the rest
    of the turn the USSR chooses, before each US action round, which card of the
    US hand the US plays in it. The USSR must see the hand to choose: it is face
    up (``open_hand``) for the turn, as on the Deluxe card."""
    undo.checkpoint(state)
    steps.persist(state, 98, "ussr", open_hand="us", dictate="us")
    log(state, "hand_revealed", role="us", to="all", count=len(state["hands"]["us"]))


def _ames_round(state: dict, role: str, optional: bool) -> bool:
    """The USSR names the card the US must play this action round (True: it
    replaced the round's usual start; the action frame follows the choice)."""
    effect = state["effects"].get("98")
    hand = state["hands"][role]
    if not effect or effect.get("dictate") != role or not hand:
        return False
    choose(state, "ussr", "Aldrich Ames Remix: choose the card the US plays now",
           [["dictate", c, CARD_NAME[c], "hand"] for c in hand], "ames_dictate",
           optional=optional)
    return True


@handler("ames_dictate")
def _ames_dictate(state: dict, frame: dict, action) -> None:
    log(state, "option", role="ussr", card=98, option=action.arg)  # the card dictated
    Flow.push(state, "action", role="us", optional=frame["optional"], only=action.arg)


ROUND_START_HOOKS.append(_ames_round)  # after Quagmire and Missile Envy, which replace the round


@handler("ames_discard")
def _ames_discard(state: dict, frame: dict, card: int) -> None:
    state["hands"]["us"].remove(card)
    state["discard"].append(card)
    log(state, "discard", role="us", card=card, why="aldrich_ames")


@event(99)
def pershing_ii_deployed(state: dict, ctx: dict) -> None:
    """1 VP; 1 US influence from each of 3 Western European countries."""
    gain_vp(state, "ussr", 1, "pershing")
    if not over(state):
        remove_some(state, "ussr", "us", 3, AREAS["western_europe"], max_per=1)


def defcon_two(state: dict, role: str) -> bool:
    return state["defcon"] == 2


@event(100, requires=defcon_two)
def wargames(state: dict, ctx: dict) -> None:
    """At DEFCON 2 the player may end the game: the opponent gains 6 VP, then the
    leader wins (no final scoring; 0 is a draw)."""
    option(state, ctx["role"], 100, ["end", "continue"], "wargames")


@handler("wargames")
def _wargames(state: dict, frame: dict, choice: str) -> None:
    if choice != "end":
        return
    gain_vp(state, OTHER[frame["role"]], 6, "wargames")
    if over(state):
        return
    vp = state["vp"]
    winners = [] if vp == 0 else ["us" if vp > 0 else "ussr"]
    log(state, "wargames", role=frame["role"], vp=vp)
    finish(state, Result(winners, "vp", {"vp": vp, "card": 100}))


def pope_elected(state: dict, role: str) -> bool:
    return "68" in state["effects"]


@event(101, requires=pope_elected)
def solidarity(state: dict, ctx: dict) -> None:
    change(state, "us", ID["poland"], 3)


@event(102)
def iran_iraq_war(state: dict, ctx: dict) -> None:
    """The event player chooses which of Iran and Iraq is invaded (war card, 7.6)."""
    pick(state, ctx["role"], 1, [ID["iran"], ID["iraq"]], "iran_iraq", card=102,
         war_role=ctx["role"])


@handler("iran_iraq")
def _iran_iraq(state: dict, frame: dict, country: int) -> None:
    war(state, {"card": frame["card"], "role": frame["war_role"]}, country)


# -- optional cards ---------------------------------------------------------------
@event(109)
def yuri_and_samantha(state: dict, ctx: dict) -> None:
    """1 VP to the USSR for each US coup (free ones too) for the rest of the turn."""
    steps.persist(state, 109, "ussr")


def _yuri_coup(state: dict, role: str, country: int) -> None:
    if role == "us" and "109" in state["effects"]:
        gain_vp(state, "ussr", 1, "yuri_and_samantha")


BEFORE_COUP.append(_yuri_coup)


@event(110)
def awacs_sale_to_saudis(state: dict, ctx: dict) -> None:
    """2 US influence in Saudi Arabia; Muslim Revolution is prohibited."""
    change(state, "us", ID["saudi_arabia"], 2)
    steps.persist(state, 110, "us", until="game", blocks=[56])
