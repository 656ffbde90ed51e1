"""Read-only queries for the moderator pages and the players' panel."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games import engine
from games.clocks import pauses
from games.engine import registry
from games.errors import BadRequest, Forbidden
from games.models import Game, Move, Seat, Snapshot
from games.web.selectors import public_moves
from games.rules.core import undo
from games.rules.core.pseudo import MARKERS

from . import channels
from .models import Appeal, AuditEntry, ChatMessage, Report


def report_queue(kind: str = "", title_id: str = ""):
    """Open reports, oldest first, optionally of one type and one game title."""
    reports = Report.objects.filter(status=Report.Status.OPEN).select_related("game", "reporter")
    if kind:
        reports = reports.filter(kind=kind)
    if title_id:
        reports = reports.filter(game__title_id=title_id)
    return reports.order_by("created_at", "pk")


def queue_titles() -> list[str]:
    return sorted(set(Report.objects.filter(status=Report.Status.OPEN).values_list("game__title_id", flat=True)))


# -- chat --------------------------------------------------------------------
def chat_list(game: Game, user, channel: str | None = None) -> list[ChatMessage]:
    """The lines ``user`` may read, oldest first: every readable channel, or one
    (``channel`` "table"; "team": the reader's team, or every team for a
    moderator; "dm": the reader's direct messages, or all of them for a moderator)."""
    keys = channels.readable(game, user)
    if not keys:
        raise Forbidden()
    if channel is not None:
        keys = _pick(game, keys, channel)
    lines = game.chat_messages.filter(channel__in=keys).select_related("user__profile").order_by("created_at", "pk")
    return labelled(game, list(lines))


def labelled(game: Game, lines: list[ChatMessage]) -> list[ChatMessage]:
    """Give each line ``channel_label``: "Table" or its team's name ("Colony A")."""
    names = {key: channels.label(game, key) for key in {line.channel for line in lines}}
    for line in lines:
        line.channel_label = names[line.channel]
    return lines


def _pick(game: Game, keys: list[str], channel: str) -> list[str]:
    if channel not in channels.NAMES:
        raise BadRequest(_('Choose the channel "table", "team" or "dm".'))
    if channel == channels.TABLE:
        return [""]
    if channel == channels.DM:
        return _direct(game, keys)
    teams = [key for key in keys if key and not key.startswith(channels.DM_PREFIX)]
    if not teams:
        raise BadRequest(channels.no_team_chat(game))
    return teams


def _direct(game: Game, keys: list[str]) -> list[str]:
    channels.require_dms(game)
    return [key for key in keys if key.startswith(channels.DM_PREFIX)]


@dataclass
class Timeline:
    game: Game
    moves: list  # MoveRow, in log order
    chat: list
    seats: list
    snapshots: list
    reports: list
    audit: list
    takebacks: list
    pause: object | None
    result: str
    pause_lines: list = field(default_factory=list)  # the players' own and table pauses, in words


@dataclass
class MoveRow:
    move: Move
    text: str  # the move in words, secret arguments hidden


def game_timeline(game: Game, reader=None) -> Timeline:
    """Everything a moderator reviews; the chat is what ``reader`` may read
    (every channel, each line labelled "Table" or with its team's name, unless
    the moderator has a seat in this game)."""
    from .models import ClockPause

    moves = list(game.moves.select_related("user").order_by("seq"))
    return Timeline(
        game=game,
        moves=described_moves(game, moves),
        chat=chat_list(game, reader) if reader is not None else
        labelled(game, list(game.chat_messages.select_related("user__profile").order_by("created_at", "pk"))),
        seats=list(game.seats.select_related("user__profile").order_by("role")),
        snapshots=list(game.snapshots.order_by("seq").values_list("seq", flat=True)),
        reports=list(game.reports.select_related("reporter", "closed_by").order_by("created_at", "pk")),
        audit=with_details(list(AuditEntry.objects.filter(game=game).select_related("actor", "subject_user", "game")),
                           moves, reader),
        takebacks=list(game.takeback_requests.select_related("requester", "answered_by")),
        pause=ClockPause.objects.filter(game=game).select_related("paused_by").first(),
        result=registry.presentation(game.title_id).result_text(game.result),
        pause_lines=[line["text"] for line in pauses.lines(game, list(game.seats.select_related("user__profile")))],
    )


def secret_seqs(game: Game) -> set[int]:
    """Moves whose argument a spectator may not know yet (`games.web.selectors.public_moves`
    hides it): moderators see them the same way; the audited hand look reveals."""
    return {row["seq"] for row in public_moves(game, None) if row["arg"] is None}


def described_moves(game: Game, moves: list, *, own: bool = False) -> list[MoveRow]:
    """``moves`` in words; ``own``: the reader made them, nothing is hidden."""
    show = registry.presentation(game.title_id)
    secret = set() if own else secret_seqs(game)
    return [MoveRow(m, show.move_text(m, hide_arg=m.seq in secret)) for m in moves]


def move_described(game: Game, seq, moves=None) -> str:
    """"Move 141: US placed 1 influence in Panama." for one move ("" if there is none)."""
    if not seq:
        return ""
    found = [m for m in moves if m.seq == seq] if moves is not None else list(game.moves.filter(seq=seq))
    if not found:
        return ""
    return registry.presentation(game.title_id).describe(found[0], hide_arg=seq in secret_seqs(game))


# -- audit entries in words ----------------------------------------------------
def with_details(entries: list, moves=None, reader=None) -> list:
    """Give each audit entry ``details``: what changed, in words (never JSON).
    A reader seated in the entry's game sees what that seat sees: another
    seat's hand from an audited look stays hidden."""
    seats = _reader_seats(entries, reader)
    for entry in entries:
        entry.details = entry_details(entry, moves, seats.get(entry.game_id)) if entry.game_id else ""
    return entries


def _reader_seats(entries: list, reader) -> dict:
    """{game id: the reader's role} for the games of ``entries`` the reader plays."""
    if reader is None or not getattr(reader, "is_authenticated", False):
        return {}
    games = {entry.game_id for entry in entries if entry.game_id}
    return dict(Seat.objects.filter(user=reader, game_id__in=games).values_list("game_id", "role"))


def entry_details(entry, moves=None, reader_role: str | None = None) -> str:
    game, after = entry.game, entry.after if isinstance(entry.after, dict) else {}
    show = registry.presentation(game.title_id)
    action = entry.action
    if action in ("rollback", "takeback") and after.get("to_seq"):
        described = move_described(game, after["to_seq"], moves) if moves is not None else ""
        return _("Back to just after move %(n)s.") % {"n": after["to_seq"]} + (f" {described}" if described else "")
    if action in ("adjudicate", "annul"):
        return show.result_text(after.get("result"))
    if action == "add_time" and after.get("role"):
        hours = round((after.get("added_seconds") or 0) / 3600, 1)
        return _("%(side)s: %(hours)s more hours.") % {"side": show.role_label(after["role"]), "hours": hours}
    if action == "hand_view" and after.get("role"):
        if reader_role is not None and reader_role != after["role"]:
            return _("%(side)s's hand after move %(n)s (hidden: you play in this game).") % {
                "side": show.role_label(after["role"]), "n": after.get("seq")}
        return _("%(side)s after move %(n)s: %(cards)s") % {
            "side": show.role_label(after["role"]), "n": after.get("seq"),
            "cards": ", ".join(show.hand_text(after.get("cards"), game.options)) or _("no cards")}
    return ""


def board_state_at(game: Game, seq: int) -> dict | None:
    """The whole state right after move ``seq``, as it was then.

    Start from the last snapshot at or before ``seq`` and replay the moves
    in between in log order. Every rollback marker writes a snapshot, so no
    marker lies in between, and moves later rolled back still counted then.
    """
    if not 1 <= seq <= game.seq:
        return None
    snapshot = Snapshot.objects.filter(game=game, seq__lte=seq).order_by("-seq").first()
    if snapshot is None:
        return None
    between = (Move.objects.filter(game=game, seq__gt=snapshot.seq, seq__lte=seq)
               .exclude(verb__in=MARKERS).order_by("seq"))
    return undo.replay(engine.rules_for(game), snapshot.state, [m.triple for m in between])


def board_view_at(game: Game, seq: int) -> dict | None:
    """The public (spectator) view of the board after move ``seq``."""
    state = board_state_at(game, seq)
    return None if state is None else engine.rules_for(game).view(state, None)


def appeals_for(moderator) -> list[Appeal]:
    from django.db.models import Q

    return list(Appeal.objects.filter(status=Appeal.Status.OPEN)
                .filter(Q(assigned_to=moderator) | Q(assigned_to=None))
                .exclude(sanction__created_by=moderator).exclude(user=moderator)
                .select_related("sanction", "user", "assigned_to"))
