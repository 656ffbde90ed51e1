"""Chat webhooks: Discord, Slack or plain JSON, per player, told of their games.

A player adds any number of hooks (`add`), each with the events it wants
(`EVENTS`). When the mail room's worker tells a player of their turn or of a
game's end (the `turn_told` / `game_over_told` signals), `told` writes one
`HookDelivery` per hook, keyed by the notice (unique: the same turn is told to
a hook once however often the task runs), and queues its delivery through the
outbox in the same transaction (a broker outage loses none).

`deliver` sends one delivery: the row is locked while it is sent, so two
workers never send it twice; a 2xx marks it sent; anything else counts a
failure: the task retries with backoff, and a hook that fails `FAIL_LIMIT`
times in a row is turned off with a mail to its owner. During the owner's night
hours nothing is sent: the task waits for the morning. Requests go through
`safe_http` (https to public addresses only, checked after DNS, no redirects,
a timeout and a size cap).

What a hook says is public: the game, the seat, the last public move in words
and a link; never a prompt (it can name cards only this seat may see) nor a
hand. Plain JSON is signed: ``X-Hotline-Signature: sha256=<hex>``, the
HMAC-SHA256 of ``<X-Hotline-Timestamp>.<body>`` with the hook's secret.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from datetime import datetime

import urllib3
from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _, gettext_lazy, ngettext

from games import clocks, engine
from games.engine import registry
from games.mail import emails
from games.models import HookDelivery, Seat, Webhook
from games.reach import safe_http
from games.store import outbox

EVENTS = {"turn": gettext_lazy("Your turn"), "reminder": gettext_lazy("Reminders before a deadline"),
          "over": gettext_lazy("Game over"), "invitation": gettext_lazy("Invitations")}
FAIL_LIMIT = 5
MAX_HOOKS = 10  # per player
BACKOFF = (30, 120, 600, 1800)  # seconds before the 2nd, 3rd... attempt


class HookError(ValueError):
    """A hook that cannot be added: the reason in words."""


def add(user, kind: str, url: str, events: list[str]) -> Webhook:
    if kind not in Webhook.Kind.values:
        raise HookError(_("Choose Discord, Slack or JSON."))
    chosen = [e for e in EVENTS if e in events]
    if not chosen:
        raise HookError(_("Choose at least one event to send."))
    if Webhook.objects.filter(user=user).count() >= MAX_HOOKS:
        raise HookError(_("You have as many webhooks as one player may (%(n)s).") % {"n": MAX_HOOKS})
    try:
        safe_http.check(url)
    except safe_http.Refused as error:
        raise HookError(_("This address cannot be used: %(why)s.") % {"why": error}) from None
    return Webhook.objects.create(user=user, kind=kind, url=url, events=chosen, secret=secrets.token_hex(32))


def wanted(user_id: int, event: str) -> bool:
    """Any hook of the player on and wanting ``event`` (one query; most players have none)."""
    return any(event in events for events in Webhook.objects.filter(user_id=user_id, enabled=True)
               .values_list("events", flat=True))


def told(event: str, user_id: int, game_id: int, key: str, text: str) -> int:
    """Queue ``text`` (already public words) about game ``game_id`` for each of the
    player's hooks that wants ``event``; at most once per (hook, key)."""
    hooks = [h for h in Webhook.objects.filter(user_id=user_id, enabled=True) if event in h.events]
    queued = 0
    with transaction.atomic():
        for hook in hooks:
            body = {"event": event, "text": text, "game": game_id, "url": game_url(game_id)}
            delivery, created = HookDelivery.objects.get_or_create(hook=hook, key=key,
                                                                   defaults={"event": event, "body": body})
            if created:
                outbox.enqueue("games.tasks.deliver_hook", delivery.pk)
                queued += 1
    return queued


def turn_text(seat: Seat) -> str:
    """"Your turn in #12 Twilight Struggle (USSR). Last move: ..." in the player's language."""
    game = seat.game
    show = registry.presentation(game.title_id)
    with translation.override(language(seat.user)):
        lines = [line for line in engine.public_log(game)[-20:] if show.log_sentence(line)]
        last = show.log_sentence(lines[-1]) if lines else ""
        text = _("Your turn in #%(id)s %(title)s (%(side)s).") % {
            "id": game.pk, "title": show.title_name, "side": show.role_label(seat.role)}
        return f"{text} {_('Last move:')} {last}" if last else text


def reminder_text(seat: Seat) -> str:
    """"#12 Twilight Struggle: your move (USSR) is due in about 5 hours." in the player's language."""
    game = seat.game
    show = registry.presentation(game.title_id)
    hours = max(1, round((seat.deadline_at - timezone.now()).total_seconds() / 3600)) if seat.deadline_at else 0
    with translation.override(language(seat.user)):
        return ngettext("#%(id)s %(title)s: your move (%(side)s) is due in about %(n)s hour.",
                        "#%(id)s %(title)s: your move (%(side)s) is due in about %(n)s hours.", hours) % {
            "id": game.pk, "title": show.title_name, "side": show.role_label(seat.role), "n": hours}


def invitation_text(user, game, inviter) -> str:
    with translation.override(language(user)):
        return _("%(who)s invites you to #%(id)s %(title)s.") % {
            "who": inviter.display, "id": game.pk, "title": registry.presentation(game.title_id).title_name}


def over_text(seat: Seat) -> str:
    """"#12 Twilight Struggle is over: USSR won (victory points)." in the player's language."""
    game = seat.game
    show = registry.presentation(game.title_id)
    with translation.override(language(seat.user)):
        return _("#%(id)s %(title)s is over: %(result)s") % {"id": game.pk, "title": show.title_name,
                                                                 "result": show.result_text(game.result)}


def test(hook: Webhook) -> str:
    """Send a test message now (the "Send test" button): "" when it arrived, else why not."""
    with translation.override(language(hook.user)):
        text = _("A test from Hotline: this webhook works.")
    status, error = _send(hook, "test", {"event": "test", "text": text, "game": None,
                                         "url": emails.absolute(reverse("games:hooks"))}, f"test-{time.time_ns()}")
    return "" if 200 <= status < 300 else error


def deliver(delivery_id: int) -> str:
    """Send one delivery (see the module docstring): "sent", "skipped", "busy" or
    "failed" (the task retries a failure while the hook is on)."""
    with transaction.atomic():
        delivery = (HookDelivery.objects.select_for_update(skip_locked=True, of=("self",))
                    .select_related("hook__user__profile").filter(pk=delivery_id).first())
        if delivery is None:
            return "busy" if HookDelivery.objects.filter(pk=delivery_id).exists() else "skipped"
        hook = delivery.hook
        if delivery.status == HookDelivery.Status.SENT or not hook.enabled:
            return "skipped"
        if quiet_until(hook.user) is not None:
            return "quiet"  # the owner's night hours: told when they end (the task waits)
        delivery.attempts += 1
        status, error = _send(hook, delivery.event, delivery.body, f"{delivery.pk}")
        if 200 <= status < 300:
            delivery.status, delivery.sent_at = HookDelivery.Status.SENT, timezone.now()
            delivery.save(update_fields=["status", "sent_at", "attempts"])
            Webhook.objects.filter(pk=hook.pk).update(failures=0, last_error="")
            return "sent"
        delivery.status = HookDelivery.Status.FAILED if delivery.attempts > len(BACKOFF) else HookDelivery.Status.PENDING
        delivery.save(update_fields=["status", "attempts"])
        _failed(hook, error)
        return "failed"


def retry_after(delivery_id: int) -> int | None:
    """Seconds before the next attempt of a delivery not sent yet (a failure's
    backoff, or the end of its owner's night), None when there is none to make."""
    delivery = HookDelivery.objects.select_related("hook__user__profile").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != HookDelivery.Status.PENDING or not delivery.hook.enabled:
        return None
    until = quiet_until(delivery.hook.user)
    if until is not None:
        return max(60, int((until - timezone.now()).total_seconds()) + 1)
    return BACKOFF[min(max(delivery.attempts, 1), len(BACKOFF)) - 1]


def quiet_until(user) -> datetime | None:
    """The end of the owner's night hours when it is night for them now (the
    night hours that hold deadlines back hold webhooks back too), else None."""
    profile = getattr(user, "profile", None)
    night = getattr(profile, "night", None)
    if not night or night[0] == night[1]:
        return None
    now = timezone.now()
    tz = getattr(profile, "timezone", "") or "UTC"
    return clocks.after_night(now, tz, night) if clocks.in_night(now, tz, night) else None


def _failed(hook: Webhook, error: str) -> None:
    hook = Webhook.objects.select_for_update().get(pk=hook.pk)  # two failing deliveries count twice
    hook.failures += 1
    hook.last_error = error[:300]
    fields = ["failures", "last_error"]
    if hook.failures >= FAIL_LIMIT:
        hook.enabled = False
        fields.append("enabled")
        outbox.enqueue("games.tasks.send_hook_off", hook.pk)
    hook.save(update_fields=fields)


def body_of(hook: Webhook, event: str, said: dict) -> bytes:
    """The request body in the hook's format."""
    text, url = said.get("text", ""), said.get("url", "")
    if hook.kind == Webhook.Kind.DISCORD:
        data = {"content": f"{text}\n{url}".strip(), "allowed_mentions": {"parse": []}}
    elif hook.kind == Webhook.Kind.SLACK:
        data = {"text": f"{text} <{url}>" if url else text}
    else:
        data = {"event": event, "game": said.get("game"), "text": text, "url": url}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def signature(secret: str, timestamp: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


def _send(hook: Webhook, event: str, said: dict, delivery: str) -> tuple[int, str]:
    body = body_of(hook, event, said)
    headers = {"Content-Type": "application/json", "User-Agent": "Hotline-Webhook/1",
               "X-Hotline-Event": event, "X-Hotline-Delivery": delivery}
    if hook.kind == Webhook.Kind.JSON:
        stamp = str(int(time.time()))
        headers |= {"X-Hotline-Timestamp": stamp, "X-Hotline-Signature": signature(hook.secret, stamp, body)}
    try:
        status = safe_http.post(hook.url, body, headers)
    except safe_http.Refused as error:
        return 0, f"refused: {error}"
    except (urllib3.exceptions.HTTPError, OSError) as error:
        return 0, f"network: {type(error).__name__}"
    return status, "" if 200 <= status < 300 else f"HTTP {status}"


def language(user) -> str:
    return getattr(getattr(user, "profile", None), "language", "") or settings.LANGUAGE_CODE


def game_url(game_id: int) -> str:
    return emails.absolute(reverse("games:detail", args=[game_id]))


def hook_off_mail(hook_id: int) -> int:
    hook = Webhook.objects.select_related("user__profile").filter(pk=hook_id, enabled=False).first()
    if hook is None:
        return 0
    context = {"kind": hook.get_kind_display(), "address": hook.url, "failures": hook.failures,
               "error": hook.last_error, "url": emails.absolute(reverse("games:hooks"))}
    return emails.deliver("hook-off", hook.user, f"hook-off:{hook.pk}:{hook.failures}:{hook.last_error[:40]}", context)
