"""The lasting parts of the Middle Year events (cards 41-81), wired through the
framework's hooks (README "Events 7.x"): nothing here is called by the core
by card number.

- Ceausescu (41): ``play.ROUND_END_HOOKS`` (the Bucuresti check at the end
  of the action round).
- We Are the People! (48), Foreign Currency Debt Burden (49): ``ops.FORBIDS``.
- Grenztruppen (59), FRG Embassies (74): ``ops.CHECK_MODIFIERS``.
- Yakovlev Counsels Gorbachev (62): ``yakovlev`` (read by the aftermath),
  used up by ``struggle.AFTER_HOOKS``.
- Genscher (63): ``ops.PLACE_COSTS`` (1 op in Communist-controlled East Germany).
- Presidential Visit (65): ``hand_size`` for one deal, ended by
  ``cards.AFTER_DEAL``.
- Peasant Parties Revolt (72): ``struggle.DEAL_HOOKS``.
- Securitate (70): ``struggle.DEAL_HOOKS`` (the Democrat's Romanian hand shown).
- Samizdat (77): ``cards.BEFORE_DEAL`` (the card set aside comes back).
- Restricted operations (Laszlo Tokes 73, The Crowd Turns 54, ...): an
  ``only`` effect read by ``ops.FORBIDS`` while the event's operations last.
"""
from __future__ import annotations

from games.rules.core import rng

from .. import cards, ops, play, struggle
from ..board import add_sp, controls, log, neighbours
from ..cards import end_effect
from ..data import BY_KEY, COUNTRY, COUNTRY_SPACES, REGION, TYPE
from . import steps

CEAUSESCU, PEOPLE, DEBT, GRENZ, YAKOVLEV, GENSCHER, PRES_VISIT = 41, 48, 49, 59, 62, 63, 65
PEASANT_REVOLT, FRG, SECURITATE, SAMIZDAT = 72, 74, 70, 77
ONLY = "only"  # effect key of restricted operations (one at a time)
CLUJ, BUCURESTI, LEIPZIG = BY_KEY["cluj_napoca"], BY_KEY["bucuresti"], BY_KEY["leipzig"]


def live(state: dict, card: int | str) -> dict | None:
    return state["effects"].get(str(card))


# -- Ceausescu: at the end of the action round -----------------------------------
def ceausescu_round_end(state: dict, role: str) -> None:
    """A Democratic SP next to Cluj-Napoca costs the Communist 1 SP in Bucuresti."""
    if str(CEAUSESCU) not in state["effects"]:
        return
    end_effect(state, str(CEAUSESCU))
    dem = state["sp"]["democrat"]
    if any(dem[a] for a in neighbours(state, CLUJ)) and state["sp"]["communist"][BUCURESTI]:
        steps.add(state, "communist", BUCURESTI, -1)


play.ROUND_END_HOOKS.append(ceausescu_round_end)


# -- We Are the People!, Foreign Currency Debt Burden: no Communist checks ------------
def people(state: dict, role: str, space: int) -> bool:
    return role == "communist" and space == LEIPZIG


def debt(state: dict, role: str, space: int) -> bool:
    effect = live(state, DEBT)
    return role == "communist" and effect is not None and COUNTRY[space] == effect["country"]


ops.FORBIDS.append(("check", (str(PEOPLE),), people))
ops.FORBIDS.append(("check", (str(DEBT),), debt))


def debt_forbids(state: dict, space: int) -> bool:
    """Foreign Currency Debt Burden also stops event checks (Kremlin Coup!)."""
    effect = live(state, DEBT)
    return effect is not None and COUNTRY[space] == effect["country"]


# -- restricted operations (one country) ------------------------------------------
def only_here(state: dict, role: str, space: int) -> bool:
    effect = live(state, ONLY)
    return effect is not None and role == effect["role"] and COUNTRY[space] != effect["country"]


ops.FORBIDS.append(("place", (ONLY,), only_here))
ops.FORBIDS.append(("check", (ONLY,), only_here))


def restricted_ops(state: dict, role: str, card: int | None, ops_: int, country: str,
                   kinds=("place", "check")) -> None:
    """Operations whose every SP and check must be in ``country``; a use with
    no possible target there is not offered."""
    state["effects"][ONLY] = {"role": role, "until": "ops", "country": country}
    possible = []
    if "place" in kinds:
        frame = {"role": role, "card": card, "ops": ops_, "spent": 0, "bonus": [],
                 "reach": ops.reach(state, role)}
        if ops.place_choices(state, frame):
            possible.append("place")
    if "check" in kinds and ops.check_targets(state, role):
        possible.append("check")
    steps.then(state, "end_only")
    ops.start_ops(state, role, card, ops_, [], tuple(possible))


@steps.continuation("end_only")
def _end_only(state: dict, frame: dict, _) -> None:
    state["effects"].pop(ONLY, None)


# -- Grenztruppen, FRG Embassies: Democratic check modifiers --------------------------
def grenztruppen(state: dict, role: str, space: int, mod: int) -> int:
    if role == "democrat" and COUNTRY[space] == "east_germany" and live(state, GRENZ):
        return mod - 1
    return mod


def frg_embassies(state: dict, role: str, space: int, mod: int) -> int:
    if role == "democrat" and REGION[space] == "eastern_europe" and live(state, FRG):
        return mod + 1
    return mod


ops.CHECK_MODIFIERS.append(((str(GRENZ),), grenztruppen))
ops.CHECK_MODIFIERS.append(((str(FRG),), frg_embassies))


# -- Genscher: 1 op per SP in Communist-controlled East German spaces -------------------
def genscher(state: dict, role: str, space: int, cost: int) -> int:
    if role == "democrat" and COUNTRY[space] == "east_germany" and live(state, GENSCHER):
        return 1
    return cost


ops.PLACE_COSTS.append(((str(GENSCHER),), genscher))


# -- Yakovlev, Peasant Parties Revolt: the next power struggle -------------------------
def used_by_struggle(state: dict, country: str) -> None:
    for key in (str(YAKOVLEV), str(PEASANT_REVOLT)):
        if key in state["effects"]:
            end_effect(state, key)


struggle.AFTER_HOOKS.append(used_by_struggle)


def peasant_revolt(state: dict, ps: dict) -> None:
    """With a controlled Farmer space there, the Democrat takes 1 random card
    of the Communist's deal."""
    if not live(state, PEASANT_REVOLT):
        return
    farmers = [s for s in COUNTRY_SPACES[ps["country"]]
               if TYPE[s] == "farmer" and controls(state, "democrat", s)]
    hand = ps["hands"]["communist"]
    taken = 0
    if farmers and hand:
        ps["hands"]["democrat"].append(rng.draw(state, hand))
        ps["hands"]["democrat"].sort()
        taken = 1
    log(state, "ps_cards_taken", role="democrat", card=PEASANT_REVOLT, n=taken)
    end_effect(state, str(PEASANT_REVOLT))


struggle.DEAL_HOOKS.append(peasant_revolt)


def securitate(state: dict, ps: dict) -> None:
    """At a Romanian deal the Communist sees the Democrat's hand (as dealt)."""
    if ps["country"] == "romania" and live(state, SECURITATE):
        ps["shown"] = sorted(ps["hands"]["democrat"])
        log(state, "hand_shown", role="democrat", card=SECURITATE)


# -- Samizdat: the card set aside comes back before the next deal --------------------------
def samizdat_back(state: dict) -> None:
    effect = live(state, SAMIZDAT)
    if effect is None:
        return
    state["hands"]["democrat"].append(effect["aside"])
    state["hands"]["democrat"].sort()
    end_effect(state, str(SAMIZDAT))


cards.BEFORE_DEAL.append(samizdat_back)


# -- Presidential Visit: one deal of 7 ---------------------------------------------------
def presidential_visit_dealt(state: dict) -> None:
    if live(state, PRES_VISIT):
        end_effect(state, str(PRES_VISIT))


cards.AFTER_DEAL.append(presidential_visit_dealt)

__all__ = ["add_sp", "restricted_ops", "debt_forbids"]
STEPS = ()
