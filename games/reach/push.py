"""Web push (the Push API with VAPID, RFC 8030 / 8291 / 8292) to a player's browsers.

A browser subscribes on the notifications page (static/js/push.js asks the
service worker's push manager with the site's public VAPID key) and sends its
endpoint and keys here (`subscribe`): one `PushSubscription` per device, with
the events it wants. When the mail room's worker tells a player of their turn,
a reminder, a game's end or an invitation (the same signals the webhooks
hear), `told` writes one `PushDelivery` per device, keyed by the notice, and
queues it through the outbox. `deliver` encrypts the message for that device
(aes128gcm with a fresh key, `http_ece`), signs a VAPID token (`py_vapid`) and
posts it through `safe_http` (https to public addresses only); 201 sends it, 404
or 410 means the subscription is gone (the row is dropped), anything else is
retried like a webhook. Night hours hold pushes back until the morning.

A push goes to the player's own device, so it may tell what their seat saw
since they last looked (the briefing); it opens the game when clicked.
Keys: ``HOTLINE_VAPID_PRIVATE_KEY`` (``manage.py vapid_keys`` makes one) and
``HOTLINE_VAPID_SUBJECT`` (a mailto: or https: contact); without a key the site
offers no push.
"""
from __future__ import annotations

import base64
import json
import os
import time
from urllib.parse import urlsplit

import http_ece
import urllib3
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from django.utils import translation
from py_vapid import Vapid02

from games import briefing
from games.models import PushDelivery, PushSubscription
from games.reach import delivery, hooks, safe_http

EVENTS = hooks.EVENTS  # the same notices as the webhooks
TTL = 24 * 3600  # a push service keeps an undelivered message this long
MAX_DEVICES = 20


class PushError(ValueError):
    """A subscription that cannot be kept: the reason in words."""


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def enabled() -> bool:
    return bool(getattr(settings, "HOTLINE_VAPID_PRIVATE_KEY", ""))


def _vapid() -> Vapid02:
    return Vapid02.from_raw(settings.HOTLINE_VAPID_PRIVATE_KEY.encode())


def public_key() -> str:
    """The site's VAPID public key (the browser's ``applicationServerKey``)."""
    point = _vapid().public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64(point)


def new_keys() -> tuple[str, str]:
    """(private, public) base64url keys for the settings (``manage.py vapid_keys``)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64(private), b64(public)


def subscribe(user, endpoint: str, p256dh: str, auth: str, events: list[str], label: str = "") -> PushSubscription:
    """Keep (or refresh) this browser's subscription for ``user``."""
    if not enabled():
        raise PushError("web push is not set up on this site")
    try:
        safe_http.check(endpoint)
        if len(unb64(p256dh)) != 65 or len(unb64(auth)) != 16:
            raise ValueError
    except safe_http.Refused as error:
        raise PushError(f"this push service cannot be used: {error}") from None
    except (ValueError, TypeError):
        raise PushError("the subscription's keys are not valid") from None
    chosen = [e for e in EVENTS if e in events] or list(EVENTS)
    with transaction.atomic():
        if not PushSubscription.objects.filter(endpoint=endpoint).exists() and \
                PushSubscription.objects.filter(user=user).count() >= MAX_DEVICES:
            raise PushError("too many devices; remove one first")
        sub, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth, "events": chosen,
                                         "label": label[:100]})
    return sub


def unsubscribe(user, endpoint: str) -> int:
    return PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0]


def told(event: str, user_id: int, game_id: int, key: str, text) -> int:
    """Queue ``text`` (or a callable making it) for each of the player's devices that
    wants ``event``, once per (device, key); nothing while the site has no VAPID key."""
    if not enabled():
        return 0
    return delivery.queue(CHANNEL, PushSubscription.objects.filter(user_id=user_id), event, key,
                          game_id, hooks.game_url(game_id), text)


def turn_text(seat) -> str:
    """What the seat missed since it last looked (the briefing: the player's own
    device may know what their seat saw), else the turn and the last move."""
    with translation.override(hooks.language(seat.user)):
        told = briefing.for_seat(seat.game, seat)
        text = told.text() if told is not None else ""
    return text[:1500] or hooks.turn_text(seat)


def message(sub: PushSubscription, said: dict) -> tuple[bytes, dict]:
    """The encrypted body and the headers of one push to ``sub``."""
    payload = json.dumps({"title": "Hotline", "body": said.get("text", ""), "url": said.get("url", ""),
                          "tag": f"game-{said.get('game')}"}, ensure_ascii=False).encode()
    body = http_ece.encrypt(payload, salt=os.urandom(16), private_key=ec.generate_private_key(ec.SECP256R1()),
                            dh=unb64(sub.p256dh), auth_secret=unb64(sub.auth), version="aes128gcm")
    parts = urlsplit(sub.endpoint)
    claims = {"aud": f"{parts.scheme}://{parts.netloc}", "exp": int(time.time()) + 12 * 3600,
              "sub": getattr(settings, "HOTLINE_VAPID_SUBJECT", "") or f"mailto:{settings.DEFAULT_FROM_EMAIL}"}
    headers = {**_vapid().sign(claims), "TTL": str(TTL), "Content-Encoding": "aes128gcm",
               "Content-Type": "application/octet-stream", "Urgency": "high" if said.get("event") == "turn" else "normal"}
    return body, headers


def deliver(delivery_id: int) -> str:
    """Send one push (games/reach/delivery.py): "sent", "gone" (the subscription is
    dropped), "failed", "quiet", "skipped" or "busy"."""
    return delivery.deliver(CHANNEL, delivery_id)


def retry_after(delivery_id: int) -> int | None:
    return delivery.retry_after(CHANNEL, delivery_id)


def _send_one(sub: PushSubscription, row: PushDelivery) -> tuple[str, str]:
    status = _post(sub, row.body)
    if status in (404, 410):  # the browser dropped the subscription
        sub.delete()
        return "gone", ""
    return ("sent", "") if 200 <= status < 300 else ("failed", f"HTTP {status}")


def _post(sub: PushSubscription, said: dict) -> int:
    body, headers = message(sub, said)
    try:
        return safe_http.post(sub.endpoint, body, headers)
    except (safe_http.Refused, urllib3.exceptions.HTTPError, OSError):
        return 0  # a failure: retried with backoff


CHANNEL = delivery.Channel(model=PushDelivery, target="subscription", task="games.tasks.deliver_push",
                           live=lambda sub: enabled(), send=_send_one)
