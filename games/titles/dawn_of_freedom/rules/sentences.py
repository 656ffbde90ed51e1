"""A plain English sentence for every kind of log line the rules write.

Log lines are small dicts (a ``kind`` and ids); the site's presentation layer
translates them. This module is the reference wording (and the README's log
table): `sentence(line)` never fails on a line the rules wrote, and
`TEMPLATES` lists every kind.
"""
from __future__ import annotations

from .data import CARD_NAME, COUNTRY_NAME, NAME, PS_NAME, TST


def _side(role) -> str:
    return {"communist": "The Communist", "democrat": "The Democrat"}.get(role, str(role))


def _vp(n: int) -> str:
    return f"Democrat +{n}" if n > 0 else f"Communist +{-n}" if n < 0 else "0"


def _words(line: dict) -> dict:
    """The line's ids as names, for the templates."""
    out = dict(line)
    for key in ("role", "attacker", "player"):
        if key in line:
            out[key] = _side(line[key])
    if line.get("card") is not None:
        out["card"] = CARD_NAME.get(line["card"], line["card"])
    if line.get("space") is not None:
        out["space"] = NAME[line["space"]]
    if "country" in line:
        out["country"] = COUNTRY_NAME.get(line["country"], line["country"])
    if "ps_card" in line:
        out["ps_card"] = PS_NAME[line["ps_card"]]
    if "suit" in line:
        out["suit"] = (line["suit"] or "no suit").replace("_", " ")
    if "box" in line and line.get("role") in ("communist", "democrat"):
        out["box_name"] = TST[line["box"] - 1][f"{line['role']}_name"]
    if "vp" in line and isinstance(line["vp"], int):
        out["vp_text"] = _vp(line["vp"])
    if "change" in line:
        out["change_text"] = _vp(line["change"])
    if "use" in line:
        out["use"] = USES.get(line["use"], str(line["use"]).replace("_", " "))
    if "why" in line:
        out["why"] = REASONS.get(line["why"], str(line["why"]).replace("_", " "))
    if "mode" in line:
        out["mode"] = MODES.get(line["mode"], str(line["mode"]).replace("_", " "))
    if "until" in line:
        out["until"] = UNTIL.get(line["until"], str(line["until"]).replace("_", " "))
    if "effect" in line:
        effect = str(line["effect"])
        out["effect"] = CARD_NAME.get(int(effect), effect) if effect.isdigit() else EFFECTS.get(effect, effect)
    if "cards" in line:
        out["cards_text"] = ", ".join(CARD_NAME.get(c, str(c)) for c in line["cards"]) or "no card"
    out["success_text"] = "success" if line.get("success") else "failure"
    out["first_text"] = ", the first side to get there" if line.get("first") else ""
    out["initiative_text"] = " and takes the initiative" if line.get("initiative") else ""
    out["roll_text"] = f" (counterattack roll {line['roll']})" if line.get("roll") is not None else ""
    return out


USES = {"event": "the event", "ops": "operations", "tst": "a Tiananmen Square attempt",
        "ops_no_event": "operations (its event cannot happen)"}
REASONS = {"final_power": "power still held at the end", "power_retained": "power retained",
           "scoring": "country scoring", "struggle": "the power struggle", "tyrant": "The Tyrant is Gone",
           "tyrant_captured": "the Ceausescus captured", "tyrant_escaped": "the Ceausescus never captured",
           "ussr_stability": "the U.S.S.R. stability track", "tst": "Tiananmen Square",
           "scare_tactics": "Scare Tactics", "event": "an event"}
MODES = {"place": "placing support", "check": "support checks", "tst": "a Tiananmen Square attempt"}
UNTIL = {"turn": "until the end of the turn", "game": "for the rest of the game", "used": "until it is used",
         "struggle": "until the next power struggle", "deal": "until the next deal",
         "play": "until the next card is played", "round": "until the end of the action round",
         "strike": "until the strike is over", "balkans": "until the Balkans are scored",
         "romania": "until the power struggle in Romania", "ops": "for this operations play"}
EFFECTS = {"only": "one operation at a time"}  # lasting effects not named after a card


TEMPLATES = {
    "turn": "Turn {turn} begins.",
    "deal": "Cards are dealt: {counts[communist]} to the Communist, {counts[democrat]} to the Democrat.",
    "period_cards": "The {period} year cards are shuffled into the deck ({deck} cards).",
    "reshuffle": "The discard pile is shuffled into a new deck ({deck} cards).",
    "setup_place": "{role} places 1 set-up SP in {space}.",
    "play": "{role} plays {card} for {use}.",
    "forfeit": "{role} has no card and forfeits action round {round}.",
    "event": "{role} carries out the event of {card}.",
    "event_blocked": "The event of {card} cannot happen now.",
    "event_not_implemented": "The event of {card} is not implemented yet and does not happen.",
    "effect": "{card} stays in effect ({until}).",
    "effect_ends": "A lasting effect ends ({effect}).",
    "discard": "{role} discards {card}.",
    "removed": "{card} is removed from the game.",
    "ops": "{role} uses {ops} ops for {mode}.",
    "ops_lost": "{role} has no use for the {ops} ops.",
    "place": "{role} places 1 SP in {space} (cost {cost}).",
    "support_check": "{role} makes a support check in {space}: roll {roll} + ops {ops} + adjacency {mod}; "
                     "{removed} SPs removed, {added} added.",
    "sp_removed": "{role} loses {n} SPs in {space}.",
    "tst_attempt": "{role} tries Tiananmen Square box {box} with {card}: roll {roll} + ops {ops} "
                   "+ {mod} — {success_text}.",
    "tst_advance": "{role} reaches Tiananmen Square box {box} ({box_name}){first_text}.",
    "tst_news": "{role} keeps one of three drawn cards and discards the others.",
    "tst_swap": "{role} discards {card} and draws a replacement.",
    "struggle": "A power struggle begins in {country}; {attacker} attacks first.",
    "struggle_deal": "Power-struggle cards: {counts[communist]} to the Communist, "
                     "{counts[democrat]} to the Democrat.",
    "raise_discard": "{role} discards {ps_card} to raise the stakes.",
    "raised": "{role} raises the stakes.",
    "no_raise": "{role} does not raise the stakes.",
    "ps_lead": "{role} leads {ps_card} as {suit} (rank {rank}).",
    "ps_wild": "{role} plays {ps_card}.",
    "ps_falters_discard": "{role} loses {ps_card} to Support Falters.",
    "ps_surges_draw": "{role} draws power-struggle cards (Support Surges).",
    "ps_tactic_fails": "{role} plays Tactic Fails: {suit} is out of this struggle.",
    "ps_match": "{role} answers with {ps_card}{roll_text}{initiative_text}.",
    "ps_concede": "{role} does not answer.",
    "struggle_no_lead": "{role} has no card to lead.",
    "struggle_won": "{role} wins the power struggle in {country} ({suit}).",
    "support_loss_roll": "{role} rolls {roll} + {mod} for support loss and loses {lose} SPs.",
    "struggle_vp_roll": "{role} rolls {roll} + {mod} and scores {vp} VP.",
    "power_taken": "The Democrat takes power in {country} ({how}).",
    "power_retained": "The Communist keeps power in {country} ({times} times).",
    "score": "{country} is scored: Democrat {democrat[vp]}, Communist {communist[vp]}.",
    "struggle_over": "The power struggle in {country} is over.",
    "vp": "VP {change_text} ({why}): the marker is at {vp_text}.",
    "automatic_victory": "{role} reaches {vp_text} and wins.",
    "scoring_card_held": "A scoring card was held at the end of the turn ({roles}).",
    "new_years_eve": "New Year's Eve Party: the game ends this turn.",
    "final_scoring": "Final scoring.",
    "final_power_bonus": "The Communist still holds power in {countries} countries.",
    "ussr_stability": "The U.S.S.R. stability marker moves to step {step} ({card}).",
    "ussr_out_of_order": "{card} is out of order on the U.S.S.R. stability track.",
    "crowd_turns_acts": "The Crowd Turns Against Ceausescu takes effect.",
    "tyrant_waits": "The Tyrant is Gone waits for the Romanian power struggle.",
    "tyrant_resolves": "The Tyrant is Gone: {removed} Communist SPs leave Cluj-Napoca.",
    "tyrant_refuge": "The Ceausescus flee to {space}.",
    "tyrant_no_refuge": "The Ceausescus have nowhere to flee.",
    "tyrant_captured": "The Ceausescus are captured in {space}.",
    "tyrant_escaped": "The Ceausescus were never captured.",
    "sp_added": "{role} adds {n} SPs in {space}.",
    "no_effect": "The event of {card} happens without effect.",
    "strike_roll": "General Strike: {role} discards {card} and rolls {roll} + ops {ops}; "
                   "the strike ends: {ended}.",
    "extra_round": "{role} takes the extra action round: {taken}.",
    "stasi_named": "Stasi: {role} names {card} for the next action round.",
    "take_from_discard": "{role} takes {card} from the discard pile.",
    "roundtable_transfer": "Roundtable Talks: {role} takes {n} of the opponent's "
                           "power-struggle cards.",
    "card_given": "{role} gives {card} to the opponent.",
    "event_roll": "{card}: {role} rolls {roll} against {against}; success: {success}.",
    "paired": "{role} uses {card} for operations, without its event.",
    "cards_revealed": "{role} shows the red-titled cards in hand: {cards_text}.",
    "take_from_hand": "{role} takes {card} from the opponent's hand.",
    "crowd_draw": "The Crowd Turns Against Ceausescu: {n} Rally in the Square cards among "
                  "those drawn.",
    "cards_drawn": "{role} draws {n} cards.",
    "modified_roll": "{card}: {role} rolls {roll}, modified to {total}, needing {needs}: "
                     "{success_text}.",
    "roll_adds": "{card}: {role} rolls {roll} and adds {n} SPs.",
    "ps_cards_taken": "{card}: {role} takes {n} of the opponent's power-struggle cards.",
    "contest_roll": "{card}: the Democrat totals {democrat}, the Communist {communist}.",
    "contest_won": "{card}: {role} wins the contest.",
    "new_years_eve_declined": "New Year's Eve Party: {role} lets the game go on.",
    "eliminated": "{space} is eliminated from the game (Systematization).",
    "hand_shown": "{card}: {role} shows the power-struggle hand to the opponent.",
}


# the wording of a line whose count is 1: kind -> (the count's field, the singular)
SINGULAR = {
    "ops": ("ops", "{role} uses {ops} op for {mode}."),
    "ops_lost": ("ops", "{role} has no use for the {ops} op."),
    "support_check": ("removed", "{role} makes a support check in {space}: roll {roll} + ops {ops} + adjacency {mod}; "
                                 "{removed} SP removed, {added} added."),
    "sp_removed": ("n", "{role} loses {n} SP in {space}."),
    "sp_added": ("n", "{role} adds {n} SP in {space}."),
    "support_loss_roll": ("lose", "{role} rolls {roll} + {mod} for support loss and loses {lose} SP."),
    "power_retained": ("times", "The Communist keeps power in {country} ({times} time)."),
    "tyrant_resolves": ("removed", "The Tyrant is Gone: {removed} Communist SP leaves Cluj-Napoca."),
    "final_power_bonus": ("countries", "The Communist still holds power in {countries} country."),
    "crowd_draw": ("n", "The Crowd Turns Against Ceausescu: {n} Rally in the Square card among those drawn."),
    "cards_drawn": ("n", "{role} draws {n} card."),
    "roll_adds": ("n", "{card}: {role} rolls {roll} and adds {n} SP."),
}


def template(line: dict) -> str:
    """The line's wording: its kind's, in the singular where its count is 1."""
    one = SINGULAR.get(line["kind"])
    return one[1] if one and line.get(one[0]) == 1 else TEMPLATES[line["kind"]]


def sentence(line: dict) -> str:
    return template(line).format(**_words(line))
