"""The first visitor's home page (issue 29, item 18): what the site is, every
offered game with a picture of its board, seats and a description in our own
words, and how correspondence play works, in each of the four languages."""
from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import translation

from games.engine import registry

pytestmark = pytest.mark.django_db

HOW = {"en": "How correspondence play works", "ko": "통신 플레이는 이렇게 진행됩니다",
       "ja": "通信対戦の進み方", "es": "Cómo funciona el juego por correspondencia"}


def home(client, lang: str) -> str:
    client.cookies["django_language"] = lang
    return client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()


@pytest.mark.parametrize("lang", sorted(HOW))
def test_a_first_visitor_sees_every_game_with_its_board_and_how_play_works(client, lang):
    html = home(client, lang)
    assert HOW[lang] in html
    with translation.override(lang):
        for rules in registry.offered():
            show = registry.presentation(rules.title_id)
            assert f"<h3>{show.title_name}</h3>" in html
            assert show.seats_text() in html
            if show.picture:
                assert finders.find(show.picture), f"{show.picture} is missing (scripts/board_pictures.py draws it)"
                assert f'src="/static/{show.picture}"' in html
            if show.blurb:
                assert str(show.blurb) in html.replace("&#x27;", "'")
    assert 'href="/accounts/signup/"' in html and 'href="/games/lobby/"' in html


def test_each_real_title_has_a_picture_and_a_description():
    """Every title the site offers beside the test title is shown with its board."""
    shown = [registry.presentation(r.title_id) for r in registry.offered() if registry.presentation(r.title_id).picture]
    assert len(shown) >= 3
    assert all(show.blurb and re.search(r"\d+(–\d+)? players", show.seats_text()) for show in shown)


def test_a_player_who_is_logged_in_goes_to_their_games(client, alice):
    client.force_login(alice)
    assert client.get(reverse("home")).url == reverse("games:my_games")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_home_page_in_chromium_shows_each_board_at_both_sizes_in_korean_too(browser, live_server):
    """Every picture loads, nothing scrolls sideways on a phone, and the page reads in Korean."""
    from tests.test_e2e_page import SIZES, shot

    for lang in ("en", "ko"):
        for size, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
            page = context.new_page()
            page.goto(f"{live_server.url}/")
            page.wait_for_load_state("networkidle")
            pictures = page.locator(".home-title img")
            assert pictures.count() >= 3
            page.evaluate("() => Promise.all([...document.images].map(i => i.decode()))")  # lazy pictures drawn
            assert page.evaluate("() => [...document.querySelectorAll('.home-title img')].every(i => i.naturalWidth > 0)")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (lang, size)
            assert HOW[lang] in page.inner_text("main")
            scope = page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)")  # installable
            assert scope == f"{live_server.url}/"
            shot(page, f"page-home-{lang}-{size}")
            context.close()


def test_the_site_is_an_installable_app(client):
    """Issue 30, item 2: a manifest with a name, a start page, a window of its own
    and icons that exist (a maskable one for Android), and a service worker at
    the root (its scope is the whole site)."""
    import json

    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    body = json.loads(manifest.content)
    assert body["display"] == "standalone" and body["start_url"] == reverse("games:my_games") and body["name"]
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes and any(i.get("purpose") == "maskable" for i in body["icons"])
    for icon in body["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert b"addEventListener" in worker.content and worker["Cache-Control"] == "no-cache"
    page = client.get(reverse("home")).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
