"""Room: briefing — "since you last looked": what happened in a game between two visits of one seat.

Owns: where a seat last looked (``Seat.seen_seq``, moved on by "Seen"; the
seat's own last move counts as looking too), the account of the moves since
(who did what, in words, grouped by player), the board's net changes
between the seat's view then and now (the title's ``Presentation.board_changes``),
the chat lines the seat can read since, and the seat's time left. Everything
comes from that seat's own view: the public log lines, its own view of the
state before and after, and the arguments of moves it may know (secret
choices of others stay hidden, as on the move list). Pages, the API and the
turn mail all read the same `Briefing`; it is cached per (game, role, since,
seq, language).
May import: store, engine, clocks, foundation. The chat lives in the
moderation app, which registers a reader in ``CHAT_SOURCES`` (the way it
registers its clock pauses) so this room never imports it.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.core.cache import cache
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import engine
from games.engine import registry
from games.engine.presentation import Change
from games.models import Game, Move, Seat
from games.rules.core import pseudo
from games.rules.core.protocol import IllegalAction
from games.rules.core.undo import UNDO

logger = logging.getLogger(__name__)
MOST_SENTENCES = 12  # per player's stretch of moves; the log has the rest
MOST_CHANGES = 40
MOST_CHAT = 3
CACHE_SECONDS = 3600
# Readers of the chat a seat may read, registered by the app that owns the chat:
# fn(game, role, after: datetime | None) -> (count, [ChatLine, ...] newest last).
CHAT_SOURCES: list = []


@dataclass
class Stretch:
    """One player's consecutive moves, told as one paragraph."""

    who: str
    first: int
    last: int
    sentences: list[str]
    more: int = 0  # sentences left out (the log has them)
    places: list = field(default_factory=list)  # [(data attribute, key)] its moves named on the board
    refs: list = field(default_factory=list)  # the names in its sentences that point at the map or a card

    @property
    def moves(self) -> str:
        if self.first == self.last:
            return _("move %(n)s") % {"n": self.first}
        return _("moves %(first)s–%(last)s") % {"first": self.first, "last": self.last}


@dataclass(frozen=True)
class ChatLine:
    author: str
    channel: str
    body: str


@dataclass
class Briefing:
    """What one seat has not seen yet, in the reader's language."""

    since: int
    seq: int
    stretches: list[Stretch]
    changes: list[Change]
    more_changes: int = 0
    chat: list[ChatLine] = field(default_factory=list)
    chat_count: int = 0
    deadline_at: object = None
    my_turn: bool = False

    def text(self) -> str:
        """The plain-text account (the turn mail, the digest, the API's ``text``); "" when there is none."""
        if not (self.stretches or self.changes or self.chat_count):
            return ""
        out = [_("Since you last looked (after move %(n)s):") % {"n": self.since}]
        out += [f"- {s.who}, {s.moves}: {' '.join(s.sentences)}" + (f" {more_text(s.more)}" if s.more else "")
                for s in self.stretches]
        if self.changes:
            out.append(_("On the board:") + " " + "; ".join(change_text(c) for c in self.changes)
                       + (f" {more_text(self.more_changes)}" if self.more_changes else ""))
        if self.chat_count:
            out.append(chat_count_text(self.chat_count) + " " + " ".join(
                f"{c.author} ({c.channel}): “{c.body}”" for c in self.chat))
        return "\n".join(out)

    def as_json(self) -> dict:
        return {"since_seq": self.since, "seq": self.seq, "text": self.text(),
                "stretches": [{"who": s.who, "first_seq": s.first, "last_seq": s.last,
                               "sentences": s.sentences, "left_out": s.more} for s in self.stretches],
                "changes": [{"label": c.label, "before": c.before, "after": c.after,
                             "place": {"kind": c.mark[0], "key": c.mark[1]} if c.mark else None}
                            for c in self.changes],
                "changes_left_out": self.more_changes,
                "chat": [{"author": c.author, "channel": c.channel, "body": c.body} for c in self.chat],
                "chat_count": self.chat_count, "deadline_at": self.deadline_at, "your_turn": self.my_turn}

    def marks(self) -> list[dict]:
        return marks(self.changes)


def marks(changes: list[Change]) -> list[dict]:
    """Each changed place once, with all its changes as before → after."""
    return place_marks((c.mark, change_text(c)) for c in changes if c.mark)


def place_marks(pairs, sep: str = "; ") -> list[dict]:
    """[{"attr", "key", "text"}] for the board (static/js/board_marks.js) from
    (place, text) pairs: each place once, its texts joined in order by ``sep``."""
    out: dict[tuple, list[str]] = {}
    for place, text in pairs:
        out.setdefault(tuple(place), []).append(text)
    return [{"attr": attr, "key": key, "text": sep.join(texts)} for (attr, key), texts in out.items()]


def change_text(change: Change) -> str:
    return _("%(what)s: %(before)s → %(after)s") % {"what": change.label, "before": change.before,
                                                    "after": change.after}


def more_text(n: int) -> str:
    return _("(and %(n)s more: see the log)") % {"n": n}


def chat_count_text(n: int) -> str:
    return ngettext("%(n)s new chat message:", "%(n)s new chat messages:", n) % {"n": n}


# -- where a seat last looked ---------------------------------------------------
def _since(game: Game, seat: Seat) -> tuple[int, object]:
    """The move after which the seat has not looked (its "Seen", or its own last
    move) and that move's time, in one query where the seat's own move is the later."""
    own = game.moves.filter(role=seat.role, user_id=seat.user_id).order_by("-seq").values_list(
        "seq", "created_at").first() or (0, None)
    if own[0] >= seat.seen_seq:
        return own
    return seat.seen_seq, Move.objects.filter(game=game, seq=seat.seen_seq).values_list("created_at", flat=True).first()


def mark_seen(seat: Seat, seq: int) -> bool:
    """The seat has seen the game up to move ``seq`` (never moves back; a
    double click or a second tab changes nothing more). True if it moved on."""
    seq = min(int(seq), Game.objects.filter(pk=seat.game_id).values_list("seq", flat=True).first() or 0)
    return bool(Seat.objects.filter(pk=seat.pk, seen_seq__lt=seq).update(seen_seq=seq))


# -- the account ------------------------------------------------------------------
def for_seat(game: Game, seat: Seat | None) -> Briefing | None:
    """The briefing of ``seat`` (a player's own seat), or None when nothing
    happened since it last looked (or the viewer has no seat, or the game has
    not started)."""
    if seat is None or not seat.role or game.state is None:
        return None
    since, since_at = _since(game, seat)
    if since >= game.seq:
        return None
    stretches, changes = _told(game, seat, since)
    briefing = Briefing(since, game.seq, stretches, changes[:MOST_CHANGES],
                        more_changes=max(0, len(changes) - MOST_CHANGES),
                        deadline_at=seat.deadline_at if seat.role in game.active_roles else None,
                        my_turn=game.status == Game.Status.ACTIVE and seat.role in game.active_roles)
    _add_chat(briefing, game, seat.role, since_at)
    return briefing if briefing.stretches or briefing.changes or briefing.chat_count else None


def _told(game: Game, seat: Seat, since: int) -> tuple[list[Stretch], list[Change]]:
    """The moves and the board's changes since ``since``, cached: they only
    depend on the game's moves and this seat's views (not on the clock or chat)."""
    key = f"briefing:2:{game.pk}:{seat.role}:{since}:{game.seq}:{game.status}:{get_language()}"
    return cache.get_or_set(key, lambda: (stretches(game, seat.role, since), board_changes(game, seat.role, since)),
                            CACHE_SECONDS)


def stretches(game: Game, role: str, since: int) -> list[Stretch]:
    """The moves after ``since`` as paragraphs, one per player's run of moves."""
    show = registry.presentation(game.title_id)
    names = {s.role: s.user.display for s in game.seats.select_related("user__profile")}
    out: list[Stretch] = []
    for move in _moves_since(game, since):
        hidden = not (game.is_over or move.role == role or pseudo.is_pseudo(move.verb))
        who = _who(show, names, move.role, role)
        text = show.move_text(move, hide_arg=hidden)
        if not (out and out[-1].who == who):
            out.append(Stretch(who, move.seq, move.seq, []))
        out[-1].last = move.seq
        out[-1].sentences.append(text)
        for line in move.log or []:
            out[-1].places += [p for p in show.line_places(line) if p not in out[-1].places]
            out[-1].refs += [r for r in show.line_refs(line) if r not in out[-1].refs]
    for stretch in out:
        stretch.sentences = fold(stretch.sentences)
        stretch.more = max(0, len(stretch.sentences) - MOST_SENTENCES)
        stretch.sentences = stretch.sentences[:MOST_SENTENCES]
    return out


def _moves_since(game: Game, since: int) -> list[Move]:
    return [m for m in engine.live_moves(game, since) if not m.undone and m.verb != UNDO]


def _who(show, names: dict, role: str, reader: str) -> str:
    if not role:
        return _("The game")
    if role == reader:
        return _("You (%(side)s)") % {"side": show.role_label(role)}
    name = names.get(role)
    side = show.role_label(role)
    return f"{name} ({side})" if name else side


def fold(sentences: list[str]) -> list[str]:
    """Repeated sentences in a row said once: "US placed 1 influence in Iran. (3 times)"."""
    out: list[list] = []
    for text in sentences:
        if out and out[-1][0] == text:
            out[-1][1] += 1
        else:
            out.append([text, 1])
    return [text if n == 1 else _("%(text)s (%(n)s times)") % {"text": text, "n": n} for text, n in out]


def board_changes(game: Game, role: str | None, since: int, upto: int | None = None) -> list[Change]:
    """What differs on the board between the view of ``role`` (None: a spectator)
    after move ``since`` and after move ``upto`` (None: now). The marks are an
    aid, never a reason for a page to fail: a log that does not replay (a
    position a moderator edited by hand) tells no changes, and says so in the log."""
    rules = engine.rules_for(game)
    try:
        before = rules.view(engine.state_at(game, since), role)
        after = rules.view(game.state if upto is None else engine.state_at(game, upto), role)
    except (IllegalAction, LookupError, TypeError, ValueError):
        logger.warning("game %s: moves up to %s do not replay; no board changes told", game.pk, since, exc_info=True)
        return []
    return registry.presentation(game.title_id).board_changes(before, after)


def move_changes(game: Game, role: str | None, seq: int) -> list[Change]:
    """What move ``seq`` changed on the board, as ``role`` sees it: a replay
    page rings the places of the move it shows. Cached."""
    if game.state is None or not 1 < seq <= game.seq:
        return []
    key = f"briefing:move:1:{game.pk}:{role}:{seq}:{game.status}:{get_language()}"
    return cache.get_or_set(key, lambda: board_changes(game, role, seq - 1, None if seq == game.seq else seq),
                            CACHE_SECONDS)


def _add_chat(briefing: Briefing, game: Game, role: str, after) -> None:
    for source in CHAT_SOURCES:
        count, lines = source(game, role, after)
        briefing.chat_count += count
        briefing.chat += lines[-MOST_CHAT:]

