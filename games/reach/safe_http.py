"""Outbound requests to addresses players give us (webhooks), made safe.

A player's URL must not make the site reach inside its own network: only
``https`` to a host whose every address (after DNS) is public — no loopback,
private ranges, link-local (cloud metadata at 169.254.169.254), multicast or
reserved addresses. The check runs at send time and the request goes to the
address just checked (the hostname is kept for TLS and Host), so a name that
resolves elsewhere a second later (DNS rebinding) gains nothing. Redirects are
never followed (a redirect could point anywhere); a timeout and a cap on the
answer's size bound each request. Tests on loopback set
``HOTLINE_WEBHOOK_ALLOW_LOOPBACK`` (plain http to 127.0.0.1); production never does.
"""
from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

import urllib3
from django.conf import settings

TIMEOUT = urllib3.Timeout(connect=3.0, read=5.0)
MAX_ANSWER = 64 * 1024  # bytes of the answer read at most (we only need its status)


class Refused(ValueError):
    """The URL may not be requested: the reason in words."""


def _loopback_allowed() -> bool:
    return bool(getattr(settings, "HOTLINE_WEBHOOK_ALLOW_LOOPBACK", False))


def public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def destination(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, path?query) of an allowed URL; `Refused` otherwise."""
    parts = urlsplit(url)
    loopback = _loopback_allowed()
    if parts.scheme != "https" and not (loopback and parts.scheme == "http"):
        raise Refused("only https addresses")
    if not parts.hostname or parts.username or parts.password:
        raise Refused("no host, or a user name in the address")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme, parts.hostname, port, (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def resolve(host: str, port: int) -> str:
    """The one address to connect to: every address of ``host`` must be public."""
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)}
    except (socket.gaierror, UnicodeError) as error:
        raise Refused(f"the host does not resolve ({error})") from None
    if not found:
        raise Refused("the host does not resolve")
    loopback = _loopback_allowed()
    bad = sorted(a for a in found if not public(a) and not (loopback and ipaddress.ip_address(a).is_loopback))
    if bad:
        raise Refused(f"the host resolves to a private address ({bad[0]})")
    return sorted(found)[0]


def check(url: str) -> None:
    """Raise `Refused` unless ``url`` may be requested now (the form calls it too)."""
    _scheme, host, port, _path = destination(url)
    resolve(host, port)


def post(url: str, body: bytes, headers: dict) -> int:
    """POST ``body`` to ``url`` through the checks above; the answer's status code.
    Raises `Refused`, or urllib3's errors for a network failure or timeout."""
    scheme, host, port, path = destination(url)
    address = resolve(host, port)
    headers = {**headers, "Host": host if port in (80, 443) else f"{host}:{port}"}
    if scheme == "https":
        pool = urllib3.HTTPSConnectionPool(address, port, timeout=TIMEOUT, retries=False, maxsize=1,
                                           server_hostname=host, assert_hostname=host)
    else:
        pool = urllib3.HTTPConnectionPool(address, port, timeout=TIMEOUT, retries=False, maxsize=1)
    try:
        answer = pool.urlopen("POST", path, body=body, headers=headers, redirect=False, retries=False,
                              preload_content=False)
        answer.read(MAX_ANSWER, decode_content=False)
        answer.release_conn()
        return answer.status
    finally:
        pool.close()
