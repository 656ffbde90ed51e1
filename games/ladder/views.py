"""Ladder, leaderboard and player profile pages. Thin: parse, call a service, render.

HTMX requests get the page's partial (leaderboard table, ladder body) back;
refused actions answer 422 with the partial and the reason, which base.html's
htmx-config swaps in.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.engine import registry
from games.errors import GameError

from . import chart, ladders, selectors
from .models import Ladder
from .ratings import rating_current

PAGE_SIZE = 50


def _title_name(title_id: str) -> str:
    try:
        return registry.get(title_id).name
    except registry.UnknownTitle:
        return title_id


def index(request):
    titles = [{"id": t, "name": r.name} for t, r in registry.titles().items()]
    return render(request, "ladder/index.html", {"titles": titles, "ladders": selectors.ladders_list()})


def leaderboard(request, title_id):
    if title_id not in registry.titles():
        raise Http404
    active = request.GET.get("active") == "1"
    now = timezone.now()
    page = Paginator(selectors.leaderboard(title_id, active_only=active, now=now), PAGE_SIZE).get_page(
        request.GET.get("page"))
    ratings = selectors.leaderboard_rows(page.object_list)
    rows = [_board_row(page.start_index() + i, r, now) for i, r in enumerate(ratings)]
    team_rows = [_team_row(i, r) for i, r in enumerate(
        selectors.team_leaderboard(title_id, active_only=active, now=now), 1)]
    context = {"title_id": title_id, "title_name": _title_name(title_id), "page": page, "rows": rows,
               "team_rows": team_rows, "team_min_games": selectors.TEAM_MIN_GAMES,
               "active": active, "active_days": selectors.ACTIVE_DAYS}
    template = "ladder/_leaderboard_table.html" if request.htmx else "ladder/leaderboard.html"
    return render(request, template, context)


def _board_row(rank: int, rating, now) -> dict:
    """Plain values for one leaderboard line (cheaper to render than template filters)."""
    name = rating.user.username
    return {"rank": rank, "username": name, "rating": round(rating.rating),
            "url": reverse("ladder:profile", args=[name]), "rd": round(rating_current(rating, now).rd),
            "games": rating.games, "user_id": rating.user_id, "last_played": rating.last_played,
            "win_rate": round(100 * rating.win_rate) if rating.games else None}


def _team_row(rank: int, rating) -> dict:
    """One line of the OpenSkill table (games of more than two seats)."""
    name = rating.user.username
    return {"rank": rank, "username": name, "url": reverse("ladder:profile", args=[name]),
            "ordinal": round(rating.ordinal, 1), "mu": round(rating.mu, 1), "sigma": round(rating.sigma, 1),
            "games": rating.games, "user_id": rating.user_id, "last_played": rating.last_played,
            "win_rate": round(100 * rating.win_rate) if rating.games else None}


def profile(request, username):
    player = get_object_or_404(get_user_model(), username__iexact=username, is_active=True)
    ratings = selectors.ratings_for_user(player)
    for row in ratings:
        row["title_name"] = _title_name(row["rating"].title_id)
        row["chart"] = chart.history_chart(selectors.rating_history(player, row["rating"].title_id))
    team_ratings = [{"rating": r, "title_name": _title_name(r.title_id),
                     "chart": chart.history_chart(selectors.team_rating_history(player, r.title_id))}
                    for r in selectors.team_ratings_for_user(player)]
    return render(request, "ladder/profile.html", {
        "player": player, "ratings": ratings, "team_ratings": team_ratings, "recent": selectors.recent_games(player),
        "opponents": selectors.record_against(player), "timeouts": selectors.timeouts_count(player),
        "move_seconds": selectors.average_move_seconds(player), "move_games": selectors.MOVE_TIME_GAMES})


def ladder_detail(request, ladder_id):
    ladder = get_object_or_404(Ladder, pk=ladder_id)
    template = "ladder/_ladder_body.html" if request.htmx else "ladder/ladder.html"
    return render(request, template, _ladder_context(request, ladder))


def _ladder_context(request, ladder: Ladder, error: str = "", notice: str = "") -> dict:
    entries = list(selectors.ladder_entries(ladder))
    me = next((e for e in entries if e.user_id == request.user.pk), None)
    return {"ladder": ladder, "title_name": _title_name(ladder.title_id), "entries": entries, "me": me,
            "challengeable": selectors.challengeable_user_ids(ladder, entries, request.user),
            "open_challenges": list(ladders.challenges_open_for(ladder)),
            "recent": list(ladders.challenges_recent(ladder)), "error": error, "notice": notice,
            "max_up": ladders.MAX_RUNGS_UP, "max_open": ladders.MAX_OPEN_CHALLENGES}


def _ladder_action(request, ladder_id, call, success: str):
    ladder = get_object_or_404(Ladder, pk=ladder_id)
    try:
        call()
    except GameError as error:
        error_text, notice, status = error.message, "", error.status
    else:
        error_text, notice, status = "", success, 200
    if not request.htmx:
        (messages.error if error_text else messages.success)(request, error_text or notice)
        return redirect("ladder:ladder", ladder.pk)
    return render(request, "ladder/_ladder_body.html", _ladder_context(request, ladder, error_text, notice),
                  status=status)


@login_required
@require_POST
def ladder_join(request, ladder_id):
    return _ladder_action(request, ladder_id, lambda: ladders.ladder_join(ladder_id=ladder_id, user=request.user),
                          _("You joined the ladder at the bottom rung."))


@login_required
@require_POST
def ladder_leave(request, ladder_id):
    return _ladder_action(request, ladder_id, lambda: ladders.ladder_leave(ladder_id=ladder_id, user=request.user),
                          _("You left the ladder."))


@login_required
@require_POST
def challenge(request, ladder_id):
    defender = request.POST.get("defender", "")
    return _ladder_action(request, ladder_id, lambda: ladders.challenge_create(
        ladder_id=ladder_id, challenger=request.user, defender_username=defender),
        _("Challenge sent: your game against %(name)s has started.") % {"name": defender})
