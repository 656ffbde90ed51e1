"""Chat webhooks: Discord, Slack or plain JSON, per player, told of their games.

A player adds any number of hooks (`add`), each with the events it wants
(`EVENTS`). When the mail room's worker tells a player of their turn, a
reminder, a game's end or an invitation (games/reach/receivers.py), `told` writes one
`HookDelivery` per hook, keyed by the notice, and queues it; `deliver` sends it
(both through games/reach/delivery.py: once per notice, locked while sent,
retried with backoff, held back at night). A 2xx marks it sent; anything else
counts a failure, and a hook that fails `FAIL_LIMIT` times in a row is turned
off with a mail to its owner. Requests go through
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

import urllib3
from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _, gettext_lazy, ngettext

from games import engine
from games.engine import registry
from games.mail import emails
from games.models import HookDelivery, Seat, Webhook
from games.reach import delivery, safe_http
from games.store import outbox

EVENTS = {"turn": gettext_lazy("Your turn"), "reminder": gettext_lazy("Reminders before a deadline"),
          "over": gettext_lazy("Game over"), "invitation": gettext_lazy("Invitations")}
FAIL_LIMIT = 5
MAX_HOOKS = 10  # per player


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


def told(event: str, user_id: int, game_id: int, key: str, text) -> int:
    """Queue ``text`` (public words, or a callable making them) about game ``game_id``
    for each of the player's hooks that is on and wants ``event``; once per (hook, key)."""
    return delivery.queue(CHANNEL, Webhook.objects.filter(user_id=user_id, enabled=True), event, key,
                          game_id, game_url(game_id), text)


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
    """Send one delivery (games/reach/delivery.py): "sent", "failed", "quiet", "skipped" or "busy"."""
    return delivery.deliver(CHANNEL, delivery_id)


def retry_after(delivery_id: int) -> int | None:
    return delivery.retry_after(CHANNEL, delivery_id)


def _send_one(hook: Webhook, row: HookDelivery) -> tuple[str, str]:
    status, error = _send(hook, row.event, row.body, f"{row.pk}")
    return ("sent", "") if 200 <= status < 300 else ("failed", error)


def _succeeded(hook: Webhook) -> None:
    Webhook.objects.filter(pk=hook.pk).update(failures=0, last_error="")


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


CHANNEL = delivery.Channel(model=HookDelivery, target="hook", task="games.tasks.deliver_hook",
                           live=lambda hook: hook.enabled, send=_send_one, sent=_succeeded, failed=_failed)
