"""The lasting parts of the Late Year events (cards 82-110), wired through the
framework's hooks (README "Events 7.x").

- Ligachev (99): ``play.PLAY_HOOKS`` (the Democrat's next card).
- Stand Fast (100), Elena (101): ``ops.CHECK_MODIFIERS``.
- National Salvation Front (102): ``struggle.DEAL_HOOKS`` (the next Balkan struggle).
- Army Backs Revolution (108) ends Securitate (70) and blocks it.
"""
from __future__ import annotations

from games.rules.core import rng

from .. import ops, play, struggle
from ..board import controls, gain_vp, log
from ..cards import end_effect
from ..data import COUNTRY, OTHER
from .middle_year_steps import securitate

GORBACHEV, LIGACHEV, STAND_FAST, ELENA, NSF = 14, 99, 100, 101, 102


def live(state: dict, card: int) -> dict | None:
    return state["effects"].get(str(card))


# -- Ligachev ------------------------------------------------------------------------
def ligachev(state: dict, role: str, card: int, use: str) -> None:
    """The Democrat's next card: the Communist scores 3 first, unless it is
    Gorbachev Charms the West played for its event."""
    if role != "democrat" or str(LIGACHEV) not in state["effects"]:
        return
    end_effect(state, str(LIGACHEV))
    if not (card == GORBACHEV and use in ("event", "both")):
        gain_vp(state, "communist", 3, "event")


play.PLAY_HOOKS.append(ligachev)


# -- Stand Fast, Elena: check modifiers ---------------------------------------------------
def stand_fast(state: dict, role: str, space: int, mod: int) -> int:
    """-1 to the opponent's checks against the spaces the player controls."""
    for key, effect in state["effects"].items():
        if key.split(".")[0] == str(STAND_FAST) and effect["role"] == OTHER[role] \
                and controls(state, effect["role"], space):
            mod -= 1
    return mod


def elena(state: dict, role: str, space: int, mod: int) -> int:
    if role == "democrat" and COUNTRY[space] == "romania" and live(state, ELENA):
        return mod - 1
    return mod


ops.CHECK_MODIFIERS.append(((str(STAND_FAST), f"{STAND_FAST}.2"), stand_fast))
ops.CHECK_MODIFIERS.append(((str(ELENA),), elena))


# -- National Salvation Front ---------------------------------------------------------------
def national_salvation_front(state: dict, ps: dict) -> None:
    """The next Balkan struggle where the Democrat was dealt 2 cards or more:
    the Communist takes 2 of them at random."""
    if not live(state, NSF) or ps["country"] not in ("romania", "bulgaria"):
        return
    hand = ps["hands"]["democrat"]
    if len(hand) < 2:
        return
    for _ in range(2):
        ps["hands"]["communist"].append(rng.draw(state, hand))
    ps["hands"]["communist"].sort()
    log(state, "ps_cards_taken", role="communist", card=NSF, n=2)
    end_effect(state, str(NSF))


struggle.DEAL_HOOKS.append(national_salvation_front)
struggle.DEAL_HOOKS.append(securitate)  # after every adjustment of the hands

STEPS = ()
