"""Pages for correspondence play: one-click unsubscribe, vacation, granting time."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.models import Profile

from games.mail import emails
from games.play import services
from games.clocks import vacations
from games.errors import GameError

FLAG_LABELS = {"your_turn": _("“your turn” mails"), "reminders": _("deadline reminders"),
               "invitations": _("invitations and game starts"), "game_over": _("game-over mails"),
               "disputes": _("report updates"), "digest": _("the daily digest")}


@csrf_exempt  # mail clients POST here (RFC 8058 one-click); the signed token is the credential
def unsubscribe(request, token):
    """The link opens a page naming what it stops, with a button; only a POST
    changes anything, because mail scanners follow links: that button, the
    mail client's RFC 8058 one-click POST (List-Unsubscribe-Post), or the
    page's undo (resubscribe=1). The signed token is the credential: no login."""
    try:
        data = emails.read_unsubscribe_token(token)
        profile = Profile.objects.get(user_id=data["u"])
        flag = data["f"]
    except (signing.BadSignature, Profile.DoesNotExist, KeyError):
        return render(request, "games/unsubscribe.html", {"invalid": True}, status=400)
    if request.method != "POST":
        return render(request, "games/unsubscribe.html", {"label": FLAG_LABELS.get(flag, flag), "token": token,
                                                           "confirm": True})
    resubscribe = request.POST.get("resubscribe") == "1"
    _set_flag(profile, flag, on=resubscribe)
    return render(request, "games/unsubscribe.html", {"label": FLAG_LABELS.get(flag, flag), "token": token,
                                                       "subscribed": resubscribe})


def _set_flag(profile: Profile, flag: str, on: bool) -> None:
    if flag == "digest":
        if not on:
            profile.digest_hour = None
            profile.save(update_fields=["digest_hour"])
        return
    setattr(profile, f"email_{flag}", on)
    profile.save(update_fields=[f"email_{flag}"])


@login_required
def vacation(request):
    profile = request.user.profile
    if request.method == "POST":
        try:
            if request.POST.get("action") == "start":
                vacations.vacation_start(request.user)
                messages.success(request, _("Your vacation has started. Your clocks are stopped."))
            else:
                vacations.vacation_end(request.user)
                messages.success(request, _("Welcome back. Your clocks run again."))
        except GameError as error:
            messages.error(request, error.message)
        return redirect("vacation")
    vacations.accrue(profile, timezone.now())  # shown, not saved
    return render(request, "games/vacation.html", {"profile": profile})


@login_required
@require_POST
def grant_time(request, game_id):
    try:
        days = int(request.POST.get("days", "0"))
        services.game_grant_time(game_id=game_id, user=request.user, role=request.POST.get("role", ""), days=days)
    except ValueError:
        messages.error(request, _("Choose how many days to grant."))
    except GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Extra time granted."))
    return redirect("games:detail", game_id)
