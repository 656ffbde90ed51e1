"""Issue 22, part 5: production headers (HTTPS redirect and HSTS behind a proxy
that sets X-Forwarded-Proto), no caching of the page that shows the API token,
and Server-Timing only for staff unless the setting turns it on."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent


def production_settings(**extra) -> dict:
    """config.settings as a fresh process with HOTLINE_PRODUCTION=1 reads them."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HOTLINE_", "DJANGO_"))}
    env.update({"HOTLINE_PRODUCTION": "1", "DJANGO_SECRET_KEY": "x" * 50, **extra})
    code = ("import json; from config import settings as s; print(json.dumps({n: getattr(s, n, None) for n in ["
            "'SECURE_SSL_REDIRECT', 'SECURE_HSTS_SECONDS', 'SECURE_PROXY_SSL_HEADER', 'SESSION_COOKIE_SECURE', "
            "'HOTLINE_SERVER_TIMING', 'DEBUG']}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_production_redirects_to_https_and_sends_hsts_behind_the_proxy_header():
    values = production_settings()
    assert values["SECURE_SSL_REDIRECT"] is True and values["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["SESSION_COOKIE_SECURE"] is True and values["DEBUG"] is False
    assert values["HOTLINE_SERVER_TIMING"] is False
    assert production_settings(HOTLINE_SSL_REDIRECT="0")["SECURE_SSL_REDIRECT"] is False


def test_the_security_middleware_obeys_the_forwarded_proto(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    plain = client.get("/games/lobby/")
    assert plain.status_code == 301 and plain["Location"] == "https://testserver/games/lobby/"
    secure = client.get("/games/lobby/", HTTP_X_FORWARDED_PROTO="https")
    assert secure.status_code == 200 and secure["Strict-Transport-Security"] == "max-age=31536000"


def test_the_profile_page_with_the_api_token_is_never_stored(client, alice):
    token = Token.objects.create(user=alice)
    client.force_login(alice)
    response = client.get(reverse("accounts:profile"))
    assert token.key in response.content.decode()
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]


def test_server_timing_only_for_staff_unless_the_setting_is_on(client, settings, alice, make_user):
    settings.HOTLINE_SERVER_TIMING = False
    assert "Server-Timing" not in client.get("/games/lobby/")
    client.force_login(alice)
    assert "Server-Timing" not in client.get("/games/lobby/")
    staff = make_user("ops")
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    assert client.get("/games/lobby/")["Server-Timing"].startswith("app;dur=")
    client.logout()
    settings.HOTLINE_SERVER_TIMING = True
    assert client.get("/games/lobby/")["Server-Timing"].startswith("app;dur=")


def test_server_timing_for_an_api_token_of_staff_only(settings, alice, make_user):
    from rest_framework.test import APIClient

    settings.HOTLINE_SERVER_TIMING = False
    staff = make_user("ops")
    staff.is_staff = True
    staff.save()
    for user, shown in ((alice, False), (staff, True)):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
        assert ("Server-Timing" in client.get("/api/games/")) is shown
