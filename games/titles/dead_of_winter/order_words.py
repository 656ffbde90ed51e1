"""The standing orders (rules/orders.py) in the reader's words: the rules
label them in English, the presentation (`standing_orders_words`) says each
label again in the context ``dead_of_winter``; keys and values never change."""
from __future__ import annotations

from django.utils.translation import pgettext_lazy

WORDS = {
    "Ask me": pgettext_lazy("dead_of_winter", "Ask me"),
    "When a bite spreads to a survivor you control": pgettext_lazy(
        "dead_of_winter", "When a bite spreads to a survivor you control"),
    "Roll the exposure die": pgettext_lazy("dead_of_winter", "Roll the exposure die"),
    "Let the survivor die (the spread stops)": pgettext_lazy("dead_of_winter", "Let the survivor die (the spread stops)"),
    "As colony leader, when your colony loses a combat": pgettext_lazy(
        "dead_of_winter", "As colony leader, when your colony loses a combat"),
    "Spread the wounds evenly, lowest influence first": pgettext_lazy(
        "dead_of_winter", "Spread the wounds evenly, lowest influence first"),
    "As colony leader, when a combat die or tactic wounds the enemy": pgettext_lazy(
        "dead_of_winter", "As colony leader, when a combat die or tactic wounds the enemy"),
    "Wound the highest-influence enemy survivor there": pgettext_lazy(
        "dead_of_winter", "Wound the highest-influence enemy survivor there"),
    "As the Lone Wolf, when both colonies fight where your survivors are": pgettext_lazy(
        "dead_of_winter", "As the Lone Wolf, when both colonies fight where your survivors are"),
    "Flee to the Den": pgettext_lazy("dead_of_winter", "Flee to the Den"),
    "Join Colony A": pgettext_lazy("dead_of_winter", "Join Colony A"),
    "Join Colony B": pgettext_lazy("dead_of_winter", "Join Colony B"),
}


def words(text: str) -> str:
    """A label of the rules in the reader's words (unknown text stays as written)."""
    found = WORDS.get(text)
    return str(found) if found is not None else text


def localize(orders: list[dict]) -> list[dict]:
    return [{**order, "label": words(order["label"]),
             "choices": tuple((value, words(label)) for value, label in order["choices"])} for order in orders]
