"""Translations: ko/ja/es catalogues are compiled, the profile language and the
browser's Accept-Language choose the language."""
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from accounts.models import Profile

User = get_user_model()

# (English source, Korean, Japanese, Spanish) for some site chrome strings.
CHROME = [
    ("Log out", "로그아웃", "ログアウト", "Cerrar sesión"),
    ("Lobby", "로비", "ロビー", "Sala"),
    ("My games", "내 게임", "マイゲーム", "Mis partidas"),
    ("Skip to content", "본문으로 건너뛰기", "本文へスキップ", "Saltar al contenido"),
    ("Your profile", "내 프로필", "プロフィール", "Tu perfil"),
]


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def user(db):
    user = User.objects.create_user(username="yuna", email="yuna@example.com", password="correct-horse-42")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def test_locale_folders_are_compiled():
    for code in ("ko", "ja", "es"):
        folder = Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES"
        assert (folder / "django.po").is_file()
        assert (folder / "django.mo").is_file()


@pytest.mark.parametrize("index,code", [(1, "ko"), (2, "ja"), (3, "es")])
def test_site_chrome_is_translated(index, code):
    with translation.override(code):
        for row in CHROME:
            assert translation.gettext(row[0]) == row[index]


def test_profile_language_renders_pages_in_korean(client, user):
    Profile.objects.filter(user=user).update(language="ko")
    client.force_login(user)
    response = client.get(reverse("accounts:profile"), HTTP_ACCEPT_LANGUAGE="es")
    html = response.content.decode()
    assert '<html lang="ko">' in html
    assert "로그아웃" in html and "내 프로필" in html
    assert "Log out" not in html
    assert response["Content-Language"] == "ko"


def test_browser_default_follows_accept_language_for_signed_in_user(client, user):
    client.force_login(user)
    html = client.get(reverse("accounts:profile"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<html lang="es">' in html and "Cerrar sesión" in html


@pytest.mark.parametrize("header,lang,expected", [
    ("ja,en;q=0.5", "ja", "ロビー"),
    ("ko-KR,ko;q=0.9", "ko", "로비"),
    ("es-ES,es;q=0.9", "es", "Sala"),
    ("fr-FR,fr;q=0.9", "en", "Lobby"),
])
def test_accept_language_for_anonymous_users(client, db, header, lang, expected):
    response = client.get(reverse("account_login"), HTTP_ACCEPT_LANGUAGE=header)
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert f">{expected}</a>" in html


def test_changing_profile_language_switches_language(client, user):
    client.force_login(user)
    client.post(reverse("accounts:profile"), {"timezone": "UTC", "language": "ko"})
    assert "로그아웃" in client.get(reverse("accounts:profile")).content.decode()
    client.post(reverse("accounts:profile"), {"timezone": "UTC", "language": ""})
    assert "Log out" in client.get(reverse("accounts:profile"), HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_footer_language_choice_is_stored_in_profile(client, user):
    Profile.objects.filter(user=user).update(language="ko")
    client.force_login(user)
    response = client.post(reverse("set_language"), {"language": "ja", "next": reverse("accounts:profile")})
    assert response.status_code == 302
    assert Profile.objects.get(user=user).language == "ja"
    assert "ログアウト" in client.get(reverse("accounts:profile")).content.decode()
    client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert Profile.objects.get(user=user).language == "ja"


def test_footer_language_choice_for_anonymous_user_uses_cookie(client, db):
    client.post(reverse("set_language"), {"language": "es", "next": "/"})
    assert "Sala" in client.get(reverse("account_login")).content.decode()
