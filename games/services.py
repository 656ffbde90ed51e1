"""Game services: every change to a game goes through here.

Each service runs in one transaction with the Game row locked
(``select_for_update``), appends to the move log and refreshes the caches
(state, hands, snapshots). Notifications are scheduled on commit.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.rules.core import IllegalAction, undo
from games.rules.core.flow import take_log
from games.rules.core.pseudo import ABANDON, ADJUDICATE, ANNUL, RESIGN, ROLLBACK, SETUP, TIMEOUT

from . import clocks, deadlines, engine, journal, notifications, outbox, registry, signals
from .errors import BadRequest, Forbidden, GameNotActive, IllegalMove, NotFound, NotYourSeat, StaleMove
from .models import Game, Move, Seat

MAX_ARG_LENGTH = 200
MAX_ARG_INT = 2**53  # any card, space or count; beyond it JSON clients lose precision


@dataclass(frozen=True)
class MoveOutcome:
    game: Game
    move: Move


# -- lobby -------------------------------------------------------------------
def game_create(*, user, title_id: str, options: dict | None = None, rated: bool = True,
                creator_role: str = "", invite_username: str = "",
                scenario: str = "", time_control: dict | None = None) -> Game:
    try:
        rules = registry.get(title_id)
    except registry.UnknownTitle:
        raise BadRequest(_("Unknown game title “%(title)s”.") % {"title": title_id})
    scenario = scenario or rules.scenarios()[0]
    if scenario not in rules.scenarios():
        raise BadRequest(_("Unknown scenario “%(s)s”.") % {"s": scenario})
    try:
        options = rules.clean_options(_typed_options(rules, options or {}))
    except ValueError as error:
        raise BadRequest(_("Invalid options: %(e)s") % {"e": error})
    if creator_role and creator_role not in rules.roles(scenario, options):
        raise BadRequest(_("Unknown side “%(r)s”.") % {"r": creator_role})
    try:
        time_control = clocks.TimeControl.parse(time_control).to_json()
    except (ValueError, TypeError) as error:
        raise BadRequest(_("Invalid time control: %(e)s") % {"e": error})
    invited = _invitee(user, invite_username)
    with transaction.atomic():
        game = Game.objects.create(
            title_id=title_id, rules_version=rules.version, scenario=scenario, options=options,
            rated=rated, created_by=user, invited_user=invited, creator_role=creator_role,
            time_control=time_control)
        Seat.objects.create(game=game, user=user)
        if invited:
            notifications.invitation_sent(game)
    return game


def _typed_options(rules, options: dict) -> dict:
    """Each value must be one of the title's choices with its JSON type too
    (``1 in [False, True]`` is true in Python, and ``1`` is not an option)."""
    allowed = rules.option_choices()
    for name, value in options.items():
        choices = allowed.get(name, [])
        if name in allowed and not any(type(value) is type(choice) and value == choice for choice in choices):
            raise ValueError(f"option {name!r} cannot be {value!r}")
    return options


def _invitee(user, username: str):
    if not username:
        return None
    invited = get_user_model().objects.filter(username__iexact=username.strip(), is_active=True).first()
    if invited is None:
        raise BadRequest(_("There is no player called “%(u)s”.") % {"u": username})
    if invited == user:
        raise BadRequest(_("You cannot invite yourself."))
    from .api.throttles import check_invitation

    check_invitation(invited)  # a budget per invited player, from the API or the page (429)
    return invited


def _lock_game(game_id) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound()


def seat_join(*, game_id, user) -> Game:
    """Take a free seat in an open game; the game starts when the seats are full."""
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise GameNotActive(_("This game is no longer open."))
        if game.invited_user_id and game.invited_user_id != user.pk:
            raise Forbidden(_("This game is reserved for an invited player."))
        if game.seats.filter(user=user).exists():
            raise BadRequest(_("You already have a seat in this game."))
        Seat.objects.create(game=game, user=user)
        roles = engine.rules_for(game).roles(game.scenario, game.options)
        if game.seats.count() >= len(roles):
            _start(game, roles)
        return game


def invitation_decline(*, game_id, user) -> Game:
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.OPEN or game.invited_user_id != user.pk:
            raise Forbidden(_("There is no invitation for you in this game."))
        game.status = Game.Status.CANCELLED
        game.result = {"winners": [], "reason": "declined", "score": None}
        game.save(update_fields=["status", "result", "updated_at"])
        return game


def game_cancel(*, game_id, user) -> Game:
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.OPEN or game.created_by_id != user.pk:
            raise Forbidden(_("Only the creator can cancel a game that has not started."))
        game.status = Game.Status.CANCELLED
        game.save(update_fields=["status", "updated_at"])
        return game


def _start(game: Game, roles: list[str]) -> None:
    seats = list(game.seats.order_by("joined_at", "pk"))
    _assign_roles(game, seats, roles)
    rules = engine.rules_for(game)
    game.seed = secrets.randbits(31)
    arg = engine.setup_arg(game)
    state = rules.setup(game.seed, game.scenario, game.options)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.save(update_fields=["seed", "status", "started_at"])
    journal.record(game, rules, None, None, SETUP, arg, state, before_active=[])
    notifications.game_started(game)


def _assign_roles(game: Game, seats: list[Seat], roles: list[str]) -> None:
    free = list(roles)
    creator_seat = next(s for s in seats if s.user_id == game.created_by_id)
    if game.creator_role:
        creator_seat.role = game.creator_role
        free.remove(game.creator_role)
    rest = [s for s in seats if not s.role]
    for seat in rest:
        seat.role = free.pop(secrets.randbelow(len(free)))
    for seat in seats:
        seat.save(update_fields=["role"])


# -- moves -------------------------------------------------------------------
def move_submit(*, game_id, user, verb: str, arg=None, expected_seq: int) -> MoveOutcome:
    """Apply one player action, exactly once, or raise a `GameError`."""
    _check_shape(verb, arg, expected_seq)
    with transaction.atomic():
        game = _lock_game(game_id)
        seats = _seats_of(game)
        role = _role_of(game, user, seats)
        _check_fresh(game, role, expected_seq)
        rules = engine.rules_for(game)
        prompt = rules.prompt(game.state, role)
        if prompt is None:
            raise IllegalMove(_("It is not your turn."))
        if not prompt.allows(_action(verb, arg)):
            raise IllegalMove(_("“%(verb)s %(arg)s” is not one of your choices now.")
                              % {"verb": verb, "arg": "" if arg is None else arg})
        before, hands = list(game.active_roles), journal.hands_of(rules, game.state)
        try:
            state = engine.step(game, game.state, role, verb, arg, prompt)
        except IllegalAction as error:
            raise IllegalMove(str(error))
        move = journal.record(game, rules, role, user, verb, arg, state, before, hands, seats)
    return MoveOutcome(game, move)


def _action(verb, arg):
    from games.rules.core import Action

    return Action(verb, arg)


def _check_shape(verb, arg, expected_seq) -> None:
    if not isinstance(verb, str) or not verb or verb.startswith(".") or len(verb) > 40:
        raise BadRequest(_("“verb” must be the name of one of your choices."))
    if isinstance(arg, bool) or (arg is not None and not isinstance(arg, (str, int))) or \
            (isinstance(arg, int) and abs(arg) > MAX_ARG_INT):
        raise BadRequest(_("“arg” must be a number, a text or null."))
    if isinstance(arg, str) and len(arg) > MAX_ARG_LENGTH:
        raise BadRequest(_("“arg” is too long."))
    if not isinstance(expected_seq, int) or isinstance(expected_seq, bool) or expected_seq < 0:
        raise BadRequest(_("“expected_seq” must be the move number you last saw."))


def _seats_of(game: Game) -> list[Seat]:
    """Every seat, with what the clocks need: one query serves the seat check and the journal."""
    return list(game.seats.select_related("user__profile"))


def _role_of(game: Game, user, seats: list[Seat]) -> str:
    if game.status != Game.Status.ACTIVE:
        raise GameNotActive(_("This game is over.") if game.is_over else None)
    mine = user is not None and user.is_authenticated
    seat = next((s for s in seats if mine and s.user_id == user.pk), None)
    if seat is None or not seat.role:
        raise NotYourSeat()
    return seat.role


def _check_fresh(game: Game, role: str, expected_seq: int) -> None:
    """Reject a move made against an older state.

    During a secret simultaneous choice (several roles active at
    ``expected_seq``), another role's move in between does not make this one
    stale; a move of this same role in between (a double click, a second tab)
    does, as does any pseudo-move.
    """
    if expected_seq == game.seq:
        return
    if expected_seq > game.seq or role not in game.active_roles:
        raise StaleMove()
    then = game.snapshots.filter(seq__lte=expected_seq).order_by("-seq").first()
    if then is None or len(then.active_roles) < 2 or role not in then.active_roles:
        raise StaleMove()
    later = game.moves.filter(seq__gt=expected_seq)
    if later.filter(role=role).exists() or later.filter(verb__startswith=".").exists():
        raise StaleMove()


def game_resign(*, game_id, user) -> Game:
    with transaction.atomic():
        game = _lock_game(game_id)
        role = _role_of(game, user, _seats_of(game))
        _record_pseudo(game, role, user, RESIGN)
        return game


def game_time_out(*, game_id, role: str, at_seq: int) -> Game | None:
    """Time ``role`` out if the game is still at ``at_seq`` (safe to run twice)."""
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.ACTIVE or game.seq != at_seq or role not in game.active_roles:
            return None
        _record_pseudo(game, role, None, TIMEOUT)
        return game


def games_time_out_overdue(now=None, limit: int = 2000) -> int:
    """Time out every seat past its deadline (the beat task calls this each minute).

    Candidates come from the ``deadline_at`` index alone; each game is then
    locked (skipping games another worker holds) and re-checked, so running
    this twice, or on two workers at once, times a seat out exactly once.
    """
    now = now or timezone.now()
    _auto_vacations(now)
    game_ids = list(Seat.objects.filter(deadline_at__lte=now).order_by("deadline_at")
                    .values_list("game_id", flat=True)[:limit])
    if not game_ids:
        return 0
    with transaction.atomic():
        games = {g.pk: g for g in Game.objects.select_for_update(skip_locked=True)
                 .filter(pk__any=game_ids, status=Game.Status.ACTIVE)}
        overdue = Seat.objects.filter(game_id__any=list(games), deadline_at__lte=now).order_by("deadline_at")
        entries, losers = [], []
        for seat in overdue:
            game = games.pop(seat.game_id, None)
            if game is None or seat.role not in game.active_roles:
                continue
            rules = engine.rules_for(game)
            hands = journal.hands_of(rules, game.state)  # a timeout changes no hand: nothing to write
            state = engine.step(game, game.state, None, TIMEOUT, {"role": seat.role})
            entries.append(journal.Entry(game, rules, seat.role, None, TIMEOUT, {"role": seat.role}, state,
                                         list(game.active_roles), hands))
            losers.append(seat.user_id)
        journal.commit(entries)
        journal.count_timeouts(losers)
    return len(entries)


def _auto_vacations(now) -> None:
    """Players who opted in go on vacation instead of timing out (and get a mail)."""
    from . import tasks, vacations

    seats = (Seat.objects.filter(deadline_at__lte=now, user__profile__auto_vacation=True,
                                 user__profile__vacation_since=None).select_related("game", "user"))
    for seat in seats:
        if not deadlines.control_of(seat.game).vacation_allowed:
            continue
        try:
            vacation = vacations.vacation_start(seat.user, now=now, automatic=True)
        except BadRequest:
            continue  # no days left: the timeout goes ahead
        outbox.enqueue(tasks.send_auto_vacation, seat.user_id, vacation.pk)


def game_grant_time(*, game_id, user, role: str, days: int) -> Seat:
    """A player gives an opponent extra time on the current turn, before its deadline."""
    if days not in (1, 2, 3, 7):
        raise BadRequest(_("You can grant 1, 2, 3 or 7 days."))
    with transaction.atomic():
        game = _lock_game(game_id)
        seats = _seats_of(game)
        granter = _role_of(game, user, seats)
        seat = next((s for s in seats if s.role == role), None)
        if seat is None or role == granter:
            raise BadRequest(_("You can grant time only to an opponent."))
        if seat.deadline_at is None or seat.deadline_at <= timezone.now():
            raise BadRequest(_("That player has no running deadline to extend."))
        seat.extra_seconds += days * clocks.DAY
        deadlines.refresh_deadline(seat, deadlines.control_of(game), timezone.now())
        seat.save(update_fields=["extra_seconds", "deadline_at", "next_reminder_at"])
        deadlines.save_game_deadline(game)
        return seat


def game_abandon(*, game_id) -> Game:
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.ACTIVE:
            raise GameNotActive()
        _record_pseudo(game, None, None, ABANDON)
        return game


def _record_pseudo(game: Game, role, user, verb: str) -> Move:
    rules = engine.rules_for(game)
    arg = {"role": role}
    before = list(game.active_roles)
    state = engine.step(game, game.state, None, verb, arg)
    return journal.record(game, rules, role, user, verb, arg, state, before)


def undo_available(game: Game, role: str) -> bool:
    return game.state is not None and undo.can_undo(game.state, role)


# -- moderators' decisions (games/moderation calls these with a written reason) --
def game_rollback(*, game_id, to_seq: int, by_user) -> Game:
    """Undo every move after ``to_seq``: they stay in the log flagged rolled back,
    a ``.rollback`` marker is appended, and the game continues from there."""
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.state is None or not 1 <= to_seq < game.seq:
            raise BadRequest(_("Choose a move between 1 and %(n)s.") % {"n": game.seq - 1})
        previous = game.result if game.status == Game.Status.FINISHED else None
        undone = game.moves.filter(seq__gt=to_seq, rolled_back=False)
        if not game.moves.filter(seq=to_seq, rolled_back=False).exists():
            raise BadRequest(_("Move %(n)s was itself rolled back.") % {"n": to_seq})
        undone.update(rolled_back=True)
        state = engine.replay(game)
        take_log(state)  # the lines are on the moves that still count
        game.seats.update(awaiting=False, turn_started_at=None, deadline_at=None, next_reminder_at=None)
        journal.record(game, engine.rules_for(game), None, by_user, ROLLBACK, {"to_seq": to_seq}, state, [])
        if previous is not None:
            signals.game_result_changed.send(sender=Game, game=game, previous=previous)
        return game


def game_adjudicate(*, game_id, winners: list[str], by_user) -> Game:
    return _decide(game_id, ADJUDICATE, {"winners": list(winners)}, by_user)


def game_annul(*, game_id, by_user) -> Game:
    return _decide(game_id, ANNUL, {}, by_user)


def _decide(game_id, verb: str, arg: dict, by_user) -> Game:
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status not in (Game.Status.ACTIVE, Game.Status.FINISHED):
            raise GameNotActive()
        previous = game.result if game.status == Game.Status.FINISHED else None
        try:
            state = engine.step(game, game.state, None, verb, arg)
        except IllegalAction as error:
            raise BadRequest(str(error))
        journal.record(game, engine.rules_for(game), None, by_user, verb, arg, state, list(game.active_roles))
        if previous is not None:
            signals.game_result_changed.send(sender=Game, game=game, previous=previous)
        return game
