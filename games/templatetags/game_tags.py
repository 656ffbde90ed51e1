import json
from itertools import groupby

from django import template
from django.utils.translation import gettext_lazy, pgettext

from games.engine import registry
from games.engine.links import linked as _linked

register = template.Library()


@register.filter
def tojson(value) -> str:
    return json.dumps(value)


@register.simple_tag
def linked(text, refs, scope) -> str:
    """A sentence with its place and card names as links (games/engine/links.py)."""
    return _linked(str(text), refs or (), str(scope))


@register.simple_tag
def logline(entry, game, scope) -> str:
    """A log entry's sentence with the names its line holds as links; the names
    are looked up only for the lines a page shows."""
    show = _show(game)
    return _linked(str(entry["text"]), show.line_refs(entry) if show else (), str(scope))


@register.simple_tag
def prompt_line(prompt, game) -> str:
    """A prompt's sentence with the places and cards it names as links."""
    show = _show(game)
    return _linked(str(prompt.text), show.prompt_refs(prompt) if show else (), "prompt")


@register.filter
def choice_places(choice, game) -> list:
    """The board elements a choice names, for its button's ``data-places``."""
    show = _show(game)
    return show.choice_places(choice) if show else []


@register.filter
def grouped(choices):
    """Choices in groups of consecutive equal ``group``: [(group, [choices])]."""
    return [(group, list(items)) for group, items in groupby(choices, key=lambda c: c.group)]


@register.filter
def role_label(value) -> str:
    """A plain label for a word such as a choice group ("countries" -> "Countries")."""
    return str(value or "").replace("_", " ").capitalize()


def _show(game_or_title):
    """The presentation of a game's title (a Game, a game row, or a title_id)."""
    title_id = getattr(game_or_title, "title_id", game_or_title)
    try:
        return registry.presentation(title_id)
    except registry.UnknownTitle:
        return None


@register.filter
def side(role, game_or_title) -> str:
    """A role in words, as the game's title names it (e.g. "north" -> "North")."""
    show = _show(game_or_title)
    return show.role_label(role) if show else str(role or "")


@register.filter
def title_name(game_or_title) -> str:
    show = _show(game_or_title)
    return show.title_name if show else str(getattr(game_or_title, "title_id", game_or_title))


@register.filter
def options_summary(game) -> list[str]:
    """The game's options in words ("Chinese Civil War variant: Yes")."""
    show = _show(game)
    return show.options_summary(game.options) if show else []


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def duration_text(seconds) -> str:
    """Seconds as a short "2d 3h" / "3h 20m" / "5m" text."""
    if seconds is None:
        return ""
    if hasattr(seconds, "total_seconds"):
        seconds = seconds.total_seconds()
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return pgettext("duration", "%(d)sd %(h)sh") % {"d": days, "h": hours}
    if hours:
        return pgettext("duration", "%(h)sh %(m)sm") % {"h": hours, "m": minutes}
    return pgettext("duration", "%(m)sm") % {"m": minutes}


@register.filter
def time_control_text(control) -> str:
    from games.clocks import TimeControl

    try:
        return TimeControl.from_json(control).describe()
    except (ValueError, TypeError):
        return ""


@register.filter
def result_text(game) -> str:
    """A finished game's result in the title's words ("US won (victory points).")."""
    show = _show(game)
    return show.result_text(game.result) if show else ""


# Choice groups most titles share, in words ("" shows no label); a title's
# presentation may name its own with a ``choice_groups`` dict.
GROUP_WORDS = {"done": "", "pass": "", "hand": gettext_lazy("Your hand"), "cards": gettext_lazy("Cards"),
               "options": gettext_lazy("Options"), "countries": gettext_lazy("Countries"), "spaces": gettext_lazy("Spaces"),
               "undo": ""}  # the button says it, in the reader's language


@register.simple_tag
def choice_sections(prompt, game) -> list[dict]:
    """A prompt's choices laid out for the action bar, in words.

    Groups that share labels (the same card offered as "Event", "Operations",
    "Space race") become one table: a row per label, a column per group (a
    cell is None where that label is not offered in that group). Every other
    group is a row of buttons under its label.
    """
    show = _show(game)
    words = {**GROUP_WORDS, **getattr(show, "choice_groups", {})}

    def label(group) -> str:
        return str(words[group]) if group in words else str(group or "").replace("_", " ").capitalize()

    note = getattr(show, "choice_note", lambda c: "")
    choices = list(prompt.choices) if prompt else []
    groups_of: dict = {}
    for c in choices:
        groups_of.setdefault(c.label or c.verb, set()).add(c.group)
    shared = {text for text, groups in groups_of.items() if len(groups) > 1}
    table_groups = _column_order(dict.fromkeys(c.group for c in choices if (c.label or c.verb) in shared),
                                 getattr(show, "choice_group_order", ()))
    sections, table = [], None
    for group, items in groupby(choices, key=lambda c: c.group):
        items = list(items)
        if group in table_groups:
            if table is None:
                table = {"kind": "table", "columns": [label(g) for g in table_groups], "rows": {}}
                sections.append(table)
            for c in items:
                row = table["rows"].setdefault(c.label or c.verb, [None] * len(table_groups))
                row[table_groups.index(group)] = {"choice": c, "text": label(group)}
        else:  # no label that only repeats the button ("Undo: [Undo]")
            words_ = label(group)
            same = any((c.label or c.verb).casefold() == words_.casefold() for c in items)
            section = {"kind": "list", "label": "" if same else words_, "choices": items, "group": group,
                       "notes": _list_notes(items, note)}
            sections.append(_split(section, getattr(show, "choice_split", lambda c: "")))
    if table:  # (label, cells, a note on the row: a card's ops)
        table["rows"] = [(text, cells, note(next(c for c in cells if c)["choice"]))
                         for text, cells in table["rows"].items()]
    return sections


def _split(section: dict, split) -> dict:
    """A long row of buttons the title splits by what they act on (Dead of Winter's
    moves by survivor: pick the survivor, then the destination): its parts, each
    behind a disclosure named after it. Unchanged where the title does not split."""
    labels = [split(choice) for choice in section["choices"]]
    if not any(labels):
        return section
    parts: dict = {}
    for label, pair in zip(labels, section["notes"]):
        parts.setdefault(label, []).append(pair)
    return {**section, "kind": "parts", "parts": [{"label": label, "notes": pairs} for label, pairs in parts.items()]}


def _column_order(groups, order) -> list:
    """The table's groups in the title's order (Event first on every card), the
    others after them as the prompt offered them."""
    return sorted(groups, key=lambda g: order.index(g) if g in order else len(order))


def _list_notes(items, note) -> list[tuple]:
    """(choice, what it does) for a row of buttons; a note the button before
    already gave is not repeated ("Play the kit on Ada", "… on Bo": once)."""
    out, before = [], ""
    for choice in items:
        text = note(choice)
        out.append((choice, "" if text == before else text))
        before = text
    return out


@register.filter
def sides_text(game) -> str:
    """Who plays which side of an open game, in words, for the lobby, the
    invitation and the join button: "alice plays USSR; you play US."."""
    from django.utils.translation import gettext as _

    show = _show(game)
    if show is None:
        return ""
    if not game.creator_role:
        return _("Sides are drawn at random when the game starts.")
    try:
        roles = registry.get(game.title_id).roles(game.scenario, game.options or {})
    except Exception:  # an unknown scenario or option: show what is known
        roles = []
    others = ", ".join(show.role_label(r) for r in roles if r != game.creator_role)
    values = {"who": game.created_by.display, "mine": show.role_label(game.creator_role), "other": others}
    return (_("%(who)s plays %(mine)s; you play %(other)s.") if others else _("%(who)s plays %(mine)s.")) % values


@register.filter
def options_changed(game) -> list[str]:
    """Only the options that differ from the title's defaults, in words: what a
    player must know before joining ("Chinese Civil War variant: Yes")."""
    show = _show(game)
    if show is None:
        return []
    options = game.options or {}
    return [f"{f.label}: {show.option_value_label(f.name, options[f.name])}" for f in show.option_fields()
            if f.name in options and options[f.name] != f.choices[0][0]]


@register.simple_tag
def seat_relation(game, seat, mine) -> str:
    """How ``seat`` sits to the reader's seat ``mine`` on My games: "teammate"
    (same team of a team game), "opponent" (a started game's other side), or
    "player" (an open table, whose teams are not drawn yet)."""
    from games.engine.teams import teammates

    if not (mine and mine.role and seat.role):
        return "player"
    return "teammate" if seat.role in teammates(game, mine.role) else "opponent"


@register.simple_tag
def waiting_for(game) -> dict | None:
    """On My games, a running game that waits on others: who (names) and
    until when (the nearest of their deadlines); None when it waits on the reader."""
    if game.status != "active" or game.my_seat.awaiting:
        return None
    seats = [s for s in game.seats.all() if s.awaiting and s.user_id != game.my_seat.user_id]
    if not seats:
        return None
    deadlines = [s.deadline_at for s in seats if s.deadline_at]
    return {"names": ", ".join(s.user.display for s in seats), "until": min(deadlines) if deadlines else None}
