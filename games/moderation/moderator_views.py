"""Moderators' pages: the queue, a game's timeline, actions, audit log, appeals."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST


from games.engine import registry
from games.errors import BadRequest, GameError
from games.web.selectors import Picture

from . import actions, sanctions, selectors
from .forms import (AddTimeForm, AdjudicateForm, AppealDecideForm, CloseReportForm, HandForm, ReasonForm,
                    RollbackForm, SanctionForm)
from .models import Appeal, AuditEntry, Report, UserSanction
from .web import load_game, moderator_required, reply_done, reply_error


@moderator_required
def queue(request):
    kind, title_id = request.GET.get("kind", ""), request.GET.get("title", "")
    return render(request, "moderation/queue.html", {
        "reports": selectors.report_queue(kind, title_id)[:200], "kind": kind, "title_id": title_id,
        "kinds": Report.Kind.choices, "titles": selectors.queue_titles()})


def timeline_url(game_id, report_id=None) -> str:
    url = reverse("moderation:timeline", args=[game_id])
    return f"{url}?report={report_id}" if report_id else url


@moderator_required
def timeline(request, game_id):
    game = load_game(game_id)
    report = Report.objects.filter(pk=request.GET.get("report") or 0, game=game).first() \
        if str(request.GET.get("report", "")).isdigit() else None
    roles = [s.role for s in game.seats.exclude(role="")]
    t = selectors.game_timeline(game, request.user)
    report_move = next((row.text for row in t.moves if report and row.move.seq == report.move_seq), "")
    return render(request, "moderation/timeline.html", {
        "game": game, "t": t, "report": report, "report_move": report_move, "roles": roles,
        "outcomes": Report.Outcome.choices, "sanction_kinds": UserSanction.Kind.choices})


@moderator_required
def board(request, game_id, seq):
    """The read-only board after move ``seq`` (public view): a row under the
    clicked move on the timeline, or a page of its own without htmx."""
    game = load_game(game_id)
    try:
        view = selectors.board_view_at(game, seq)
    except Exception:  # an old log the rules no longer replay: say so, do not crash the page
        view = None
    if view is None:
        raise Http404
    template = "moderation/_board.html" if request.htmx else "moderation/board.html"
    return render(request, template, {
        "game": game, "seq": seq, "picture": Picture(game, None, view, None),
        "board_template": registry.presentation(game.title_id).board_template,
        "move": selectors.move_described(game, seq)})


def _winners(text: str) -> list[str]:
    return [w.strip() for w in (text or "").split(",") if w.strip()]


ACTIONS = {
    "rollback": (RollbackForm, lambda g, u, d: actions.mod_rollback(
        game_id=g.pk, to_seq=d["to_seq"], moderator=u, reason=d["reason"], report_id=d["report"])),
    "adjudicate": (AdjudicateForm, lambda g, u, d: actions.mod_adjudicate(
        game_id=g.pk, winners=_winners(d["winners"]), moderator=u, reason=d["reason"], report_id=d["report"])),
    "annul": (ReasonForm, lambda g, u, d: actions.mod_annul(
        game_id=g.pk, moderator=u, reason=d["reason"], report_id=d["report"])),
    "add_time": (AddTimeForm, lambda g, u, d: actions.mod_add_time(
        game_id=g.pk, role=d["role"], seconds=d["hours"] * 3600, moderator=u, reason=d["reason"],
        report_id=d["report"])),
    "pause": (ReasonForm, lambda g, u, d: actions.mod_pause(
        game_id=g.pk, moderator=u, reason=d["reason"], report_id=d["report"])),
    "resume": (ReasonForm, lambda g, u, d: actions.mod_resume(
        game_id=g.pk, moderator=u, reason=d["reason"], report_id=d["report"])),
}


@moderator_required
@require_POST
def game_action(request, game_id, action):
    game = load_game(game_id)
    if action not in ACTIONS:
        raise Http404
    form_class, run = ACTIONS[action]
    form = form_class(request.POST)
    url = timeline_url(game.pk, request.POST.get("report"))
    try:
        if not form.is_valid():
            raise BadRequest(_form_error(form))
        run(game, request.user, form.cleaned_data)
    except GameError as error:
        return reply_error(request, error, url, "moderation/_message.html", {})
    return reply_done(request, _("Done and logged."), url, "moderation/_message.html",
                      {"message": _("Done and logged.")})


def _form_error(form) -> str:
    field, problems = next(iter(form.errors.items()))
    label = form.fields[field].label if field in form.fields else ""
    return f"{label}: {problems[0]}" if label else str(problems[0])


@moderator_required
@require_POST
def hand(request, game_id):
    """Show one seat's hidden hand; the look itself is audited."""
    game = load_game(game_id)
    form = HandForm(request.POST)
    url = timeline_url(game.pk, request.POST.get("report"))
    try:
        if not form.is_valid():
            raise BadRequest(_form_error(form))
        data = form.cleaned_data
        row = actions.hand_view(game_id=game.pk, role=data["role"], moderator=request.user,
                                reason=data["reason"], report_id=data["report"])
    except GameError as error:
        return reply_error(request, error, url, "moderation/_message.html", {})
    cards = registry.presentation(game.title_id).hand_text(row.cards, game.options)
    return render(request, "moderation/_hand.html", {"game": game, "hand": row, "cards": cards})


@moderator_required
@require_POST
def report_close(request, report_id):
    report = get_object_or_404(Report, pk=report_id)
    form = CloseReportForm(request.POST)
    url = timeline_url(report.game_id, report.pk)
    try:
        if not form.is_valid():
            raise BadRequest(_form_error(form))
        sanctions.report_close(report_id=report.pk, moderator=request.user, outcome=form.cleaned_data["outcome"],
                               resolution=form.cleaned_data["resolution"])
    except GameError as error:
        return reply_error(request, error, url, "moderation/_message.html", {})
    return reply_done(request, _("Report resolved; the players will get a mail."), reverse("moderation:queue"),
                      "moderation/_message.html", {"message": _("Report resolved.")})


@moderator_required
@require_POST
def sanction(request, user_id):
    target = get_object_or_404(get_user_model(), pk=user_id)
    form = SanctionForm(request.POST)
    game_id, report_id = request.POST.get("game"), request.POST.get("report")
    url = timeline_url(game_id, report_id) if str(game_id or "").isdigit() else reverse("moderation:audit")
    try:
        if not form.is_valid():
            raise BadRequest(_form_error(form))
        data = form.cleaned_data
        game = load_game(data["game"]) if data["game"] else None
        report = Report.objects.filter(pk=data["report"] or 0).first()
        sanctions.sanction_create(user=target, kind=data["kind"], moderator=request.user, reason=data["reason"],
                                  days=data["days"], game=game, report=report)
    except GameError as error:
        return reply_error(request, error, url, "moderation/_message.html", {})
    return reply_done(request, _("Done and logged."), url, "moderation/_message.html",
                      {"message": _("Done and logged.")})


@moderator_required
def audit_log(request):
    entries = AuditEntry.objects.select_related("actor", "subject_user", "game").order_by("-created_at", "-pk")
    action = request.GET.get("action", "")
    if action:
        entries = entries.filter(action=action)
    entries = selectors.with_details(list(entries[:300]), reader=request.user)
    return render(request, "moderation/audit.html", {"entries": entries, "action": action,
                                                     "actions": AuditEntry.Action.choices})


@moderator_required
def appeals(request):
    return render(request, "moderation/appeals.html", {"appeals": selectors.appeals_for(request.user),
                                                       "form": AppealDecideForm()})


@moderator_required
@require_POST
def appeal_decide(request, appeal_id):
    appeal = get_object_or_404(Appeal.objects.select_related("sanction"), pk=appeal_id)
    if not sanctions.can_decide(appeal, request.user):
        from django.core.exceptions import PermissionDenied

        raise PermissionDenied
    form = AppealDecideForm(request.POST)
    url = reverse("moderation:appeals")
    try:
        if not form.is_valid():
            raise BadRequest(_form_error(form))
        sanctions.appeal_decide(appeal_id=appeal.pk, moderator=request.user, lift=form.cleaned_data["lift"],
                                decision=form.cleaned_data["decision"])
    except GameError as error:
        return reply_error(request, error, url, "moderation/_message.html", {})
    return redirect(url) if not request.htmx else render(request, "moderation/_message.html",
                                                         {"message": _("Decided and logged.")})


