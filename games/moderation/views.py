"""Players' pages and partials: chat, takebacks, reports, audit, standing, appeals."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.limits import throttles
from games.errors import BadRequest, GameError

from . import access, audit, channels, selectors, services
from .forms import AppealForm, ChatForm, ReportForm, TakebackForm
from .models import Appeal, UserSanction
from .web import deny_unless, load_game, reply_done, reply_error


def panel_context(request, game, **extra) -> dict:
    seat = access.seat_of(game, request.user)
    takeback = services.takeback_pending(game)
    return {**chat_context(request, game), "chat_boxes": chat_boxes(request, game),
            "takeback": takeback, "takeback_text": selectors.move_described(game, getattr(takeback, "move_seq", None)),
            "takeback_allowed": bool(seat) and services.takeback_allowed(game),
            "takeback_moves": _takeback_moves(game, seat), **extra}


def chat_context(request, game, **extra) -> dict:
    return {"game": game, "seat": access.seat_of(game, request.user), "chat_form": ChatForm(),
            "muted": access.is_muted(request.user), **extra}


def chat_boxes(request, game) -> list[dict]:
    """The chats the reader sees beside the board: the table's, their team's if
    they have one, and their direct messages at a table of three seats or more."""
    seat = access.seat_of(game, request.user)
    if seat is not None:
        team = bool(channels.channel_of_role(game, seat.role))
    else:  # a moderator: every team's chat in one panel, each line labelled
        team = bool(channels.team_channels(game))
    names = [channels.TABLE, channels.TEAM] if team else [channels.TABLE]
    if channels.has_dms(game):
        names.append(channels.DM)
    teams = team or bool(channels.team_channels(game))  # the Lone Wolf has no team, the table still has teams
    return [chat_box(request, game, name, teams=teams) for name in names]


def chat_box(request, game, name: str, teams: bool = True, to: str = "") -> dict:
    """One chat panel: its channel name ("table"/"team"/"dm"), heading and lines
    (and, for direct messages, the seats one may write to; ``to`` stays chosen)."""
    lines = selectors.chat_list(game, request.user, name)
    seat = access.seat_of(game, request.user)
    if name == channels.DM:
        recipients = channels.recipients(game, seat.role) if seat else []
        return {"name": name, "title": _("Direct messages"), "lines": lines, "recipients": recipients, "to": to}
    if name == channels.TEAM:
        title = (_("%(team)s (team)") % {"team": channels.label(game, channels.channel_of_role(game, seat.role))}
                 if seat else _("Team chats"))
    else:
        title = _("Table") if teams else _("Chat with your opponents")
    return {"name": name, "title": title, "lines": lines}


def _box_name(request, game, name: str) -> str:
    """The panel a reply goes to: the team's or the direct messages if the
    poster has them and asked for them, else the table's."""
    seat = access.seat_of(game, request.user)
    if name == channels.TEAM and seat is not None and channels.channel_of_role(game, seat.role):
        return channels.TEAM
    if name == channels.DM and seat is not None and channels.has_dms(game):
        return channels.DM
    return channels.TABLE


def _reply_box(request, game, name: str) -> dict:
    return chat_box(request, game, _box_name(request, game, name), to=request.POST.get("to", ""))


def _takeback_moves(game, seat) -> list:
    """The seat's own recent moves, each in words, for the takeback picker."""
    if not seat:
        return []
    return selectors.described_moves(game, list(services.takeback_choices(game, seat.role)[:20]), own=True)


@login_required
def game_panel(request, game_id):
    """The disputes panel on a player's game page: chat, takeback, report link."""
    game = load_game(game_id)
    deny_unless(access.seat_of(game, request.user) is not None)
    return render(request, "moderation/_game_panel.html", panel_context(request, game))


@login_required
def chat(request, game_id):
    """GET: the chat panels (``lines=1``: one channel's lines, for the live
    refresh). POST: say something in the ``channel`` "table" or "team", or
    ("dm") to the seat ``to``."""
    game = load_game(game_id)
    if request.method != "POST":
        return _chat_read(request, game)
    deny_unless(access.seat_of(game, request.user) is not None)
    url = reverse("games:detail", args=[game.pk])
    name = request.POST.get("channel") or channels.TABLE
    context = chat_context(request, game)
    form = ChatForm(request.POST)
    try:
        if not form.is_valid():
            raise BadRequest(_("Write a message of at most 500 characters."))
        throttles.check(throttles.ChatThrottle, request, _("You are sending messages too fast. Wait a minute."))
        services.chat_post(game=game, user=request.user, body=form.cleaned_data["body"], channel=name,
                           to=request.POST.get("to", ""))
    except GameError as error:
        box = _reply_box(request, game, name)
        return reply_error(request, error, url, "moderation/_chat_box.html", {**context, "box": box})
    return reply_done(request, "", url, "moderation/_chat_box.html",
                      {**context, "box": _reply_box(request, game, name)})


def _chat_read(request, game):
    deny_unless(access.can_read_game_chat(game, request.user))
    if not request.GET.get("lines"):
        return render(request, "moderation/_chat.html", panel_context(request, game))
    # the live refresh (a new message seen by the status poll): one channel's lines only
    name = request.GET.get("channel") or channels.TABLE
    try:
        box = chat_box(request, game, name)
    except GameError as error:
        return HttpResponse(error.message, status=error.status, content_type="text/plain; charset=utf-8")
    return render(request, "moderation/_chat_lines.html", chat_context(request, game, box=box))


@login_required
@require_POST
def takeback_request(request, game_id):
    game = load_game(game_id)
    deny_unless(access.seat_of(game, request.user) is not None)
    form = TakebackForm(request.POST)
    url = reverse("games:detail", args=[game.pk])
    try:
        if not form.is_valid():
            raise BadRequest(_("Choose one of your own moves."))
        services.takeback_request(game=game, user=request.user, move_seq=form.cleaned_data["move_seq"])
    except GameError as error:
        return reply_error(request, error, url, "moderation/_game_panel.html", panel_context(request, game))
    return reply_done(request, _("Takeback requested."), url, "moderation/_game_panel.html",
                      panel_context(request, game))


@login_required
@require_POST
def takeback_answer(request, takeback_id):
    from .models import TakebackRequest

    takeback = get_object_or_404(TakebackRequest, pk=takeback_id)
    game = takeback.game
    deny_unless(access.seat_of(game, request.user) is not None)
    url = reverse("games:detail", args=[game.pk])
    try:
        takeback = services.takeback_answer(request_id=takeback.pk, user=request.user,
                                            answer=request.POST.get("answer", ""))
    except GameError as error:
        return reply_error(request, error, url, "moderation/_game_panel.html", panel_context(request, game))
    game.refresh_from_db()
    response = reply_done(request, takeback.get_status_display(), url, "moderation/_game_panel.html",
                          panel_context(request, game))
    if request.htmx and takeback.status == TakebackRequest.Status.ACCEPTED:
        response["HX-Trigger"] = "game-changed"  # the game panel reloads the board
    return response


@login_required
def report_create(request, game_id):
    game = load_game(game_id)
    deny_unless(access.seat_of(game, request.user) is not None)
    initial = {"move_seq": request.GET.get("seq"), "chat_message": request.GET.get("chat"),
               "kind": "abusive_chat" if request.GET.get("chat") else None}
    form = ReportForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.report_create(game=game, user=request.user, kind=data["kind"], text=data["text"],
                                   move_seq=data["move_seq"], chat_message_id=data["chat_message"])
        except GameError as error:
            if error.status == 403:
                raise
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Thank you. A moderator will look at your report."))
            return redirect("moderation:my_reports")
    return render(request, "moderation/report_form.html", {"game": game, "form": form},
                  status=422 if form.errors else 200)


@login_required
def my_reports(request):
    return render(request, "moderation/my_reports.html", {"reports": services.reports_of(request.user)})


@login_required
def game_audit(request, game_id):
    """The audit entries concerning a game, for its players and moderators."""
    game = load_game(game_id)
    moderator = access.is_moderator(request.user)
    deny_unless(moderator or access.seat_of(game, request.user) is not None)
    entries = selectors.with_details(audit.entries_for_game(game, request.user, moderator),
                                     list(game.moves.order_by("seq")), request.user)
    return render(request, "moderation/game_audit.html", {"game": game, "entries": entries})


@login_required
def standing(request):
    """My warnings, mutes and suspensions, with the appeal of each."""
    sanctions = UserSanction.objects.filter(user=request.user).select_related("appeal")
    return render(request, "moderation/standing.html", {
        "sanctions": sanctions, "suspension": access.active_sanction(request.user, "suspend")})


@login_required
def appeal(request, sanction_id):
    sanction = get_object_or_404(UserSanction, pk=sanction_id)
    deny_unless(sanction.user_id == request.user.pk)
    existing = Appeal.objects.filter(sanction=sanction).first()
    form = AppealForm(request.POST or None)
    if request.method == "POST" and existing is None and form.is_valid():
        try:
            services_appeal(sanction, request.user, form.cleaned_data["text"])
        except GameError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Your appeal was sent to a moderator."))
            return redirect("moderation:standing")
    return render(request, "moderation/appeal.html", {"sanction": sanction, "appeal": existing, "form": form},
                  status=422 if form.errors else 200)


def services_appeal(sanction, user, text):
    from .sanctions import appeal_create

    return appeal_create(sanction_id=sanction.pk, user=user, text=text)
