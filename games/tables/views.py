"""Views of team tables (see games/tables/urls.py): the controls for absent
seats (I'm back, cover a teammate, substitutes) and the sealed-step
commitments; `seat_context` gives the game page what it shows of them."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import engine, tables
from games.clocks import deputies, pauses
from games.engine import registry, sealing
from games.engine.teams import is_team_game, teammates, teams_of
from games.errors import GameError
from games.models import Game


def commitments(request, game_id):
    """Every sealed input's published hash; opened ones with what opens them."""
    game = get_object_or_404(Game, pk=game_id)
    rows = sealing.commitments(game, engine.rules_for(game))
    return render(request, "games/table/commitments.html", {"game": game, "rows": rows})


# -- what the game page shows of absent seats -----------------------------------
def seat_context(game: Game, seats: list, user, acting_as: str = "") -> dict:
    """Annotate every seat with its team and absence in words (``seat.team_name``,
    ``seat.away``) and the controls this user has (``seat.can_cover``,
    ``seat.can_substitute``); plus the page-wide ones: the away banner, the seat
    switcher of a proxy and a substitute's invitation."""
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk and s.role), None)
    active = game.status == Game.Status.ACTIVE
    team_game = is_team_game(game) if game.state is not None else False
    mates = set(teammates(game, mine.role)) if mine and team_game else set()
    show = registry.presentation(game.title_id)
    teams = teams_of(game) if team_game else []
    for seat in seats:
        team = next((t for t in teams if seat.role in t), None)
        seat.team_name = show.team_label(team) if team else ""
        seat.away = _away_words(seat)
        seat.mate = seat.role in mates  # a teammate: no "Grant extra time" (a gift from opponents only)
        seat.can_cover = active and seat.role in mates and seat.autopilot and not seat.proxy_id
        seat.can_substitute = active and seat.role in mates and bool(seat.autopilot or seat.proxy_id)
    covered = [s for s in seats if user.is_authenticated and s.proxy_id == user.pk and s.role] if active else []
    led = _deputy_seats(game, seats, user, show) if team_game else []
    waiting = next((s for s in seats if active and user.is_authenticated and s.substitute_id == user.pk), None)
    return {"team_game": team_game, "away_banner": bool(active and mine and mine.autopilot),
            "pauses": pauses.state(game, seats, user) if team_game and game.status != Game.Status.OPEN else None,
            "covered_seats": covered, "acting_as": acting_as if any(s.role == acting_as for s in covered + led) else "",
            "deputy_seats": led,
            "substitute_seat": waiting if waiting and not mine else None,
            "may_hand_over": bool(active and mine and team_game),
            **orders_context(game, mine if active and team_game else None,
                             next((s for s in covered if s.role == acting_as), None))}


def orders_context(game: Game, mine, covering=None) -> dict:
    """The "Standing orders" panel: only for the reader's own seat, or the away
    seat they cover on its page (``covering``); nobody else sees a seat's orders."""
    seat = covering or mine
    offered = tables.standing_orders(game, seat) if seat is not None else []
    return {"standing_orders": offered, "orders_role": seat.role if covering else "", "orders_saved": False}


def _deputy_seats(game: Game, seats: list, user, show) -> list:
    """The absent leaders' seats this user acts for as deputy now, each with its
    banner's words (``seat.deputy_text``)."""
    led = deputies.led_seats(game, user, seats)
    for seat in led:
        seat.deputy_text = show.deputy_text(seat.role)
    return led


def _away_words(seat) -> list[str]:
    words = []
    if seat.proxy_id:
        words.append(_("covered by %(name)s") % {"name": seat.proxy.display})
    elif seat.autopilot:
        words.append(_("on autopilot"))
    if seat.substitute_id:
        words.append(_("substitute invited: %(name)s") % {"name": seat.substitute.display})
    return words


# -- the controls (plain forms: each redirects back to the game page) -----------
def _table_action(service, success: str, *fields):
    @login_required
    @require_POST
    def view(request, game_id):
        values = {name: request.POST.get(name, "").strip() for name in fields}
        try:
            service(game_id=game_id, user=request.user, **values)
        except GameError as error:
            messages.error(request, error.message)
            return redirect("games:detail", game_id)
        messages.success(request, success)
        if service is tables.proxy_take:  # straight to the covered seat's choices
            return redirect(f"{_detail_url(game_id)}?{urlencode({'as_role': values['role']})}")
        return redirect("games:detail", game_id)

    return view


def _detail_url(game_id) -> str:
    from django.urls import reverse

    return reverse("games:detail", args=[game_id])


seat_back = _table_action(tables.seat_back, gettext_lazy("Welcome back: your seat is yours again."))
proxy_take = _table_action(tables.proxy_take, gettext_lazy("You now cover that seat: you play its turns until its player is back."),
                           "role")
substitute_invite = _table_action(tables.substitute_invite, gettext_lazy("Substitute invited: the seat is theirs once they accept."),
                                  "role", "username")
substitute_accept = _table_action(tables.substitute_accept, gettext_lazy("The seat is yours: you play it from now on."))

# planned absences (games/clocks/pauses.py)
seat_pause = _table_action(pauses.seat_pause, gettext_lazy("Your clock is paused: your deadlines wait for you."),
                           "hours")
seat_resume = _table_action(pauses.seat_resume, gettext_lazy("Your clock runs again; the unused hours are back in your budget."))
table_pause_propose = _table_action(pauses.table_pause_propose, gettext_lazy("Table pause proposed: the other seats are asked to vote."),
                                    "hours")
table_pause_vote = _table_action(pauses.table_pause_vote, gettext_lazy("Your vote is counted."), "yes", "resume")
table_pause_withdraw = _table_action(pauses.table_pause_withdraw, gettext_lazy("Your table pause proposal is withdrawn."))


# -- standing orders (games/tables/__init__.py `set_orders`) ---------------------------------
@login_required
@require_POST
def set_orders(request, game_id):
    """Save the seat's standing orders (one select per order); htmx gets the
    panel again with "Saved." (or the reason it was refused), a plain form a
    redirect to the game page."""
    game = get_object_or_404(Game, pk=game_id)
    role = request.POST.get("as_role", "").strip()[:40]
    given = {key[len("order-"):]: value for key, value in request.POST.items() if key.startswith("order-")}
    error = ""
    try:
        tables.set_orders(game_id=game.pk, user=request.user, orders=given, role=role)
    except GameError as failure:
        error = failure.message
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, _("Standing orders saved."))
        return redirect("games:detail", game.pk)
    try:
        seat = tables.orders_seat(game, request.user, role)
    except GameError as failure:
        return render(request, "games/table/_orders.html", {"game": game, "orders_error": failure.message},
                      status=failure.status)
    context = {"game": game, "standing_orders": tables.standing_orders(game, seat), "orders_role": role,
               "orders_saved": not error, "orders_error": error}
    return render(request, "games/table/_orders.html", context, status=422 if error else 200)


@login_required
@require_POST
def rematch(request, game_id):
    """"Rematch" on a finished game: the new game's page (the others are invited)."""
    try:
        game = tables.rematch(game_id=game_id, user=request.user, sides=request.POST.get("sides", "swap"))
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:detail", game_id)
    return redirect("games:detail", game.pk)
