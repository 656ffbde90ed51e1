"""Challenge ladder services.

Every change of rungs runs in one transaction with the Ladder row locked
(``select_for_update``), so rungs stay 1..n without gaps or duplicates even
when two ladder games finish at the same moment. Rung shifts go through
negative numbers so the (ladder, rung) unique constraint holds after every
statement.
"""
from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import formats, timezone
from django.utils.translation import gettext as _, ngettext

from games.play import services
from games.errors import GameError, NotFound
from games.models import Game, Move

from .models import Challenge, Ladder, LadderEntry
from .ratings import NOT_COUNTED

MAX_RUNGS_UP = 5
MAX_OPEN_CHALLENGES = 3
REPEAT_AFTER = datetime.timedelta(days=7)


class LadderError(GameError):
    status = 422
    code = "ladder"


# -- rung arithmetic (callers hold the ladder lock) ----------------------------
def _lock(ladder_id) -> Ladder:
    try:
        return Ladder.objects.select_for_update().get(pk=ladder_id)
    except (Ladder.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("No such ladder."))


def _shift(ladder_id: int, low: int, high: int | None, step: int) -> None:
    """Move every rung in [low, high] by ``step``, keeping rungs unique at every statement."""
    rows = LadderEntry.objects.filter(ladder_id=ladder_id, rung__gte=low)
    if high is not None:
        rows = rows.filter(rung__lte=high)
    rows.update(rung=(F("rung") + step) * -1)
    LadderEntry.objects.filter(ladder_id=ladder_id, rung__lt=0).update(rung=F("rung") * -1)


def _move(entry: LadderEntry, target: int) -> None:
    """Put ``entry`` on rung ``target``; the players in between move one rung towards its old place."""
    entry.refresh_from_db(fields=["rung"])
    old = entry.rung
    if target == old:
        return
    LadderEntry.objects.filter(pk=entry.pk).update(rung=0)
    if target < old:
        _shift(entry.ladder_id, target, old - 1, +1)
    else:
        _shift(entry.ladder_id, old + 1, target, -1)
    LadderEntry.objects.filter(pk=entry.pk).update(rung=target)
    entry.rung = target


def _to_bottom(entry: LadderEntry) -> None:
    _move(entry, LadderEntry.objects.filter(ladder_id=entry.ladder_id).count())


def _remove(entry: LadderEntry) -> None:
    entry.refresh_from_db(fields=["rung"])
    old = entry.rung
    entry.delete()
    _shift(entry.ladder_id, old + 1, None, -1)


# -- joining and leaving -------------------------------------------------------
def ladder_join(*, ladder_id, user) -> LadderEntry:
    """Join at the bottom rung."""
    with transaction.atomic():
        ladder = _lock(ladder_id)
        if LadderEntry.objects.filter(ladder=ladder, user=user).exists():
            raise LadderError(_("You are already on this ladder."))
        bottom = LadderEntry.objects.filter(ladder=ladder).count()
        return LadderEntry.objects.create(ladder=ladder, user=user, rung=bottom + 1,
                                          last_active_at=timezone.now())


def ladder_leave(*, ladder_id, user) -> None:
    """Leave the ladder: the players below move up; rejoining starts at the bottom.

    Ladder games in play go on and still count for ratings, but no longer move rungs.
    """
    with transaction.atomic():
        ladder = _lock(ladder_id)
        entry = LadderEntry.objects.filter(ladder=ladder, user=user).first()
        if entry is None:
            raise LadderError(_("You are not on this ladder."))
        _remove(entry)


def ladder_remove_inactive(*, now=None) -> int:
    """Remove players idle longer than their ladder allows and with no ladder game in play."""
    now = now or timezone.now()
    removed = 0
    for ladder_id in Ladder.objects.values_list("pk", flat=True):
        with transaction.atomic():
            ladder = _lock(ladder_id)
            cutoff = now - datetime.timedelta(days=ladder.inactivity_days)
            playing = Challenge.objects.filter(ladder=ladder, status=Challenge.Status.OPEN)
            busy = set(playing.values_list("challenger_id", flat=True)) | set(
                playing.values_list("defender_id", flat=True))
            idle = LadderEntry.objects.filter(ladder=ladder, last_active_at__lt=cutoff).exclude(user_id__in=busy)
            # From the bottom up, so each removal leaves the rungs still to remove unchanged.
            for entry in idle.order_by("-rung"):
                _remove(entry)
                removed += 1
    return removed


# -- challenges ----------------------------------------------------------------
def challenge_create(*, ladder_id, challenger, defender_username: str) -> Challenge:
    """Challenge a player above: a rated game with the ladder's settings starts at once."""
    with transaction.atomic():
        ladder = _lock(ladder_id)
        defender = get_user_model().objects.filter(username__iexact=(defender_username or "").strip()).first()
        mine, theirs = challenge_check(ladder, challenger, defender)
        game = services.game_create(user=challenger, title_id=ladder.title_id, options=ladder.options,
                                    rated=True, time_control=ladder.time_control)
        game = services.seat_join(game_id=game.pk, user=defender)
        now = timezone.now()
        LadderEntry.objects.filter(pk__in=[mine.pk, theirs.pk]).update(last_active_at=now)
        return Challenge.objects.create(ladder=ladder, challenger=challenger, defender=defender, game=game,
                                        challenger_rung=mine.rung, defender_rung=theirs.rung)


def challenge_check(ladder: Ladder, challenger, defender) -> tuple[LadderEntry, LadderEntry]:
    """The two entries, or a LadderError saying exactly why the challenge is refused."""
    entries = {e.user_id: e for e in LadderEntry.objects.filter(
        ladder=ladder, user_id__in=[challenger.pk, getattr(defender, "pk", None)])}
    mine = entries.get(challenger.pk)
    if mine is None:
        raise LadderError(_("Join this ladder before you challenge anyone."))
    if defender is None or defender.pk not in entries:
        raise LadderError(_("That player is not on this ladder."))
    if defender.pk == challenger.pk:
        raise LadderError(_("You cannot challenge yourself."))
    theirs = entries[defender.pk]
    if theirs.rung > mine.rung:
        raise LadderError(_("You can only challenge players above you; %(name)s is below you.")
                          % {"name": defender.username})
    if mine.rung - theirs.rung > MAX_RUNGS_UP:
        raise LadderError(_("%(name)s is %(n)d rungs above you; you can challenge at most %(max)d rungs up.")
                          % {"name": defender.username, "n": mine.rung - theirs.rung, "max": MAX_RUNGS_UP})
    _check_open_and_repeat(ladder, challenger, defender)
    return mine, theirs


def _check_open_and_repeat(ladder: Ladder, challenger, defender) -> None:
    mine = Challenge.objects.filter(ladder=ladder, challenger=challenger)
    open_count = mine.filter(status=Challenge.Status.OPEN).count()
    if open_count >= MAX_OPEN_CHALLENGES:
        raise LadderError(ngettext(
            "You already have %(n)d open challenge; finish it first.",
            "You already have %(n)d open challenges; finish one first.", open_count) % {"n": open_count})
    last = mine.filter(defender=defender, created_at__gt=timezone.now() - REPEAT_AFTER).order_by("-created_at").first()
    if last is not None:
        again = formats.date_format(timezone.localtime(last.created_at + REPEAT_AFTER), "DATETIME_FORMAT")
        raise LadderError(_("You challenged %(name)s less than 7 days ago; "
                            "you can challenge them again after %(when)s.")
                          % {"name": defender.username, "when": again})


# -- results ---------------------------------------------------------------------
def ladder_games_finish(games: list[Game]) -> list[Challenge]:
    """Move rungs after the ladder games among ``games`` (called inside their
    transaction): one query when none is a ladder game."""
    rated = {g.pk: g for g in games if g.rated}  # ladder games are always rated
    if not rated:
        return []
    challenges = Challenge.objects.filter(game__any=list(rated), status=Challenge.Status.OPEN).order_by("pk")
    return [_challenge_finish(challenge, rated[challenge.game_id]) for challenge in challenges]


def _challenge_finish(challenge: Challenge, game: Game) -> Challenge:
    _lock(challenge.ladder_id)
    challenge = Challenge.objects.select_for_update().get(pk=challenge.pk)
    if challenge.status != Challenge.Status.OPEN:
        return challenge
    result = game.result or {}
    entries = {e.user_id: e for e in LadderEntry.objects.filter(
        ladder_id=challenge.ladder_id, user_id__in=[challenge.challenger_id, challenge.defender_id])}
    challenge.status = _apply_result(challenge, game, result, entries)
    challenge.resolved_at = timezone.now()
    challenge.save(update_fields=["status", "resolved_at"])
    LadderEntry.objects.filter(pk__in=[e.pk for e in entries.values()]).update(last_active_at=challenge.resolved_at)
    return challenge


def _apply_result(challenge: Challenge, game: Game, result: dict, entries: dict) -> str:
    if result.get("reason") in NOT_COUNTED:
        return Challenge.Status.VOID
    roles = dict(game.seats.values_list("user_id", "role"))
    winners = result.get("winners") or []
    won = roles.get(challenge.challenger_id) in winners and roles.get(challenge.defender_id) not in winners
    mine, theirs = entries.get(challenge.challenger_id), entries.get(challenge.defender_id)
    if won and mine and theirs:
        theirs.refresh_from_db(fields=["rung"])
        mine.refresh_from_db(fields=["rung"])
        if mine.rung > theirs.rung:
            _move(mine, theirs.rung)
    if result.get("reason") == "timeout":
        _drop_timed_out(game, roles, entries)
    return Challenge.Status.CHALLENGER_WON if won else Challenge.Status.DEFENDER_WON


def _drop_timed_out(game: Game, roles: dict, entries: dict) -> None:
    timeout = Move.objects.filter(game=game, verb=".timeout").order_by("-seq").first()
    for user_id, role in roles.items():
        if timeout is not None and role == timeout.role and user_id in entries:
            _to_bottom(entries[user_id])


def challenges_open_for(ladder: Ladder):
    return Challenge.objects.filter(ladder=ladder, status=Challenge.Status.OPEN).select_related(
        "challenger", "defender", "game")


def challenges_recent(ladder: Ladder, limit: int = 20):
    return Challenge.objects.filter(ladder=ladder).exclude(status=Challenge.Status.OPEN).select_related(
        "challenger", "defender", "game").order_by("-resolved_at")[:limit]


def ladder_for_game(game: Game) -> Ladder | None:
    """The ladder a game was played for (moderation asks it whether takebacks are allowed)."""
    challenge = Challenge.objects.filter(game=game).select_related("ladder").first()
    return challenge.ladder if challenge else None
