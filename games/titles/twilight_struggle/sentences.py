"""Twilight Struggle log lines as sentences (the title's half of `describe`)."""
from __future__ import annotations

import re

from games.titles.twilight_struggle.rules import data

from .names import ERA_NAME, REGION_NAME, SIDE_LABEL, card


def _country(cid) -> str:
    try:
        return data.NAME[int(cid)]
    except (TypeError, ValueError, IndexError):
        return str(cid)


def _card(number) -> str:
    info = card(number)
    return f"{info['name']} (#{info['number']})" if info else str(number)


def _side(role) -> str:
    return SIDE_LABEL.get(role, str(role or "").upper())


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _coup(e: dict) -> str:
    stab = data.STABILITY[e["country"]] if isinstance(e.get("country"), int) else 0
    total = e.get("roll", 0) + e.get("ops", 0) + e.get("mod", 0)
    margin = total - 2 * stab
    mod = f" {_signed(e['mod'])} modifier" if e.get("mod") else ""
    text = (f"{_side(e.get('role'))} {'free ' if e.get('free') else ''}coup in {_country(e.get('country'))}: "
            f"rolled {e.get('roll')} + {e.get('ops')} ops{mod} = {total} against {2 * stab} (twice stability {stab})")
    if margin > 0:
        return text + f" — success by {margin}: removed {e.get('removed', 0)}, added {e.get('added', 0)}."
    return text + " — failed."


def _realign(e: dict) -> str:
    rolls, mods = e.get("rolls") or [0, 0], e.get("mods") or [0, 0]
    us, ussr = rolls[0] + mods[0], rolls[1] + mods[1]
    winner = "US" if us > ussr else "USSR" if ussr > us else None
    result = f"{winner} wins, removing {e.get('removed', 0)} influence" if winner else "a tie, nothing changes"
    return (f"{_side(e.get('role'))} realignment in {_country(e.get('country'))}: US rolled {rolls[0]} "
            f"{_signed(mods[0])} = {us}, USSR rolled {rolls[1]} {_signed(mods[1])} = {ussr} — {result}.")


def _space(e: dict) -> str:
    box = data.SPACE[e["box"] - 1] if 1 <= (e.get("box") or 0) <= len(data.SPACE) else None
    need = f" (needs {box['roll_max']} or less)" if box else ""
    name = f" {box['name']}" if box else ""
    outcome = "success" if e.get("success") else "failed"
    return (f"{_side(e.get('role'))} space race attempt with {_card(e.get('card'))} for box {e.get('box')}"
            f"{name}: rolled {e.get('roll')}{need} — {outcome}.")


def _score(e: dict) -> str:
    def part(side):
        value = e.get(side)
        return str(value.get("vp", value)) if isinstance(value, dict) else str(value)
    return f"{REGION_NAME.get(e.get('region'), e.get('region'))} scored: US {part('us')} VP, USSR {part('ussr')} VP."


REASONS = {"war": "a war", "turn": "the end of the turn", "space": "the space race",
           "milops": "military operations short of DEFCON", "coup": "a coup", "china_card": "the China Card",
           "trapped": "a trapped superpower", "landed": "the space race landing", "olympic_boycott":
           "the Olympic boycott", "summit": "Summit", "salt": "SALT Negotiations"}
CARD_SLUGS = {re.sub(r"[^a-z0-9]+", "_", c["name"].lower()).strip("_"): c["name"] for c in data.CARDS.values()}


def why(reason: str) -> str:
    """A log line's reason (a region, a card, a rule) in words."""
    if reason in REGION_NAME:
        return f"{REGION_NAME[reason]} scoring"
    if reason in REASONS:
        return REASONS[reason]
    names = [name for slug, name in CARD_SLUGS.items() if slug.startswith(reason)]
    names = names or [name for slug, name in CARD_SLUGS.items() if reason in slug]
    return names[0] if names else reason.replace("_", " ")


def _vp(e: dict) -> str:
    """Who gained, as the track reads it (positive = US ahead)."""
    delta, total = e.get("delta", 0), e.get("total", 0)
    gainer = "US" if delta > 0 else "USSR"
    leader = f"US {total}" if total > 0 else f"USSR {-total}" if total < 0 else "even"
    reason = f" ({why(e['why'])})" if e.get("why") else ""
    return f"{gainer} gains {abs(delta)} VP{reason}; the track reads {leader}."


def _revealed(e: dict) -> str:
    names = ", ".join(_card(c) for c in e.get("cards") or [])
    return f"{_side(e.get('role'))} shows the scoring cards held: {names}."


LOG = {
    "scoring_cards_revealed": _revealed,
    "place": lambda e: f"{_side(e.get('role'))} placed influence in "
                       f"{', '.join(_country(c) for c in e.get('countries') or [])}.",
    "turn": lambda e: f"Turn {e.get('turn')} begins.",
    "deal": lambda e: "Cards dealt" + (": " + ", ".join(f"{_side(r)} {n}" for r, n in
                                                         (e.get("counts") or {}).items()) if e.get("counts") else "") + ".",
    "headline_shown": lambda e: f"{_side(e.get('role'))} headline shown first: {_card(e.get('card'))}.",
    "headline": lambda e: "Headlines revealed: " + ", ".join(
        f"{_side(r)} {_card(c) if c else 'no headline'}" for r, c in (e.get("picks") or {}).items()) + ".",
    "play": lambda e: f"{_side(e.get('role'))} played {_card(e.get('card'))} for "
                      f"{ {'event': 'the event', 'ops': 'operations', 'space': 'the space race'}.get(e.get('use'), e.get('use')) }.",
    "ops": lambda e: f"{_side(e.get('role'))} uses {e.get('ops')} ops for {e.get('mode')}.",
    "ops_lost": lambda e: f"{_side(e.get('role'))} could not use the {e.get('ops')} ops of {_card(e.get('card'))}.",
    "coup": _coup,
    "realign": _realign,
    "space": _space,
    "pass": lambda e: f"{_side(e.get('role'))} passed action round {e.get('round')}.",
    "defcon": lambda e: f"DEFCON {'degraded' if e.get('after', 0) < e.get('before', 0) else 'improved'} "
                        f"from {e.get('before')} to {e.get('after')}" + (f" ({why(e['why'])})" if e.get("why") else "") + ".",
    "vp": _vp,
    "milops": lambda e: "Military operations checked against DEFCON {}: USSR {}, US {}; short USSR {}, US {}.".format(
        e.get("defcon"), (e.get("milops") or {}).get("ussr"), (e.get("milops") or {}).get("us"),
        (e.get("short") or {}).get("ussr"), (e.get("short") or {}).get("us")),
    "event": lambda e: f"Event: {_card(e.get('card'))} for the {_side(e.get('role'))}.",
    "event_blocked": lambda e: f"The event of {_card(e.get('card'))} cannot happen.",
    "effect": lambda e: f"{_card(e.get('card'))} now in effect for the {_side(e.get('role'))}.",
    "china": lambda e: f"The China Card passes to the {_side(e.get('to'))}, face {'up' if e.get('up') else 'down'}.",
    "era": lambda e: f"{ERA_NAME.get(e.get('era'), e.get('era'))} cards shuffled into the deck.",
    "reshuffle": lambda e: f"Discards reshuffled into the deck ({e.get('deck')} cards).",
    "score": _score,
    "final_scoring": lambda e: "Final scoring.",
    "discard": lambda e: f"{_side(e.get('role'))} discarded {_card(e.get('card'))}.",
    "remove": lambda e: f"{_side(e.get('role'))} influence removed from {_country(e.get('country'))}.",
    "influence": lambda e: f"{_side(e.get('role'))} influence in {_country(e.get('country'))} "
                           f"{_signed(e.get('delta', 0))}.",
    "war": lambda e: f"War by the {_side(e.get('role'))} on {_country(e.get('country'))}: rolled {e.get('roll')}"
                     + (f" {_signed(e['mod'])} modifier" if e.get("mod") else "") + ".",
    "ccw_resolved": lambda e: "The Chinese Civil War is over; the USSR takes the China Card.",
    "no_target": lambda e: f"No target for the {_side(e.get('role'))}.",
    "scoring_card_held": lambda e: "A scoring card was held at the end of the turn.",
}


def sentence(entry: dict) -> str:
    """One structured log line as a sentence; unknown kinds fall back to their fields."""
    kind = entry.get("kind")
    render = LOG.get(kind)
    if render is not None:
        try:
            return render(entry)
        except (KeyError, TypeError, ValueError, IndexError):
            pass
    fields = []
    for key, value in entry.items():
        if key in ("kind", "seq"):
            continue
        if key == "card" and value is not None:
            value = _card(value)
        elif key == "country" and value is not None:
            value = _country(value)
        elif key in ("role", "sponsor", "to"):
            value = _side(value)
        fields.append(f"{key.replace('_', ' ')} {value}")
    head = str(kind or "").replace("_", " ").capitalize()
    return head + (": " + ", ".join(fields) if fields else "") + "."
