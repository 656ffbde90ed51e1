"""HTML pages and HTMX partials. Thin: parse, call a service, render."""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from itertools import groupby

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import F, prefetch_related_objects
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import briefing, engine, tables
from games.live import presence
from games.engine import registry
from games.web import selectors
from games.play import services
from games.tables import views as table_views
from games.errors import Forbidden, GameError
from games.web.forms import GameCreateForm, InviteForm
from games.models import Game
from games.engine.teams import is_team_game, team_choices, teammates


def home(request):
    """A first visitor's page: what the site is, its games (each with a picture of
    its board) and how correspondence play works. Players go to their games."""
    if request.user.is_authenticated:
        return redirect("games:my_games")
    shows = [registry.presentation(rules.title_id) for rules in registry.offered()]
    titles = [{"name": show.title_name, "blurb": show.blurb, "seats": show.seats_text(), "picture": show.picture}
              for show in shows]
    return render(request, "home.html", {"titles": titles, "open_count": selectors.open_game_count(request.user)})


def lobby(request):
    return render(request, "games/lobby.html", {"open_games": selectors.open_games_for(request.user)})


@login_required
def my_games(request):
    return render(request, "games/my_games.html", {"games": selectors.game_list_for_user(request.user),
                                                   "invitations": selectors.invitations_for(request.user),
                                                   "substitute_seats": selectors.substitute_seats_for(request.user)})


@login_required
def next_game(request):
    """The running game waiting on me whose deadline is nearest ("Next game", key n)."""
    game_id = selectors.next_game_for(request.user, after=_int_or_none(request.GET.get("after")))
    if game_id is None:
        messages.info(request, _("No other game is waiting for your move."))
        return redirect("games:my_games")
    return redirect("games:detail", game_id)


def _int_or_none(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
def game_create(request):
    form = GameCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = _create(request.user, form)
        except GameError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Game created. It starts when every seat is taken."))
            return redirect("games:detail", game.pk)
    return render(request, "games/create.html", {"form": form}, status=422 if form.errors else 200)


def _create(user, form: GameCreateForm) -> Game:
    """The game and, for a team title, a kept seat per invitation line: all or nothing."""
    data = form.cleaned_data
    title_id = data["title_id"]
    return tables.create_with_invitations(
        user=user, title_id=title_id, invitations=form.invitations_for(title_id), invite_username=data["invite"],
        options=form.options_for(title_id), rated=data["rated"], creator_role=data["side"],
        time_control=data["time_control"], creator_team=form.creator_team(title_id))


def _lobby_action(service, success: str):
    @login_required
    @require_POST
    def view(request, game_id):
        try:
            service(game_id=game_id, user=request.user)
        except GameError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, success)
        return redirect("games:detail", game_id)

    return view


cancel = _lobby_action(services.game_cancel, _("Game cancelled."))
resign = _lobby_action(services.game_resign, _("You resigned."))


@login_required
@require_POST
def join(request, game_id):
    """Take a seat (in the team asked for, if any) or the seat kept for you."""
    try:
        services.seat_join(game_id=game_id, user=request.user, team=request.POST.get("team", ""))
    except GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You joined the game."))
    return redirect("games:detail", game_id)


@login_required
@require_POST
def decline(request, game_id):
    """Decline a duel invitation (the game is cancelled) or give back a seat kept for you."""
    try:
        try:
            tables.invitation_decline(game_id=game_id, user=request.user)
        except Forbidden:  # no seat kept for them: a duel invitation, or none
            services.invitation_decline(game_id=game_id, user=request.user)
    except GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Invitation declined."))
    return redirect("games:detail", game_id)


@login_required
@require_POST
def invite(request, game_id):
    """The creator keeps a seat of an open team game for a named player; a
    refused name comes back on the page with the form as it was typed."""
    game = get_object_or_404(Game, pk=game_id)
    form = InviteForm(request.POST, choices=team_choices(game))
    if form.is_valid():
        try:
            tables.invite(game_id=game.pk, user=request.user, username=form.cleaned_data["username"],
                          team=form.cleaned_data["team"])
        except Forbidden as error:  # not the creator, or the game started: no form to refill
            messages.error(request, error.message)
            return redirect("games:detail", game.pk)
        except GameError as error:
            form.add_error("username", error.message)
        else:
            messages.success(request, _("A seat is kept for %(u)s.") % {"u": form.cleaned_data["username"]})
            return redirect("games:detail", game.pk)
    return render(request, "games/detail.html", _detail_context(request, game, form), status=422)


@login_required
@require_POST
def withdraw(request, game_id):
    """The creator takes back a seat kept for a player."""
    username = request.POST.get("username", "")
    try:
        tables.invitation_withdraw(game_id=game_id, user=request.user, username=username)
    except GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The seat kept for %(u)s is open again.") % {"u": username})
    return redirect("games:detail", game_id)


def detail(request, game_id):
    game = get_object_or_404(Game, pk=game_id)
    return render(request, "games/detail.html", _detail_context(request, game))


def _detail_context(request, game: Game, invite_form: InviteForm | None = None) -> dict:
    """The game page; an open team game shows its lobby: teams, seats, invitations.
    A player sees first what happened since they last looked (games/briefing/)."""
    context = _panel_context(request, game)
    mine = next((s for s in context["seats"] if request.user.is_authenticated and s.user_id == request.user.pk), None)
    context["briefing"] = briefing.for_seat(game, mine)
    if game.is_over and mine is not None and mine.role:
        context["rematch"] = game.rematches.order_by("-pk").first()
        context["rematch_sides"] = tables.rematch_keeps_sides(game)
    if game.status != Game.Status.OPEN or not is_team_game(game):
        return context
    choices = team_choices(game)
    prefetch_related_objects([game], *selectors.TABLE_PREFETCH)
    return {**context, "table": selectors.lobby_table(game, request.user),
            "invite_form": invite_form or InviteForm(choices=choices),
            "withdraw": request.user.pk == game.created_by_id}


def panel(request, game_id):
    game = get_object_or_404(Game, pk=game_id)
    return render(request, "games/_panel.html", _panel_context(request, game))


def status(request, game_id):
    """Polled by every open game page (every 3 s while visible): the status line with
    whose turn it is, who is here and the newest chat message's id (the page
    reloads its chat when that changes). Tells the page to refresh its panel when
    the game moved (``seq``) and to reload when the game started or ended (``st``)."""
    game = get_object_or_404(Game.objects.only(*STATUS_FIELDS), pk=game_id)
    seats = [SeatLine(**row) for row in game.seats.values(
        "user_id", "role", "proxy_id", "deadline_at", username=F("user__username"),
        display_name=F("user__profile__display_name"))]
    context = _status_context(request, game, seats)
    response = render(request, "games/_status.html", context)
    if request.GET.get("st") not in (None, game.status):
        response["HX-Refresh"] = "true"  # started or ended: the whole page changes
    elif request.GET.get("seq") not in (None, str(game.seq)):
        response["HX-Trigger"] = "game-changed"
    return response


# What the status line reads of a game and its seats (polled: no state, no model rows for seats).
STATUS_FIELDS = ("id", "title_id", "seq", "status", "active_roles", "result", "created_by", "invited_user",
                 "options", "rated", "creator_role", "scenario")


@dataclass
class SeatLine:
    user_id: int
    role: str
    username: str
    display_name: str | None
    proxy_id: int | None = None
    deadline_at: object = None

    @property
    def user(self):  # seat.user.display, as for a Seat
        return SimpleNamespace(display=self.display_name or self.username, pk=self.user_id)


def _status_context(request, game: Game, seats: list) -> dict:
    """Whose turn, who is here and the tab title, for ``_status.html``."""
    user = request.user
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    my_turn = bool(game.status == Game.Status.ACTIVE and mine and mine.role and mine.role in game.active_roles)
    ages = presence.look(game.pk, [s.user_id for s in seats], mine.user_id if mine else None)
    others = [{"name": s.user.display, "role": s.role, "age": ages.get(s.user_id),
               "here": (ages.get(s.user_id) is not None and ages[s.user_id] < presence.HERE_SECONDS)}
              for s in seats if s is not mine]
    mates = set(teammates(game, mine.role)) if mine and mine.role and game.status == Game.Status.ACTIVE else set()
    waiting_for = [{"role": r, "name": next((s.user.display for s in seats if s.role == r), ""), "mate": r in mates}
                   for r in game.active_roles] if game.status == Game.Status.ACTIVE else []
    # the away seats this user covers whose turn it is (the proxy's "your turn")
    cover_turn = [s.role for s in seats if user.is_authenticated and s.proxy_id == user.pk and s.role
                  and s.role in game.active_roles] if game.status == Game.Status.ACTIVE else []
    return {"game": game, "my_seat": mine, "my_turn": my_turn, "others": others, "waiting_for": waiting_for,
            "team_game": bool(mates) or (bool(mine and mine.role) and _in_teams(game)),
            "my_deadline": mine.deadline_at if my_turn else None,
            "cover_turn": cover_turn, "seat_count": _seat_count(game, seats),
            "polls": bool(mine) or game.status in (Game.Status.OPEN, Game.Status.ACTIVE)}


def _in_teams(game: Game) -> bool:
    return game.status == Game.Status.ACTIVE and is_team_game(game)


def _seat_count(game: Game, seats: list) -> dict | None:
    """How many players an open table of more than two seats still waits for (a duel
    keeps its "Waiting for an opponent"); kept seats count as not yet taken."""
    if game.status != Game.Status.OPEN:
        return None
    total = len(engine.rules_for(game).roles(game.scenario, game.options))
    return {"more": total - len(seats), "taken": len(seats), "total": total} if total > 2 else None


@login_required
@require_POST
def act(request, game_id):
    game = get_object_or_404(Game, pk=game_id)
    try:
        verb, arg, seq = _parse_action(request.POST)
        services.move_submit(game_id=game.pk, user=request.user, verb=verb, arg=arg, expected_seq=seq,
                             as_role=_as_role(request))
    except GameError as error:
        game.refresh_from_db()
        return _panel_response(request, game, error.message, error.status)
    game.refresh_from_db()
    return _panel_response(request, game, "", 200)


def _parse_action(data) -> tuple:
    from games.limits import json_limits
    from games.errors import BadRequest

    try:
        arg = json_limits.loads(data.get("arg") or "null")  # no RecursionError on [[[[...
        seq = int(data.get("expected_seq", ""))
    except (ValueError, TypeError):
        raise BadRequest(_("The move could not be read. Reload the page and try again."))
    return data.get("verb", ""), arg, seq


def _panel_response(request, game, error: str, status_code: int):
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("games:detail", game.pk)
    context = {**_panel_context(request, game), "error": error}
    # base.html's htmx-config swaps 409/422 bodies, so the panel shows the error.
    return render(request, "games/_panel.html", context, status=status_code)


def _board_template(game: Game) -> str:
    return registry.presentation(game.title_id).board_template


def log_lines(game: Game) -> list[dict]:
    """The public log as sentences: [{"seq": move number, "text": ..., "places": the
    board elements it names, and the line's own keys}] (a board may read them,
    e.g. the last revealed headlines; the `logline` tag links the names of the
    lines a page shows)."""
    if game.state is None:
        return []
    show = registry.presentation(game.title_id)
    lines = ({**line, "text": show.log_sentence(line), "places": show.line_places(line)}
             for line in engine.public_log(game, numbered=True))
    return [line for line in lines if line["text"]]  # "" is a line with nothing to tell


def grouped_lines(game: Game, lines: list[dict]) -> list[dict]:
    """``lines`` with each run of lines that read as one (the title's
    `log_group_key`: a draft's sealed inputs, one placement of several points)
    made one line, numbered with the run's last move."""
    show = registry.presentation(game.title_id)
    out: list[dict] = []
    for key, run in groupby(lines, key=lambda line: show.log_group_key(line) or object()):
        run = list(run)
        if len(run) == 1:
            out.append(run[0])
            continue
        line = show.log_group(run)
        out.append({**line, "seq": run[-1].get("seq"), "text": show.log_sentence(line),
                    "places": show.line_places(line)})
    return out


def _panel_context(request, game: Game) -> dict:
    # a proxy covering an away teammate (?as_role=p3, or the action form's as_role) sees that seat
    acting_as = _as_role(request)
    covering = selectors.proxy_picture(game, request.user, acting_as)
    picture = covering or selectors.game_picture(game, request.user)
    # the rules ask in their own words; the page shows the reader's (same verbs and args)
    picture.prompt = registry.presentation(game.title_id).localize_prompt(picture.prompt)
    seats = list(game.seats.select_related("user__profile", "proxy__profile", "substitute__profile"))
    lines = log_lines(game)
    return {
        "game": game, "picture": picture, "board_template": _board_template(game), "seats": seats,
        **_status_context(request, game, seats),
        **table_views.seat_context(game, seats, request.user, acting_as if covering else ""),
        "has_sealed": selectors.has_commitments(game) if game.state is not None else False,
        **_log_tail(grouped_lines(game, lines)),
        "next_game": _next_game(request, game, seats),
        "last_marks": last_move_marks(lines),
        "playing": registry.presentation(game.title_id).playing(picture.view, lines) if game.state is not None else [],
    }


def last_move_marks(lines: list[dict]) -> list[dict]:
    """The places the last move's log lines name, ringed on the board with what
    it did there: from the public log the page shows anyway (no replay, no query)."""
    seq = lines[-1].get("seq") if lines else None
    return briefing.place_marks(((place, line["text"]) for line in lines if line.get("seq") == seq
                                 for place in line["places"]), sep=" ")


def _next_game(request, game: Game, seats: list) -> int | None:
    """Another game waiting on this player, nearest deadline first, offered
    while this one waits on others (after a move, "Next game")."""
    mine = game.status == Game.Status.ACTIVE and request.user.is_authenticated and any(
        s.user_id == request.user.pk and s.awaiting for s in seats)
    return None if mine else selectors.next_game_for(request.user, after=game.pk)


def _as_role(request) -> str:
    return (request.POST.get("as_role") or request.GET.get("as_role") or "").strip()[:40]


LOG_TAIL = 100  # the page shows the newest lines; the log view (games:log) has them all


def _log_tail(lines: list[dict]) -> dict:
    return {"log": lines[-LOG_TAIL:], "log_earlier": max(0, len(lines) - LOG_TAIL)}


def log(request, game_id):
    """The whole log on a page of its own, with a replay of the board (htmx: the list alone)."""
    game = get_object_or_404(Game, pk=game_id)
    picture = selectors.game_picture(game, request.user)
    if picture.view is None:
        raise Http404
    context = {"game": game, "log": grouped_lines(game, log_lines(game)), "log_earlier": 0,
               "my_seat": selectors.seat_for(game, request.user), "replay": _may_replay(game, request.user),
               "has_sealed": selectors.has_commitments(game)}
    return render(request, "games/_log.html" if request.htmx else "games/log_page.html", context)


def _may_replay(game: Game, user) -> bool:
    """The board at any move: for the game's players, for everyone once it is over."""
    return game.is_over or selectors.seat_for(game, user) is not None


def at_move(request, game_id, seq):
    """The board as it was after move ``seq`` (from the Snapshot at or before it);
    htmx (the log page's replay slider) gets the board alone."""
    game = get_object_or_404(Game, pk=game_id)
    if not _may_replay(game, request.user):
        raise Http404
    picture = selectors.game_picture_at(game, request.user, seq)
    if picture is None:
        raise Http404
    move = game.moves.filter(seq=seq).first()
    hidden = move is not None and not (game.is_over or move.role == picture.role or move.verb.startswith("."))
    text = registry.presentation(game.title_id).describe(move, hide_arg=hidden) if move else ""
    template = "games/_at_move_board.html" if request.htmx else "games/at_move.html"
    return render(request, template, {"game": game, "picture": picture, "seq": seq, "move_text": text,
                                      "board_template": _board_template(game),
                                      "move_marks": briefing.marks(briefing.move_changes(game, picture.role, seq))})


def replay(request, game_id):
    """The log page's slider: ``?seq=N`` is the board after move N (without htmx: its page)."""
    try:
        seq = max(1, int(request.GET.get("seq", "")))
    except ValueError:
        raise Http404
    return at_move(request, game_id, seq) if request.htmx else redirect("games:at_move", game_id, seq)


def healthz(request):
    return HttpResponse("ok", content_type="text/plain")
