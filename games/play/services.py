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

from games import clocks, engine, signals
from games.store import batching, bulk
from games.clocks import deadlines, deputies
from games.play import journal
from games.engine import registry, sealing
from games.errors import BadRequest, Forbidden, GameNotActive, IllegalMove, NotYourSeat, StaleMove
from games.store.locking import lock_game
from games.models import Game, Move, Seat
from games.engine.teams import assign_roles, check_team, invitation_for, open_seats, teammates

MAX_ARG_LENGTH = 200
MAX_ARG_INT = 2**53  # any card, space or count; beyond it JSON clients lose precision


@dataclass(frozen=True)
class MoveOutcome:
    game: Game
    move: Move


# -- lobby -------------------------------------------------------------------
def game_create(*, user, title_id: str, options: dict | None = None, rated: bool = True,
                creator_role: str = "", invite_username: str = "",
                scenario: str = "", time_control: dict | None = None, creator_team: str = "") -> Game:
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
    invited = invitee(user, invite_username)
    with transaction.atomic():
        game = Game.objects.create(
            title_id=title_id, rules_version=rules.version, scenario=scenario, options=options,
            rated=rated, created_by=user, invited_user=invited, creator_role=creator_role,
            time_control=time_control)
        Seat.objects.create(game=game, user=user, team=check_team(game, creator_team))
        if invited:
            signals.invitation_sent.send(sender=Game, game=game)
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


def invitee(user, username: str):
    if not username:
        return None
    invited = get_user_model().objects.filter(username__iexact=username.strip(), is_active=True).first()
    if invited is None:
        raise BadRequest(_("There is no player called “%(u)s”.") % {"u": username})
    if invited == user:
        raise BadRequest(_("You cannot invite yourself."))
    from games.limits.throttles import check_invitation

    check_invitation(invited)  # a budget per invited player, from the API or the page (429)
    return invited


def seat_join(*, game_id, user, team: str = "") -> Game:
    """Take a free seat in an open game (``team``: the team asked for, in team
    games); the game starts when the seats are full. An invited player takes
    the seat kept for them, in the team the creator chose."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise GameNotActive(_("This game is no longer open."))
        if game.invited_user_id and game.invited_user_id != user.pk:
            raise Forbidden(_("This game is reserved for an invited player."))
        if game.seats.filter(user=user).exists():
            raise BadRequest(_("You already have a seat in this game."))
        invitation = invitation_for(game, user)
        if invitation is not None:
            team = invitation.team
            invitation.delete()
        elif open_seats(game) < 1:
            raise Forbidden(_("The seats left are kept for invited players."))
        else:
            team = check_team(game, team)
        Seat.objects.create(game=game, user=user, team=team)
        roles = engine.rules_for(game).roles(game.scenario, game.options)
        if game.seats.count() >= len(roles):
            _start(game, roles)
        return game


def invitation_decline(*, game_id, user) -> Game:
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN or game.invited_user_id != user.pk:
            raise Forbidden(_("There is no invitation for you in this game."))
        game.status = Game.Status.CANCELLED
        game.result = {"winners": [], "reason": "declined", "score": None}
        game.save(update_fields=["status", "result", "updated_at"])
        return game


def game_cancel(*, game_id, user) -> Game:
    with transaction.atomic():
        game = lock_game(game_id)
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
    signals.game_started.send(sender=Game, game=game)


def _assign_roles(game: Game, seats: list[Seat], roles: list[str]) -> None:
    creator_seat = next(s for s in seats if s.user_id == game.created_by_id)
    if game.creator_role:
        creator_seat.role = game.creator_role
    assign_roles(game, seats, roles, lambda pool: pool[secrets.randbelow(len(pool))])
    for seat in seats:
        seat.save(update_fields=["role"])


# -- moves -------------------------------------------------------------------
def move_submit(*, game_id, user, verb: str, arg=None, expected_seq: int, as_role: str = "") -> MoveOutcome:
    """Apply one player action, exactly once, or raise a `GameError`.
    ``as_role``: a proxy acting for an absent teammate's seat (games/tables/__init__.py)."""
    _check_shape(verb, arg, expected_seq)
    with transaction.atomic():
        game = lock_game(game_id)
        seats = _seats_of(game)
        role = _role_of(game, user, seats)
        source = ""
        if as_role and as_role != role:
            role, source = _acting_for(game, user, seats, as_role)
        rules = engine.rules_for(game)
        try:
            _check_fresh(game, role, expected_seq)
        except StaleMove as error:
            raise error.now(game.seq, rules.prompt(game.state, role))
        prompt = rules.prompt(game.state, role)
        if prompt is None:
            raise IllegalMove(_("It is not your turn."))
        if not prompt.allows(_action(verb, arg)):
            _check_choices_changed(game, rules, role, verb, arg, expected_seq, prompt)
            raise IllegalMove(_("“%(verb)s %(arg)s” is not one of your choices now.")
                              % {"verb": verb, "arg": "" if arg is None else arg})
        if not source:
            _back_at_the_table(next(s for s in seats if s.role == role))
        move = _play(game, rules, role, user, verb, arg, prompt, seats, source=source,
                     lines=deputies.lines(source, role, user, seats))
    return MoveOutcome(game, move)


def _play(game: Game, rules, role, user, verb, arg, prompt=None, seats=None, **extra) -> Move:
    """Apply and log one action of ``role`` (sealed if a sealed step is open)."""
    before, hands = list(game.active_roles), journal.hands_of(rules, game.state)
    sealed = sealing.open_step(rules, game.state)
    try:
        state = engine.step(game, game.state, role, verb, arg, prompt)
    except IllegalAction as error:
        raise IllegalMove(str(error))
    return journal.record(game, rules, role, user, verb, arg, state, before, hands, seats, sealed=sealed, **extra)


def _acting_for(game: Game, user, seats: list[Seat], role: str) -> tuple[str, str]:
    """(role, Move.source) for a move made for another seat: the deputy the
    title names for an absent leader (games/clocks/deputies.py), else a proxy."""
    if deputies.may_act(game, user, seats, role):
        return role, "deputy"
    return _proxied_role(game, user, seats, role), "proxy"


def _proxied_role(game: Game, user, seats: list[Seat], role: str) -> str:
    seat = next((s for s in seats if s.role == role), None)
    if seat is None or seat.proxy_id != user.pk:
        raise Forbidden(_("You are not covering that seat."))
    return role


def _back_at_the_table(seat: Seat) -> None:
    """The seat's own player acted: autopilot, proxy and the timeout count end,
    and so does an invitation to substitute the seat while it was away."""
    if seat.autopilot or seat.proxy_id:
        seat.substitute = None
    if seat.autopilot or seat.proxy_id or seat.timeouts_in_row:
        seat.autopilot, seat.proxy, seat.timeouts_in_row = False, None, 0
        seat.save(update_fields=["autopilot", "proxy", "timeouts_in_row", "substitute"])


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


def _check_choices_changed(game: Game, rules, role: str, verb: str, arg, expected_seq: int, prompt) -> None:
    """A move refused now but offered at ``expected_seq``: another seat's move in
    a simultaneous step (`_check_fresh` let it through) changed this seat's
    choices. That is a stale move, not an illegal one: 409 with the choices now."""
    if expected_seq >= game.seq:
        return
    then = rules.prompt(engine.state_at(game, expected_seq), role)
    if then is not None and then.allows(_action(verb, arg)):
        raise StaleMove().now(game.seq, prompt)


def game_resign(*, game_id, user) -> Game:
    with transaction.atomic():
        game = lock_game(game_id)
        role = _role_of(game, user, _seats_of(game))
        _record_pseudo(game, role, user, RESIGN)
        return game


def game_time_out(*, game_id, role: str, at_seq: int) -> Game | None:
    """Time ``role`` out if the game is still at ``at_seq`` (safe to run twice)."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.ACTIVE or game.seq != at_seq or role not in game.active_roles:
            return None
        _record_pseudo(game, role, None, TIMEOUT)
        return game


def games_time_out_overdue(now=None, limit: int = 2000) -> int:
    """Time out every seat past its deadline (the beat task calls this each minute).

    Titles with ``rules.default_action`` (team games) get the default as an
    ordinary logged move and the game goes on; others end with ``.timeout``.
    Each pass defaults every late seat's step in one batch (`_time_out_pass`);
    passes go on while some seat is due (a window the defaults opened that is
    already over at ``now``). Running this twice, or on two workers at once,
    times a seat out exactly once. ``now``: the moment to judge by (tests and
    benchmarks pass one; the beat passes the clock's).
    """
    given = now
    _auto_vacations(now or timezone.now())
    done = 0
    journal.SWEEP.running = True
    try:
        with batching.collection_held():
            for _round in range(MAX_SWEEP_PASSES):
                now = given or timezone.now()
                found = _time_out_pass(now, limit - done)
                done += found
                if not found or done >= limit:
                    break
    finally:
        journal.SWEEP.running = False
    return done


MAX_SWEEP_PASSES = 200


def _time_out_pass(now, limit: int) -> int:
    """One batch: candidate games from the ``deadline_at`` index alone; each
    game locked (skipping games another worker holds) and re-checked. A late
    seat's step is defaulted to its end in the same batch (a draft of two picks
    is two moves), then the game's next late seat; one commit for all."""
    game_ids = _due_games(now, limit)
    if not game_ids:
        return 0
    with transaction.atomic():
        games = {g.pk: g for g in Game.objects.locked(skip_locked=True)
                 .filter(pk__any=game_ids, status=Game.Status.ACTIVE)}
        late: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(game_id__any=list(games), deadline_at__lte=now).order_by("deadline_at"):
            late.setdefault(seat.game_id, []).append(seat)
        _with_users([seat for group in late.values() for seat in group])
        entries, timed_out = [], []
        for game_id in sorted(late, key=lambda pk: late[pk][0].deadline_at):
            if len(entries) >= limit:
                break
            made, missed = _overdue_entries(games[game_id], late[game_id], now)
            entries += made
            timed_out += missed
        _attach_seats(entries, late)
        journal.commit(entries)
        journal.count_timeouts([s.user_id for s in timed_out])
        _count_in_row(timed_out, games, timezone.now())
    return len(entries)


def _attach_seats(entries: list[journal.Entry], late: dict[int, list[Seat]]) -> None:
    """The seats the journal's clocks need, on every entry of its game: the late
    ones, those whose clock the defaults may change (`deadlines.may_change`, from
    one light query), and only the deadlines of the rest (an 11-seat game whose
    late seat made its draft picks loads one seat, not eleven)."""
    runs = journal.by_game(entries)
    rows: dict[int, list[tuple]] = {}
    for row in Seat.objects.filter(game_id__any=list(runs)).order_by().values_list(
            "pk", "game_id", "role", "step", "deadline_at"):
        rows.setdefault(row[1], []).append(row)
    wanted, kept = set(), {}
    for game_id, run in runs.items():
        game, before, loaded = run[-1].game, run[0].before_active, {s.pk for s in late[game_id]}
        control = deadlines.control_of(game)
        changing = {pk for pk, _g, role, step, _d in rows[game_id]
                    if pk not in loaded and deadlines.may_change(game, role, step, before, control)}
        wanted |= changing
        loaded |= changing
        kept[game_id] = [d for pk, _g, _r, _s, d in rows[game_id] if pk not in loaded]
    found: dict[int, list[Seat]] = {}
    # with their profiles: a fresh window reads the player's night hours (one join, no query per seat)
    for seat in Seat.objects.filter(pk__any=list(wanted)).select_related("user__profile").order_by():
        found.setdefault(seat.game_id, []).append(seat)
    for game_id, run in runs.items():
        for entry in run:
            entry.seats, entry.other_deadlines = late[game_id] + found.get(game_id, []), kept[game_id]


def _with_users(seats: list[Seat]) -> None:
    """Players and profiles of the late seats only, in one query (the log line
    names them, their clocks read the player's night hours)."""
    users = get_user_model().objects.filter(pk__any=list({s.user_id for s in seats})).select_related("profile")
    found = {user.pk: user for user in users}
    for seat in seats:
        seat.user = found[seat.user_id]


def _due_games(now, limit: int) -> list[int]:
    """Games with a seat past its deadline, most overdue first (each game once)."""
    from django.db.models import Min

    rows = (Seat.objects.filter(deadline_at__lte=now).values("game_id").annotate(due=Min("deadline_at"))
            .order_by("due")[:limit])
    return [row["game_id"] for row in rows]


MAX_DEFAULTS = 60  # default moves per game in one batch (a long autopilot run waits for the next)


def _overdue_entries(game: Game, seats: list[Seat], now=None) -> tuple[list[journal.Entry], list[Seat]]:
    """The moves the deadlines of one game make, and the seats that timed out.

    Titles without ``default_action``: the first late seat's ``.timeout`` ends
    the game. Otherwise each late seat (in deadline order) first plays what its
    standing orders answer (`_ordered`), then gets its default while it still
    owes an input in the step it was late for.
    """
    rules = engine.rules_for(game)
    if getattr(rules, "default_action", None) is None:
        seat = next((s for s in seats if s.role in game.active_roles), None)
        return ([_overdue_entry(game, seat)], [seat] if not seat.autopilot else []) if seat else ([], [])
    paced = deadlines.is_paced(game)
    late_active = [s.role for s in seats if s.role in game.active_roles]
    steps = {role: deadlines.pace_step(game, role)[1] for role in late_active} if paced else {}
    late_for, left = set(game.active_roles), set()
    entries, timed_out = [], []
    for seat in seats:
        made = 0
        by_orders = _ordered(game, seat, entries, now or timezone.now())
        left |= late_for - set(game.active_roles)
        while not by_orders and len(entries) < MAX_DEFAULTS and _owes(game, rules, seat, late_for, left, steps):
            _push(game, entries, _overdue_entry(game, seat))
            left |= late_for - set(game.active_roles)
            made += 1
        if made and not seat.autopilot and _new_timeout(seat):
            timed_out.append(seat)
    return entries, timed_out


def _owes(game: Game, rules, seat: Seat, late_for: set, left: set, steps: dict) -> bool:
    """Does ``seat`` still owe an input of the step its deadline passed in?
    (Another seat's default may have ended that step: a new step is a new window.)
    A seat on autopilot owes every input it has."""
    role = seat.role
    if rules.result(game.state) is not None or role not in game.active_roles:
        return False
    if seat.autopilot:
        return not deputies.holds(game, seat, steps.get(role))
    if role not in late_for or role in left:
        return False
    return not steps or deadlines.pace_step(game, role)[1] == steps[role]


def _overdue_entry(game: Game, seat: Seat) -> journal.Entry:
    """The move a deadline makes: the rules' default for the seat, or ``.timeout``.
    The rules' log lines are taken at once: the next default continues from
    this state."""
    rules, role = engine.rules_for(game), seat.role
    default = getattr(rules, "default_action", None)
    if default is None:
        before, hands = list(game.active_roles), journal.hands_of(rules, game.state)
        state = engine.step(game, game.state, None, TIMEOUT, {"role": role})
        return journal.Entry(game, rules, role, None, TIMEOUT, {"role": role}, state, before, hands)
    ordered = deadlines.standing_action(game, seat)  # the player's own answer beats the default
    if ordered is not None:
        return _played_entry(game, seat, ordered, "order")
    return _played_entry(game, seat, default(game.state, role), "autopilot" if seat.autopilot else "timeout")


def _push(game: Game, entries: list[journal.Entry], entry: journal.Entry) -> None:
    """One more move of the sweep; the next one continues from its state."""
    entries.append(entry)
    game.state, game.active_roles = entry.state, entry.rules.active_roles(entry.state)


def _ordered(game: Game, seat: Seat, entries: list[journal.Entry], now) -> bool:
    """Play the seat's standing orders while they answer its prompts (moves with
    source "order": no timeout). True if the seat was due by its orders alone
    (deadline = turn start, not on autopilot): it owes no default, and a prompt
    they no longer answer gets the seat's normal window back."""
    by_orders = bool(seat.orders) and not seat.autopilot and seat.deadline_at == seat.turn_started_at
    while len(entries) < MAX_DEFAULTS and (action := deadlines.standing_action(game, seat)) is not None:
        _push(game, entries, _played_entry(game, seat, action, "order"))
    if not by_orders or deadlines.standing_action(game, seat) is not None:
        return by_orders  # more to play at the next pass (the cap), or an ordinary late seat
    return seat.role not in game.active_roles or _window_back(game, seat, now)


def _window_back(game: Game, seat: Seat, now) -> bool:
    """A seat due by orders that no longer answer its prompt: its normal window
    from its turn start (a new step gets a fresh one from the journal instead).
    False if that window is over too: then it is an ordinary late seat."""
    control = deadlines.control_of(game)
    if control.kind == "pace" and (deadlines.pace_step(game, seat.role)[1] or "-") != seat.step:
        return True
    deadlines.refresh_deadline(seat, control, now, deadlines.window_of(game, seat))
    if seat.deadline_at is not None and seat.deadline_at <= now:
        return False
    Seat.objects.filter(pk=seat.pk).update(deadline_at=seat.deadline_at, next_reminder_at=seat.next_reminder_at)
    deadlines.save_game_deadline(game)
    return True


def _played_entry(game: Game, seat: Seat, action, source: str) -> journal.Entry:
    """A move the site plays for the seat (``source``: "timeout", "autopilot",
    or "order" for its standing orders), logged after the line that says so:
    "piet (Player 3) ran out of time; ...", "Standing order of Mia (Player 3): ..."."""
    rules, role = engine.rules_for(game), seat.role
    before, hands = list(game.active_roles), journal.hands_of(rules, game.state)
    sealed = sealing.open_step(rules, game.state)
    state = engine.step(game, game.state, role, action.verb, action.arg)
    line = {"kind": "defaulted", "role": role, "source": source, "name": seat.user.display}
    return journal.Entry(game, rules, role, None, action.verb, action.arg, state, before, hands,
                         source=source, sealed=sealed, lines=[line, *take_log(state)])


AUTOPILOT_AFTER = 2  # consecutive timeouts (correspondence-design §4)


def _new_timeout(seat: Seat) -> bool:
    """False for the further defaults of a window that already timed out
    (a draft of three picks times out once)."""
    return seat.timed_out_at is None or seat.timed_out_at < seat.turn_started_at


def _count_in_row(seats: list[Seat], games: dict[int, Game], now) -> None:
    """One more timeout in a row; the second puts the seat on autopilot, and a
    seat still owing an input (the step goes on) is then due at once, like any
    autopilot turn. The seats are the journal's own, clocks already synced
    (those of finished games were stopped in SQL: their clocks are not written)."""
    due = []
    for seat in seats:
        seat.timeouts_in_row += 1
        seat.timed_out_at = now  # compared with turn starts (`_new_timeout`)
        if seat.timeouts_in_row >= AUTOPILOT_AFTER:
            seat.autopilot, seat.proxy_id = True, None
        if seat.autopilot and seat.awaiting and games[seat.game_id].status == Game.Status.ACTIVE \
                and not deputies.keeps_window(games[seat.game_id], seat):
            seat.deadline_at, seat.next_reminder_at = seat.turn_started_at, None
            due.append(seat)
    bulk.update(seats, ["timeouts_in_row", "timed_out_at", "autopilot", "proxy"])
    bulk.update(due, ["deadline_at", "next_reminder_at"])


def _auto_vacations(now) -> None:
    """Players who opted in go on vacation instead of timing out (and get a mail)."""
    from games.clocks import vacations

    seats = (Seat.objects.filter(deadline_at__lte=now, user__profile__auto_vacation=True,
                                 user__profile__vacation_since=None).select_related("game", "user"))
    for seat in seats:
        if not deadlines.control_of(seat.game).vacation_allowed:
            continue
        try:
            vacation = vacations.vacation_start(seat.user, now=now, automatic=True)
        except BadRequest:
            continue  # no days left: the timeout goes ahead
        signals.auto_vacation_started.send(sender=Seat, user_id=seat.user_id, vacation_id=vacation.pk)


def game_grant_time(*, game_id, user, role: str, days: int) -> Seat:
    """A player gives an opponent extra time on the current turn, before its deadline."""
    if days not in (1, 2, 3, 7):
        raise BadRequest(_("You can grant 1, 2, 3 or 7 days."))
    with transaction.atomic():
        game = lock_game(game_id)
        seats = _seats_of(game)
        granter = _role_of(game, user, seats)
        seat = next((s for s in seats if s.role == role), None)
        if seat is None or role == granter or role in teammates(game, granter):
            raise BadRequest(_("You can grant time only to an opponent."))  # teammates: the team's pauses
        if seat.deadline_at is None or seat.deadline_at <= timezone.now():
            raise BadRequest(_("That player has no running deadline to extend."))
        seat.extra_seconds += days * clocks.DAY
        deadlines.refresh_deadline(seat, deadlines.control_of(game), timezone.now())
        seat.save(update_fields=["extra_seconds", "deadline_at", "next_reminder_at"])
        deadlines.save_game_deadline(game)
        return seat


def game_abandon(*, game_id) -> Game:
    with transaction.atomic():
        game = lock_game(game_id)
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
        game = lock_game(game_id)
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
        game = lock_game(game_id)
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
