"""The reach room's pages: the calendar (its secret address, a new one, off) and its feed,
the web app manifest and service worker, and the webhooks page (add, test, switch, remove)."""
from __future__ import annotations


from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games.limits import json_limits
from games.models import PushSubscription, Webhook
from games.reach import calendar, hooks, push


@never_cache  # the page shows the secret address: no browser or proxy keeps it
@login_required
def calendar_page(request):
    return render(request, "games/calendar.html", {"address": calendar.address(request, request.user)})


@login_required
@require_POST
def calendar_renew(request):
    had = calendar.token_for(request.user)
    calendar.renew(request.user)
    messages.success(request, _("A new calendar address is ready. The old one no longer works.") if had else
                     _("Your calendar address is ready: add it to your calendar application."))
    return redirect("games:calendar")


@login_required
@require_POST
def calendar_off(request):
    calendar.turn_off(request.user)
    messages.success(request, _("The calendar is off: its address no longer works."))
    return redirect("games:calendar")


@require_GET  # the doors' page limits count it (games/limits/doors.py)
def calendar_feed(request, token: str):
    body = calendar.feed(token)
    if body is None:
        raise Http404("no such calendar")
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, no-store"
    response["Content-Disposition"] = 'inline; filename="hotline-deadlines.ics"'
    return response


@require_GET
def manifest(request):
    """The web app manifest: "Add to home screen" gives Hotline its own window."""
    icons = [{"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
             {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
             {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
             {"src": static("icons/icon-512-maskable.png"), "sizes": "512x512", "type": "image/png",
              "purpose": "maskable"}]
    body = {"name": "Hotline", "short_name": "Hotline", "id": "/", "start_url": reverse("games:my_games"),
            "scope": "/", "display": "standalone", "background_color": "#fafaf7", "theme_color": "#222222",
            "description": _("Long card-driven strategy games, played over days, with every rule enforced."),
            "lang": request.LANGUAGE_CODE, "icons": icons}
    return JsonResponse(body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})


@require_GET
def service_worker(request):
    """The service worker from the site's root, so its scope is the whole site."""
    with open(finders.find("js/sw.js"), encoding="utf-8") as source:
        response = HttpResponse(source.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a browser checks for a new worker on each visit
    return response


# -- chat webhooks (games/reach/hooks.py) ----------------------------------------------
@never_cache  # the page shows hook addresses and secrets
@login_required
def hooks_page(request):
    error = ""
    if request.method == "POST":
        try:
            hooks.add(request.user, request.POST.get("kind", ""), request.POST.get("url", "").strip()[:500],
                      request.POST.getlist("events"))
        except hooks.HookError as refused:
            error = str(refused)
        else:
            messages.success(request, _("Webhook added. Send a test to see it arrive."))
            return redirect("games:hooks")
    rows = Webhook.objects.filter(user=request.user).order_by("created_at")
    return render(request, "games/hooks.html", {
        "hooks": rows, "events": hooks.EVENTS, "kinds": Webhook.Kind.choices, "error": error,
        "posted": request.POST if error else {}}, status=422 if error else 200)


def _own_hook(request, hook_id: int):
    hook = Webhook.objects.filter(pk=hook_id, user=request.user).first()
    if hook is None:
        raise Http404("no such webhook")
    return hook


@login_required
@require_POST
def hook_test(request, hook_id: int):
    why = hooks.test(_own_hook(request, hook_id))
    if why:
        messages.error(request, _("The test did not arrive: %(why)s") % {"why": why})
    else:
        messages.success(request, _("The test arrived."))
    return redirect("games:hooks")


@login_required
@require_POST
def hook_switch(request, hook_id: int):
    hook = _own_hook(request, hook_id)
    hook.enabled, hook.failures = not hook.enabled, 0
    hook.save(update_fields=["enabled", "failures"])
    messages.success(request, _("Webhook on.") if hook.enabled else _("Webhook off."))
    return redirect("games:hooks")


@login_required
@require_POST
def hook_delete(request, hook_id: int):
    _own_hook(request, hook_id).delete()
    messages.success(request, _("Webhook removed."))
    return redirect("games:hooks")


# -- web push (games/reach/push.py) ------------------------------------------------------
@never_cache
@login_required
def push_page(request):
    devices = PushSubscription.objects.filter(user=request.user).order_by("created_at")
    return render(request, "games/push.html", {"devices": devices, "enabled": push.enabled(),
                                                "public_key": push.public_key() if push.enabled() else "",
                                                "events": push.EVENTS})


@login_required
@require_POST
def push_subscribe(request):
    """This browser's subscription, posted as JSON by static/js/push.js."""
    try:
        data = json_limits.loads((request.body or b"{}").decode())
        keys = data.get("keys") or {}
        push.subscribe(request.user, str(data.get("endpoint", ""))[:1000], str(keys.get("p256dh", "")),
                       str(keys.get("auth", "")), [str(e) for e in data.get("events") or []][:10],
                       str(data.get("label", "")))
    except push.PushError as error:  # (a ValueError too: first)
        return JsonResponse({"error": "refused", "detail": str(error)}, status=422)
    except (ValueError, AttributeError, TypeError):
        return JsonResponse({"error": "bad_request", "detail": _("This is not a push subscription.")}, status=400)
    return JsonResponse({"ok": True})


@login_required
@require_POST
def push_unsubscribe(request):
    if request.content_type == "application/json":  # from static/js/push.js
        try:
            endpoint = str(json_limits.loads((request.body or b"{}").decode()).get("endpoint", ""))
        except (ValueError, AttributeError, UnicodeDecodeError):
            endpoint = ""
    else:  # the page's form
        endpoint = request.POST.get("endpoint", "")
    gone = push.unsubscribe(request.user, endpoint)
    if request.content_type == "application/json":
        return JsonResponse({"removed": gone})
    messages.success(request, _("Notifications are off on that device."))
    return redirect("games:push")
