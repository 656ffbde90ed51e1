"""The presentation contract: what the site shows of a title, in words.

Every title app has ``presentation.py`` exposing ``PRESENTATION``, an instance
of a `Presentation` subclass; the registry pairs it with the title's RULES.
The site never names a title: it asks the presentation for the board
template, a sentence per log line ("" for a line with nothing to tell, which
pages leave out) and per move (`describe`, secret arguments hidden with
``hide_arg``), a finished game's result (`result_text`), a hidden hand's
items (`hand_text`, for the moderators' audited look), and labels and help
text for roles and options, and a prompt's words (`prompt_text`,
`waiting_text`, `choice_label`, or all at once with `localize_prompt`: the
rules write English, the reader may not). The conformance suite (tests/test_presentation.py) checks
every registered title against this contract.

A title without its own presentation gets this generic one, which still
never shows a raw id or JSON to a player.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import SimpleNamespace

from django.utils.translation import get_language, gettext as _, ngettext

from games.engine.links import Ref
from games.engine.naming import seat_name
from games.rules.core import Prompt, pseudo
from games.rules.core.undo import UNDO


SITE_LINES = ("defaulted", "sealed")
PSEUDO_LINES = {pseudo.RESIGN, pseudo.TIMEOUT, pseudo.ABANDON, pseudo.ADJUDICATE, pseudo.ANNUL}


@dataclass(frozen=True)
class OptionField:
    """One game option as the create form and the game pages show it."""

    name: str
    label: str
    help: str
    choices: tuple  # ((value, label), ...); the first is the default


@dataclass(frozen=True)
class Change:
    """One thing on the board that differs between two views of one seat
    (the "since you last looked" briefing, games/briefing/): ``label`` names it
    in words ("Panama: US influence", "DEFCON"), ``before`` and ``after`` are
    its values in words; ``mark`` is the board element that shows it, as
    (data attribute, value), e.g. ("country", "23") for ``[data-country="23"]``,
    or None for a counter the board has no single place for."""

    label: str
    before: str
    after: str
    mark: tuple | None = None


def changed(label, before, after, mark: tuple | None = None) -> list[Change]:
    """[Change] when ``before`` and ``after`` (already words or numbers) differ, else []."""
    return [] if before == after else [Change(str(label), str(before), str(after), mark)]


def keyed_changes(before: dict, after: dict, label, words, mark_attr: str | None = None,
                  order=int) -> list[Change]:
    """Changes of a map keyed by place (a country's influence, a space's support):
    one per key whose value differs, keys in ``order``; ``label(key)`` and
    ``words(value or None)`` say them; the mark is ``(mark_attr, key)``."""
    keys = sorted(set(before) | set(after), key=order)
    return [Change(str(label(k)), str(words(before.get(k))), str(words(after.get(k))),
                   (mark_attr, str(k)) if mark_attr else None)
            for k in keys if before.get(k) != after.get(k)]


def yes_no(value) -> str:
    return _("Yes") if value else _("No")


class Presentation:
    """Generic words for any title; titles override what they know better."""

    board_template = "games/boards/_generic.html"
    role_names: dict = {}  # role -> lazy label
    option_texts: dict = {}  # option name -> (label, help)

    def __init__(self, rules):
        self.rules = rules

    # -- the home page ---------------------------------------------------------
    blurb = ""  # what the game is, in one or two sentences of our own (a lazy translation)
    picture = ""  # a static path: a picture of the board as the site draws it (scripts/board_pictures.py)
    picture_of = ".game-board"  # the part of the game page that picture shows

    def seats_text(self) -> str:
        """How many play: "2 players", "4–11 players"."""
        counts = sorted({len(self.rules.roles(self.rules.scenarios()[0], options))
                         for options in option_variants(self.rules)})
        low, high = counts[0], counts[-1]
        if low == high:
            return ngettext("%(n)s player", "%(n)s players", low) % {"n": low}
        return _("%(low)s–%(high)s players") % {"low": low, "high": high}

    # -- names -------------------------------------------------------------
    @property
    def title_name(self) -> str:
        return str(self.rules.name or self.rules.title_id)

    def role_label(self, role) -> str:
        if role in self.role_names:
            return str(self.role_names[role])
        return str(role or "").replace("_", " ").title()

    names_seats = False  # seats labelled by number ("Player 3"): sentences add the player's name

    def seat_text(self, role) -> str:
        """A seat in a sentence: its label, with the player's name where the title
        numbers its seats and the site has set the names (games/engine/naming.py)."""
        label = self.role_label(role)
        name = seat_name(role) if self.names_seats else ""
        return _("%(name)s (%(seat)s)") % {"name": name, "seat": label} if name else label

    def teams(self, roles) -> list[list[str]]:
        """Which roles play together (the ladder rates team games by team):
        every role alone unless a title says otherwise (colonies, alliances)."""
        return [[role] for role in roles]

    def team_label(self, team: list[str]) -> str:
        """A team's name in the lobby and the chat ("Colony A"); generic: its seats."""
        return ", ".join(self.role_label(role) for role in team)

    # -- options -----------------------------------------------------------
    def option_fields(self) -> list[OptionField]:
        fields = []
        for name, values in self.rules.option_choices().items():
            label, help_text = self.option_texts.get(name, (name.replace("_", " ").capitalize(), ""))
            choices = tuple((value, self.option_value_label(name, value)) for value in values)
            fields.append(OptionField(name, str(label), str(help_text), choices))
        return fields

    def option_value_label(self, name: str, value) -> str:
        return yes_no(value) if isinstance(value, bool) else str(value)

    def options_summary(self, options: dict) -> list[str]:
        """Every option of a game as "Label: value", in the title's order."""
        options = options or {}
        return [f"{f.label}: {self.option_value_label(f.name, options.get(f.name, f.choices[0][0]))}"
                for f in self.option_fields()]

    # -- results and hands --------------------------------------------------
    result_reasons: dict = {}  # a title's own result reasons -> lazy words

    def result_text(self, result) -> str:
        """A finished game's result in words: "US won (victory points)."."""
        if not result:
            return ""
        winners = " " + _("and") + " "
        winners = winners.join(self.role_label(r) for r in result.get("winners") or [])
        reason = self.result_reason(result.get("reason"))
        text = _("%(who)s won") % {"who": winners} if winners else _("No winner")
        return f"{text} ({reason})." if reason else f"{text}."

    def result_reason(self, reason) -> str:
        generic = {"resignation": _("resignation"), "timeout": _("out of time"), "abandoned": _("abandoned"),
                   "annulled": _("annulled by a moderator"), "adjudicated": _("set by a moderator")}
        if reason in self.result_reasons:
            return str(self.result_reasons[reason])
        return generic.get(reason, str(reason or "").replace("_", " "))

    def hand_text(self, items, options: dict | None = None) -> list[str]:
        """A hidden hand's items in words, never ids (moderators' audited look);
        ``options``: the game's, for titles whose cards depend on them."""
        return [str(item) for item in items or []]

    # -- the prompt ---------------------------------------------------------
    # The rules are pure and write their prompts in English; these give the
    # reader's words. Verbs and arguments are never changed (they are the move).
    def prompt_text(self, prompt) -> str:
        """What is asked ("Place 4 influence"), in the reader's language."""
        return prompt.text if prompt else ""

    def waiting_text(self, prompt) -> str:
        """What the others wait for, in the reader's language."""
        return prompt.waiting_text if prompt else ""

    def choice_label(self, choice) -> str:
        """A choice's button text, in the reader's language."""
        if choice.verb == UNDO:
            return _("Undo")
        return choice.label

    def localize_prompt(self, prompt):
        """The prompt as the reader reads it: the same choices (verbs and
        arguments) with texts and labels in the reader's language, for pages
        that show it (the API keeps the rules' own words beside these)."""
        if prompt is None:
            return None
        choices = tuple(c if label == c.label else replace(c, label=label)
                        for c in prompt.choices for label in (self.choice_label(c),))
        return Prompt(self.prompt_text(prompt), choices, self.waiting_text(prompt))

    def standing_orders_words(self, orders: list[dict]) -> list[dict]:
        """The rules' standing orders (``rules.standing_orders``) with their
        labels and choices' labels in the reader's words; keys and values unchanged."""
        return orders

    # -- places a log line names (the log points at the map) ---------------
    place_keys: dict = {}  # a log line's key -> the board's data attribute of what it names

    def line_places(self, line: dict) -> list[tuple]:
        """[(data attribute, key)] of the board elements a log line names (a
        country, a space, a location, a survivor): hovering the line on the page
        rings them, clicking it scrolls the map to them. From ``place_keys``;
        titles whose lines name places otherwise override it."""
        out = []
        for key, attr in self.place_keys.items():
            value = line.get(key)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, (int, str)) and not isinstance(item, bool) and item != "":
                    out.append((attr, str(item)))
        return out

    def place_name(self, attr: str, key: str) -> str:
        """A board element's name as this title's sentences write it, in the
        reader's language ("" when unknown: the name is then not linked)."""
        return ""

    def choice_note(self, choice) -> str:
        """A short fact beside a row of the action bar's choice table (a card's
        operations value: "3 ops"), in the reader's words; "" for none."""
        return ""

    def choice_split(self, choice) -> str:
        """What a choice acts on, where a long row of buttons reads better split by it
        (a survivor's moves: pick the survivor, then the destination); "" for no split."""
        return ""

    def choice_places(self, choice) -> list[tuple]:
        """[(data attribute, key)] of the board elements a choice names (place
        influence in Panama, move Ada to the School): hovering or focusing its
        button rings them on the map. [] where it names none."""
        return []

    # the action bar's card table: its columns in this order on every prompt (Event first), then the rest as offered
    choice_group_order: tuple = ()

    card_keys: tuple = ()  # a log line's keys whose value is a card number (or a list of them)

    def card_ref(self, number: int) -> Ref | None:
        """A card's name and what it does (our own words), for its popover; None if unknown."""
        return None

    def line_refs(self, line: dict) -> list[Ref]:
        """The names a log line's sentence holds that point somewhere: its places
        (``line_places``) and its cards (``card_keys``). See games/engine/links.py."""
        refs = [Ref(self.place_name(attr, key), place=(attr, key)) for attr, key in self.line_places(line)]
        refs += self.line_cards(line)
        return [ref for n, ref in enumerate(refs) if ref and ref.name and ref not in refs[:n]]

    def line_cards(self, line: dict) -> list[Ref]:
        """The cards a log line names (each ``card_keys`` value through
        ``card_ref``); a title whose lines name other kinds of cards says so here."""
        refs = []
        for key in self.card_keys:
            value = line.get(key)
            for item in value if isinstance(value, list) else [value]:
                ref = self.card_ref(item) if isinstance(item, int) and not isinstance(item, bool) else None
                if ref:
                    refs.append(ref)
        return refs

    def named_places(self) -> list[tuple]:
        """Every place of the board as (data attribute, key), for the names a
        prompt holds (`prompt_refs`); a title with a map lists its own."""
        return []

    def named_cards(self) -> list[int]:
        """Every card a prompt may name (each through ``card_ref``)."""
        return []

    def prompt_refs(self, prompt) -> list[Ref]:
        """The places and cards a prompt's sentence names, as links."""
        text = getattr(prompt, "text", "") or ""
        if not text:
            return []
        key = get_language()
        cache = self.__dict__.setdefault("_named_refs", {})
        if key not in cache:
            refs = [Ref(self.place_name(attr, k), place=(attr, k)) for attr, k in self.named_places()]
            cache[key] = [r for r in refs + [self.card_ref(n) for n in self.named_cards()] if r and r.name]
        return [ref for ref in cache[key] if ref.name in text]

    playing_key = ""  # the view's key listing the cards being played now, face up

    def playing(self, view: dict, lines=()) -> list[Ref]:
        """The cards being played right now, face up, with their text (the "played
        card" panel beside the board), from the viewer's view (``playing_key``,
        each card through ``card_ref``); [] for none. ``lines`` is the public log
        the page shows (a title may show a card the log names, e.g. an exchange
        of cards still on the table)."""
        numbers = (view or {}).get(self.playing_key) or [] if self.playing_key else []
        return [ref for ref in map(self.card_ref, numbers) if ref]

    # -- what changed between two views ----------------------------------
    def board_changes(self, before: dict, after: dict) -> list[Change]:
        """What differs on the board between two views of the same seat, in
        words, in the board's reading order. Titles list every space, track
        and counter a returning player wants to know about; the generic
        presentation knows no board, so it tells nothing (its briefing still
        tells the moves)."""
        return []

    # -- the log and the moves ---------------------------------------------
    def log_sentence(self, line: dict) -> str:
        """One structured log line as a sentence in the reader's language;
        "" for a line with nothing to tell (pages leave it out)."""
        kind = str(line.get("kind", ""))
        if "." + kind in PSEUDO_LINES:  # the lines the site's pseudo-moves write
            arg = {"winners": line.get("winners") or []}
            return self.pseudo_text(SimpleNamespace(verb="." + kind, role=line.get("role"), arg=arg))
        if kind in SITE_LINES:
            return self.site_line(kind, line)
        return kind.replace("_", " ").capitalize() + "."

    def site_line(self, kind: str, line: dict) -> str:
        """The lines the site itself writes: a default played at a deadline or
        a standing order played for the seat (games/play/services.py) and a
        sealed input (games/engine/sealing.py; its commitment is on the game's
        commitments page, linked beside the log)."""
        side = self.seat_text(line.get("role"))
        if kind == "sealed" and line.get("roles"):  # several in a row (log_group)
            who = ", ".join(self.seat_text(role) for role in line["roles"])
            return ngettext("%(n)s sealed choice: %(who)s.", "%(n)s sealed choices: %(who)s.", line.get("n", 0)) % {
                "n": line.get("n", 0), "who": who}
        if kind == "sealed":
            return _("%(side)s sealed their choice.") % {"side": side}
        words = {"timeout": _("%(name)s (%(side)s) ran out of time; the default was played:"),
                 "autopilot": _("%(name)s (%(side)s) is away; autopilot played the default:"),
                 "order": _("Standing order of %(name)s (%(side)s):"),
                 "deputy": _("%(name)s (%(by)s) acted as deputy leader for %(side)s:")}
        return words.get(line.get("source"), words["timeout"]) % {
            "name": line.get("name", ""), "side": side, "by": self.role_label(line.get("by"))}

    def deputy_text(self, role) -> str:
        """The banner of a player acting for ``role``, their absent team leader,
        as deputy leader (games/clocks/deputies.py); titles say it in their own words."""
        return _("%(seat)s (your team's leader) is away: you act as deputy leader for them now.") % {
            "seat": self.role_label(role)}

    # -- lines that read as one -------------------------------------------
    def log_group_key(self, line: dict):
        """Consecutive log lines with the same key (not None) read as one line
        (`log_group`): the sealed inputs of a draft; a title adds its own (one
        placement of several influence points)."""
        return ("sealed",) if line.get("kind") == "sealed" else None

    def log_group(self, lines: list[dict]) -> dict:
        """One line standing for ``lines`` (two or more with one `log_group_key`)."""
        roles = list(dict.fromkeys(line.get("role") for line in lines if line.get("role")))
        return {"kind": "sealed", "roles": roles, "n": len(lines)}

    def log_sentences(self, lines) -> list[str]:
        """The sentences of several log lines, leaving out the empty ones."""
        return [text for text in (self.log_sentence(line) for line in lines or []) if text]

    def action_text(self, role, verb: str, arg) -> str:
        """A player's action that wrote no log line (e.g. a choice of order)."""
        words = verb.replace("_", " ")
        return _("%(side)s chose “%(choice)s”.") % {"side": self.seat_text(role), "choice": words}

    def describe(self, move, *, hide_arg: bool = False) -> str:
        """``move`` (a Move or anything with seq, role, verb, arg, log) in words:
        "Move 141: US placed 1 influence in Panama." ``hide_arg`` for a viewer
        who may not know a secret choice's argument."""
        return _("Move %(n)s: %(text)s") % {"n": move.seq, "text": self.move_text(move, hide_arg=hide_arg)}

    def move_text(self, move, *, hide_arg: bool = False) -> str:
        if pseudo.is_pseudo(move.verb) or move.verb == "undo":
            return self.pseudo_text(move)
        lines = self.log_sentences(move.log)
        if lines:
            return " ".join(lines)
        if hide_arg:
            return _("%(side)s made a secret choice.") % {"side": self.seat_text(move.role)}
        return self.action_text(move.role, move.verb, move.arg)

    def pseudo_text(self, move) -> str:
        side = self.seat_text(move.role)
        arg = move.arg if isinstance(move.arg, dict) else {}
        if move.verb == pseudo.ADJUDICATE:
            winners = ", ".join(self.seat_text(r) for r in arg.get("winners") or [])
            return _("A moderator set the result: %(who)s won.") % {"who": winners} if winners \
                else _("A moderator set the result: a draw.")
        if move.verb == pseudo.ROLLBACK:
            return _("A moderator rolled the game back to move %(n)s.") % {"n": arg.get("to_seq", "?")}
        texts = {
            pseudo.SETUP: _("The game was set up."),
            pseudo.RESIGN: _("%(side)s resigned."),
            pseudo.TIMEOUT: _("%(side)s ran out of time."),
            pseudo.ABANDON: _("The game was abandoned."),
            pseudo.ANNUL: _("A moderator annulled the game."),
            "undo": _("%(side)s took back their last step."),
        }
        return texts.get(move.verb, move.verb) % {"side": side}


def option_variants(rules):
    """The default options, and each option's every value on top of them."""
    defaults = rules.default_options()
    yield defaults
    for name, values in rules.option_choices().items():
        for value in values:
            yield {**defaults, name: value}
