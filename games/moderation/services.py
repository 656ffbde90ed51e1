"""Players settling small disputes themselves: chat, reports and takebacks."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import text
from games.play import services as game_services
from games.errors import BadRequest, Forbidden, NotFound
from games.models import Game

from . import access, channels
from .audit import audit_record
from .models import AuditEntry, ChatMessage, Report, TakebackRequest

CHAT_MAX_LENGTH = 500


def game_get(game_id) -> Game:
    game = Game.objects.filter(pk=game_id).first() if str(game_id).isdigit() else None
    if game is None:
        raise NotFound()
    return game


# -- chat --------------------------------------------------------------------
def chat_post(*, game: Game, user, body: str, channel: str = "table", to: str = "") -> ChatMessage:
    """Say something in the table chat, (``channel`` "team" or the team's own
    "team<k>") in the poster's team chat, or ("dm") to one other seat ``to``,
    named by its player or its seat (games/moderation/channels.py)."""
    seat = access.require_player(game, user)
    if access.is_suspended(user):
        raise Forbidden(_("Your account is suspended: you can read and appeal only."))
    if access.is_muted(user):
        raise Forbidden(_("A moderator has muted your chat for now."))
    key = channels.key_for(game, seat.role, channel, to)
    body = (body or "").strip()
    if not text.visible(body):
        raise BadRequest(_("Write a message first."))
    if len(body) > CHAT_MAX_LENGTH:
        raise BadRequest(_("Messages are at most %(n)s characters.") % {"n": CHAT_MAX_LENGTH})
    return ChatMessage.objects.create(game=game, user=user, body=body, channel=key)


# -- reports -----------------------------------------------------------------
def report_create(*, game: Game, user, kind: str, text: str, move_seq=None, chat_message_id=None) -> Report:
    access.require_player(game, user)
    if kind not in Report.Kind.values:
        raise BadRequest(_("Choose the type of problem."))
    text = (text or "").strip()
    if not text:
        raise BadRequest(_("Explain what happened."))
    if move_seq is not None and not 1 <= int(move_seq) <= game.seq:
        raise BadRequest(_("Choose a move between 1 and %(n)s.") % {"n": game.seq})
    line = None
    if chat_message_id:
        line = ChatMessage.objects.filter(pk=chat_message_id, game=game,
                                          channel__in=channels.readable(game, user)).first()
        if line is None:
            raise BadRequest(_("That chat line is not in this game."))
    return Report.objects.create(game=game, reporter=user, kind=kind, text=text[:2000],
                                 move_seq=move_seq, chat_message=line)


def reports_of(user) -> list[Report]:
    return list(Report.objects.filter(reporter=user).select_related("game").order_by("-created_at", "-pk"))


# -- takebacks ---------------------------------------------------------------
def takeback_allowed(game: Game) -> bool:
    """Not in ladder games unless that ladder allows takebacks."""
    if game.status != Game.Status.ACTIVE:
        return False
    from games.ladder.ladders import ladder_for_game

    ladder = ladder_for_game(game)
    return ladder is None or ladder.allow_takebacks


def takeback_choices(game: Game, role: str):
    """The requester's own live moves that a takeback could undo (newest first)."""
    return (game.moves.filter(role=role, rolled_back=False, undone=False, seq__gt=1)
            .exclude(verb__startswith=".").exclude(verb="undo").order_by("-seq"))


def takeback_request(*, game: Game, user, move_seq: int) -> TakebackRequest:
    with transaction.atomic():
        game = Game.objects.locked().get(pk=game.pk)
        seat = access.require_player(game, user)
        if not takeback_allowed(game):
            raise Forbidden(_("Takebacks are not allowed in this game."))
        if not takeback_choices(game, seat.role).filter(seq=move_seq).exists():
            raise BadRequest(_("Choose one of your own moves."))
        if game.takeback_requests.filter(status=TakebackRequest.Status.PENDING).exists():
            raise BadRequest(_("A takeback request is already waiting for an answer."))
        if chance_since(game, move_seq - 1):
            raise BadRequest(_("Dice were rolled or cards shuffled since that move, so it cannot be taken back "
                               "(the same roll would come again)."))
        return TakebackRequest.objects.create(game=game, requester=user, role=seat.role, move_seq=move_seq,
                                              at_seq=game.seq)


def chance_since(game: Game, seq: int) -> bool:
    """Whether the random generator ran after move ``seq`` (a roll, a shuffle).

    A takeback replays from the state after ``seq``, random generator
    included: across a roll the same roll would come again, and the player
    who asked would know it. So takebacks stop at the last random event
    (like undo, which never crosses one)."""
    from .selectors import board_state_at

    try:
        then = board_state_at(game, seq)
    except Exception:  # an old log the rules no longer replay: no takeback rather than a 500
        return True
    return then is None or _generator(then) != _generator(game.state)


def _generator(state: dict) -> tuple:
    rng = state.get("rng") or {}
    return rng.get("s"), rng.get("n")


def takeback_answer(*, request_id, user, answer: str) -> TakebackRequest:
    """``answer``: accept / decline (an opponent) or withdraw (the requester).
    Every opponent must accept; then the game is rolled back before the move."""
    with transaction.atomic():
        takeback = TakebackRequest.objects.select_for_update().filter(pk=request_id).first()
        if takeback is None:
            raise NotFound(_("No such takeback request."))
        game = Game.objects.locked().get(pk=takeback.game_id)
        _check_answerer(game, takeback, user, answer)
        if takeback.status != TakebackRequest.Status.PENDING:
            raise BadRequest(_("This request has already been answered."))
        if game.seq != takeback.at_seq or game.status != Game.Status.ACTIVE:
            return _close_takeback(takeback, TakebackRequest.Status.EXPIRED, user)
        if answer == "withdraw":
            return _close_takeback(takeback, TakebackRequest.Status.WITHDRAWN, user)
        if answer == "decline":
            return _close_takeback(takeback, TakebackRequest.Status.DECLINED, user)
        takeback.accepted_by = sorted(set(takeback.accepted_by) | {user.pk})
        if set(takeback.accepted_by) < set(_opponent_ids(game, takeback)):
            takeback.save(update_fields=["accepted_by"])
            return takeback
        return _accept(game, takeback, user)


def _opponent_ids(game: Game, takeback: TakebackRequest) -> list[int]:
    return list(game.seats.exclude(role="").exclude(user_id=takeback.requester_id).values_list("user_id", flat=True))


def _check_answerer(game: Game, takeback: TakebackRequest, user, answer: str) -> None:
    if answer not in ("accept", "decline", "withdraw"):
        raise BadRequest(_("Accept, decline or withdraw."))
    if answer == "withdraw":
        if user.pk != takeback.requester_id:
            raise Forbidden()
    elif user.pk not in _opponent_ids(game, takeback):
        raise Forbidden(_("Only an opponent can answer a takeback request."))


def _close_takeback(takeback: TakebackRequest, status: str, user) -> TakebackRequest:
    takeback.status, takeback.answered_by, takeback.answered_at = status, user, timezone.now()
    takeback.save(update_fields=["status", "answered_by", "answered_at", "accepted_by"])
    return takeback


def _accept(game: Game, takeback: TakebackRequest, user) -> TakebackRequest:
    before = {"seq": game.seq, "active_roles": game.active_roles}
    game = game_services.game_rollback(game_id=game.pk, to_seq=takeback.to_seq, by_user=user)
    audit_record(actor=user, action=AuditEntry.Action.TAKEBACK, game=game, subject_user=takeback.requester,
                 reason=_("Takeback of move %(n)s, agreed by the players.") % {"n": takeback.move_seq},
                 before=before, after={"seq": game.seq, "active_roles": game.active_roles,
                                       "to_seq": takeback.to_seq})
    return _close_takeback(takeback, TakebackRequest.Status.ACCEPTED, user)


def takeback_pending(game: Game) -> TakebackRequest | None:
    return game.takeback_requests.filter(status=TakebackRequest.Status.PENDING).select_related("requester").first()

