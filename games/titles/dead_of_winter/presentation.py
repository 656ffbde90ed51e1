"""Dead of Winter: Warring Colonies as the site shows it (the title's side of the presentation contract).

Seats are "Player 1" … "Player 11" until the site's table page names them by
their players; option values come from the content packs (the house pack is
labelled as house content, never as official). The table page is
``dead_of_winter/board.html`` (``templatetags/dow_board.py``); log lines are
sentences from ``sentences.py``.
"""
from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

from games.engine.presentation import Presentation, Ref

from . import names as N
from . import order_words, prompt_words
from . import changes, sentences
from .rules import RULES
from .rules.data import CONTENTS
from .rules.setup import sides_for


def _objective_names() -> dict:
    names = {}
    for content in CONTENTS.values():
        for objective_id, objective in content.objectives.items():
            names.setdefault(objective_id, objective.get("name", objective_id))
    return names


def _pack_names() -> dict:
    return {pack_id: " + ".join(p["name"] for p in content.packs) for pack_id, content in CONTENTS.items()}


OBJECTIVES = _objective_names()
PACKS = _pack_names()


def pack_label(content_id) -> str:
    """A content option's packs, in the reader's words ("Public facts + House content")."""
    content = CONTENTS.get(content_id)
    return " + ".join(N.words(p["name"]) for p in content.packs) if content else str(content_id)


# Moves that write no log line (sealed picks, wound placement...): what the
# others may know of them. Sealed picks never name the pick.
ACTION_TEXTS = {
    "keep": pgettext_lazy("dead_of_winter", "%(side)s chose what to keep."),
    "vote": pgettext_lazy("dead_of_winter", "%(side)s voted."),
    "xvote": pgettext_lazy("dead_of_winter", "%(side)s voted."),
    "tactic": pgettext_lazy("dead_of_winter", "%(side)s chose a tactic."),
    "bid": pgettext_lazy("dead_of_winter", "%(side)s bid bullets."),
    "combat": pgettext_lazy("dead_of_winter", "%(side)s chose a tactic and a bullet bid."),
    "order": pgettext_lazy("dead_of_winter", "%(side)s set the order of the next crises."),
    "option": pgettext_lazy("dead_of_winter", "%(side)s chose an option of the crossroads card."),
    "swap": pgettext_lazy("dead_of_winter", "%(side)s swapped a mission."),
    "noise": pgettext_lazy("dead_of_winter", "%(side)s made noise to draw another card."),
}
# a sealed exchange's inputs (option ``movement: exchanges``): one text whatever the pick, so the
# verb never tells a move from a pass before the exchange is revealed
SEALED_MOVE = pgettext_lazy("dead_of_winter", "%(side)s made their sealed choice for the movement exchange.")
ACTION_TEXTS.update({"move": SEALED_MOVE, "pass": SEALED_MOVE, "fallback": SEALED_MOVE})
MOVEMENT_VALUES = {
    "alternating": pgettext_lazy("dead_of_winter", "alternating (one move at a time)"),
    "exchanges": pgettext_lazy("dead_of_winter", "sealed exchanges (both colonies move at once; recommended for daily play)"),
}

COMBAT_VALUES = {
    "standard": pgettext_lazy("dead_of_winter", "standard (the rulebook's way: tactics, then bullet bids)"),
    "fast": pgettext_lazy("dead_of_winter", "fast (house option: tactic and bid sealed together)"),
}


CARD_VERBS = ("keep", "give", "play", "equip", "discard", "use", "crisis")  # a card number leads the argument


class DeadOfWinterPresentation(Presentation):
    place_keys = {"survivor": "survivor"}
    blurb = pgettext_lazy("dead_of_winter", "Two colonies get through a winter of zombies side by side, for 4 to 11 players: "
                          "search the town, fight, vote on each crisis, and watch for a Lone Wolf. The cards are in our "
                          "own words (house content); the printed cards are not reproduced.")
    picture = "dead_of_winter/board-picture.jpg"
    picture_of = ".dow"
    # the action bar's group labels (a group's key is never shown as a word)
    choice_groups = {
        "ability": pgettext_lazy("dead_of_winter", "Abilities"), "attack": pgettext_lazy("dead_of_winter", "Attack"),
        "barricade": pgettext_lazy("dead_of_winter", "Barricade"), "bid": pgettext_lazy("dead_of_winter", "Bid"),
        "bite": pgettext_lazy("dead_of_winter", "Exposure"), "clean": pgettext_lazy("dead_of_winter", "Clean waste"),
        "crises": pgettext_lazy("dead_of_winter", "Crisis"), "crisis": pgettext_lazy("dead_of_winter", "Crisis"),
        "crossroads": pgettext_lazy("dead_of_winter", "Crossroads"), "food": pgettext_lazy("dead_of_winter", "Food"),
        "move": pgettext_lazy("dead_of_winter", "Move"), "request": pgettext_lazy("dead_of_winter", "Ask a teammate"),
        "search": pgettext_lazy("dead_of_winter", "Search"), "survivors": pgettext_lazy("dead_of_winter", "Survivors"),
        "tactics": pgettext_lazy("dead_of_winter", "Tactics"), "vote": pgettext_lazy("dead_of_winter", "Vote"),
        "bullet": pgettext_lazy("dead_of_winter", "Bullets"), "fallback": pgettext_lazy("dead_of_winter", "If that cannot be done"),
        "handoff": pgettext_lazy("dead_of_winter", "Hand off"), "missions": pgettext_lazy("dead_of_winter", "Missions"),
        "places": pgettext_lazy("dead_of_winter", "Places"), "wolf": pgettext_lazy("dead_of_winter", "Lone Wolf"),
        "hand": pgettext_lazy("dead_of_winter", "Your hand"),
    }
    names_seats = True  # "fay (Player 3)" in sentences, the board and the prompts

    def line_places(self, line: dict) -> list[tuple]:
        """A line's survivor, and where it happened: a location, or a colony
        (an entrance is its colony's; the Den has no single place on the board)."""
        out = super().line_places(line)
        pairs = [p for p in line.get("places") or [] if isinstance(p, list) and p]  # where zombies arrived
        for at in [str(line.get("at") or "")] + [str(p[0]) for p in pairs]:
            if at in ("a", "b") or "@" in at:
                out.append(("colony", at.split("@")[0]))
            elif at and at != "den":
                out.append(("loc-id", at))
        return out

    def choice_places(self, choice) -> list[tuple]:
        """A survivor's move, search or attack: the survivor, and where a move goes."""
        parts = str(choice.arg).split(">") if choice.verb in ("move", "search", "attack") else []
        if not parts or not parts[0].isdigit():
            return []
        out = [("survivor", parts[0])]
        if choice.verb == "move" and len(parts) > 1:
            to = parts[1]
            out.append(("colony", to.split("@")[0]) if to in ("a", "b") or "@" in to else ("loc-id", to))
        return out

    def place_name(self, attr: str, key: str) -> str:
        if attr == "survivor":
            return N.survivor(int(key)) if key.isdigit() else ""
        return {"colony": N.side, "loc-id": N.location}.get(attr, lambda k: "")(key)

    card_keys = ("card", "cards")
    CROSSROADS_KINDS = ("crossroads", "crossroads_choice", "crossroads_vote")

    def card_ref(self, number: int) -> Ref | None:
        name = N.card(number) if isinstance(number, int) and 0 <= number < len(N.content().card) else ""
        return Ref(name, text=N.card_text(number)) if name else None

    def line_cards(self, line: dict) -> list[Ref]:
        """Item cards by number; a crossroads line's card is a crossroads card, and
        the tactics line names the two tactics (by id)."""
        kind = line.get("kind")
        if kind == "tactics":
            return [Ref(N.tactic(line.get(s)), text=N.tactic_text(line.get(s))) for s in ("a", "b")
                    if N.tactic_text(line.get(s))]
        if kind in self.CROSSROADS_KINDS:
            text = N.crossroads_text(line.get("card"))
            return [Ref(N.crossroads(line.get("card")), text=text)] if text else []
        return super().line_cards(line)

    def choice_split(self, choice) -> str:
        """Moves come by survivor (pick the survivor, then where to): the survivor's name."""
        head = str(choice.arg).split(">")[0] if choice.verb in ("move", "fallback") else ""
        return N.survivor(int(head)) if head.isdigit() else ""

    def choice_note(self, choice) -> str:
        """What the chosen card or tactic does: a tactic, a card to keep, give,
        play or equip (its number leads the argument)."""
        head = str(choice.arg).split(">")[0]  # fast combat's "tactic>bid" leads with the tactic
        if not head.isdigit():
            return ""
        if choice.verb in ("tactic", "combat"):
            return N.tactic_text_at(int(head))
        if choice.verb == "keep" and choice.group == "survivors":  # the draft: the survivor's ability
            return N.survivor_ability(int(head))
        return N.card_text(int(head)) if choice.verb in CARD_VERBS else ""

    def hand_text(self, items, options: dict | None = None) -> list[str]:
        return [N.card(n, (options or {}).get("content")) for n in items or []]
    board_template = "dead_of_winter/board.html"
    result_reasons = N.REASONS
    option_texts = {
        "players": (pgettext_lazy("dead_of_winter", "Players"),
                    pgettext_lazy("dead_of_winter", "Two colonies of equal size; with an odd number one player is the Lone Wolf.")),
        "content": (pgettext_lazy("dead_of_winter", "Card content"),
                    pgettext_lazy("dead_of_winter", "The content packs the game uses. House content is ours, not the publisher's.")),
        "objective": (pgettext_lazy("dead_of_winter", "Main objective"), pgettext_lazy("dead_of_winter", "What each colony races to complete.")),
        "quick_play": (pgettext_lazy("dead_of_winter", "Quick play"), pgettext_lazy("dead_of_winter", "Shorter turns (the rulebook's quick-play variant).")),
        "movement": (pgettext_lazy("dead_of_winter", "Movement"), pgettext_lazy(
            "dead_of_winter", "Alternating: the rulebook's way, one survivor move at a time, colony by colony. "
            "Sealed exchanges: both players of a turn choose their next move at once in secret (with an optional "
            "fallback), then both are revealed and made; fewer waits by mail.")),
        "combat": (pgettext_lazy("dead_of_winter", "Combat"), pgettext_lazy(
            "dead_of_winter", "Standard: the rulebook's way, each colony leader chooses a tactic in secret, sees "
            "both tactics revealed, then bids bullets in secret. Fast combat is a house option, not an official "
            "rule: each leader chooses the tactic and the bullet bid together in one secret choice, before "
            "seeing the other colony's tactic; one wait per fight instead of two.")),
    }

    def role_label(self, role) -> str:
        text = str(role or "")
        if text.startswith("p") and text[1:].isdigit():
            return pgettext("dead_of_winter", "Player %(n)s") % {"n": text[1:]}
        return super().role_label(role)

    def deputy_text(self, role) -> str:
        """CD§4 item 6: the banner of the seat acting for its absent colony leader in a fight."""
        return pgettext("dead_of_winter", "%(seat)s (your colony leader) is away: you act as deputy leader "
                        "for this fight") % {"seat": self.role_label(role)}

    def board_changes(self, before: dict, after: dict) -> list:
        return changes.board_changes(before, after)

    def log_sentence(self, line: dict) -> str:
        text = sentences.sentence(line)
        return text if text is not None else super().log_sentence(line)

    def action_text(self, role, verb: str, arg) -> str:
        who = N.role(role)
        if verb in ("target", "wound") and isinstance(arg, int):
            text = pgettext("dead_of_winter", "%(side)s placed a wound on %(survivor)s.") if verb == "wound" else \
                pgettext("dead_of_winter", "%(side)s aimed the wound at %(survivor)s.")
            return text % {"side": who, "survivor": N.survivor(arg)}
        if verb == "leader":
            return pgettext("dead_of_winter", "%(side)s broke the tie: %(leader)s leads the colony.") % {"side": who, "leader": N.role(arg)}
        if verb in ACTION_TEXTS:
            return str(ACTION_TEXTS[verb]) % {"side": who}
        return pgettext("dead_of_winter", "%(side)s made a choice.") % {"side": who}

    def standing_orders_words(self, orders: list[dict]) -> list[dict]:
        return order_words.localize(orders)

    # the rules' English prompts in the reader's words (prompt_words.py)
    def prompt_text(self, prompt) -> str:
        return prompt_words.translate_text(prompt.text) if prompt else ""

    def waiting_text(self, prompt) -> str:
        return prompt_words.translate_text(prompt.waiting_text) if prompt else ""

    def choice_label(self, choice) -> str:
        """The button's words from the choice's verb and argument (ids named in words)."""
        label = prompt_words.label_text(choice)
        return N.named_ids(super().choice_label(choice)) if label is None else label

    def teams(self, roles) -> list[list[str]]:
        """The teams the ratings rate together: the two colonies, the Lone Wolf alone (WC§1)."""
        ordered = sorted(roles, key=lambda r: int(r[1:]) if r[1:].isdigit() else 0)
        sides = sides_for(len(ordered))
        teams: dict[str, list[str]] = {}
        for role, side in zip(ordered, sides):
            teams.setdefault(side, []).append(role)
        return [teams[s] for s in ("a", "b", "w") if s in teams]

    def team_label(self, team: list[str]) -> str:
        """Colony A (odd seats), Colony B (even seats) or, alone, the Lone Wolf (WC§1)."""
        if len(team) == 1:
            return pgettext("dead_of_winter", "Lone Wolf")
        return str(N.SIDE_NAMES["a" if int(team[0][1:]) % 2 else "b"])

    def option_value_label(self, name: str, value) -> str:
        if name == "players":
            return pgettext("dead_of_winter", "%(n)s players") % {"n": value}
        if name == "objective":
            return N.words(OBJECTIVES[value]) if value in OBJECTIVES else str(value).replace("_", " ")
        if name == "content":
            return pack_label(value)
        if name == "movement" and value in MOVEMENT_VALUES:
            return str(MOVEMENT_VALUES[value])
        if name == "combat" and value in COMBAT_VALUES:
            return str(COMBAT_VALUES[value])
        return super().option_value_label(name, value)


PRESENTATION = DeadOfWinterPresentation(RULES)
