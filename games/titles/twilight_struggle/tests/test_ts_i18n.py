"""Twilight Struggle in Korean, Japanese and Spanish: every name and card summary has a
translation in the title's own catalog, the board shows no English country or card name,
the board's JavaScript hints and dates are localized, and makemessages finds nothing to do."""
from __future__ import annotations

import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from games.titles.twilight_struggle import card_text, names
from games.titles.twilight_struggle.i18n import generate
from games.titles.twilight_struggle.rules import data
from games.titles.twilight_struggle.templatetags import ts_board

from tests.po import read_po

from .test_ts_board import login, play_random, start_game

TITLE_DIR = Path(__file__).resolve().parent.parent
LANGS = ("ko", "ja", "es")


# -- a small .po reader (no polib in requirements) -----------------------------------------
def catalog(lang: str) -> dict[str, dict]:
    return {e["msgid"]: e for e in read_po(TITLE_DIR / "locale" / lang / "LC_MESSAGES" / "django.po")}


def problems(entries) -> list[str]:
    """Untranslated or fuzzy entries, as 'msgid (refs)'. New strings of this folder (log
    sentences too) are translated in games/titles/twilight_struggle/locale/*/django.po."""
    bad = []
    for e in entries:
        forms = e["msgstr"].values()
        if "fuzzy" in e["flags"] or not forms or not all(forms):
            bad.append(f'{e["msgid"]!r} ({" ".join(e["refs"][:2])})')
    return bad


# -- the data strings --------------------------------------------------------------------
def test_data_strings_module_is_up_to_date():
    """data_strings.py repeats the JSON names for makemessages; regenerate with
    ``python -m games.titles.twilight_struggle.i18n`` when the data changes."""
    assert (TITLE_DIR / "data_strings.py").read_text(encoding="utf-8") == generate.render()


def words() -> list[str]:
    """Every name and summary the board shows: countries, regions, eras, sides, cards, space race."""
    return ([data.COUNTRIES[c]["name"] for c in data.COUNTRY_IDS] + [data.NAME[data.CCW]]
            + list(names.REGION_NAME.values()) + list(names.ERA_NAME.values())
            + [v for k, v in names.SIDE_LABEL.items() if k] + list(data.CARD_NAME.values())
            + list(card_text.SUMMARY.values()) + names.SPACE_NAMES + list(names.ABILITY_TEXT.values())
            + list(ts_board.JS_TEXT.values()) + list(ts_board.VERB_TEXT.values()))


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_and_summary_has_a_translation(lang):
    entries = catalog(lang)
    missing = [w for w in words() if w not in entries]
    assert not missing, f"not in the {lang} catalog: {missing[:10]}"
    assert not problems(entries[w] for w in words())
    with translation.override(lang):
        assert names.card(25)["name"] == entries["Containment"]["msgstr"][0]
        assert names.country_name(45) == entries["South Korea"]["msgstr"][0]
        if lang != "es":  # Spanish shares some names with English (Cuba, Chile, Angola)
            same = [w for w in words() if translation.gettext(w) == w and not w.startswith("%")]
            assert not same, same[:10]


@pytest.mark.parametrize("lang", LANGS)
def test_seed_terms_are_used(lang):
    """Korean terms from seed 000, Japanese from seed 002, Spanish from seed 004."""
    expected = {"ko": {"South Korea": "남한", "Containment": "봉쇄정책", "Early War": "초기 냉전",
                       "battleground": "핵심 국가", "The China Card": "차이나 카드",
                       "Red Scare/Purge": "매카시즘/대숙청"},
                "ja": {"Europe": "欧州", "The China Card": "中国カード", "battleground": "係争地",
                       "Space Station": "宇宙ステーション", "Southeast Asia Scoring": "東南アジアの得点"},
                "es": {"Early War": "Guerra Temprana", "Middle East": "Oriente Medio", "battleground": "país conflictivo",
                       "Wargames": "Juegos de guerra", "Southeast Asia Scoring": "Puntuación del Sudeste Asiático"}}
    with translation.override(lang):
        assert {k: translation.gettext(k) for k in expected[lang]} == expected[lang]


# -- the page ----------------------------------------------------------------------------
class BoardText(HTMLParser):
    """Text and readable attributes inside the Twilight Struggle board (data-ts-board)."""

    READABLE = ("title", "aria-label", "data-name")

    def __init__(self):
        super().__init__()
        self.depth, self.parts, self.hint = 0, [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth == 0 and "data-ts-board" in attrs:
            self.depth = 1
        elif self.depth and tag not in ("br", "input", "rect", "line", "link"):
            self.depth += 1
        if self.depth:
            self.parts += [attrs[a] for a in self.READABLE if attrs.get(a)]
            if attrs.get("id") == "ts-hint":
                self.hint = attrs.get("data-text")

    def handle_startendtag(self, tag, attrs):
        if self.depth:
            self.parts += [v for k, v in attrs if k in self.READABLE and v]

    def handle_endtag(self, tag):
        if self.depth and tag not in ("br", "input", "rect", "line", "link"):
            self.depth -= 1

    def handle_data(self, text):
        if self.depth:
            self.parts.append(text)


def english_left(text: str, lang: str) -> list[str]:
    """English country and card names still in ``text`` once every translated name is taken out
    (a name whose translation is the English word itself, like Spanish "Cuba", is not English)."""
    english = [data.COUNTRIES[c]["name"] for c in data.COUNTRY_IDS] + [data.NAME[data.CCW]] + list(
        data.CARD_NAME.values())
    with translation.override(lang):
        local = {e: translation.gettext(e) for e in english}
        shown = set(local.values()) | {translation.gettext(s) for s in card_text.SUMMARY.values()}
    for words_shown in sorted(shown, key=len, reverse=True):
        text = text.replace(words_shown, " ")
    return sorted(e for e, t in local.items()
                  if e != t and re.search(rf"(?<!\w){re.escape(e)}(?!\w)", text))


@pytest.fixture
def mid_game(alice, bob):
    game = start_game(alice, bob)
    play_random(game, {"ussr": alice, "us": bob}, 60, seed=11)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_a_mid_game_board_shows_no_english_country_or_card_name(client, alice, bob, mid_game, lang):
    from accounts.models import Profile

    for user in (alice, bob):
        Profile.objects.filter(user=user).update(language=lang)
        page = login(client, user).get(reverse("games:detail", args=[mid_game.pk])).content.decode()
        board = BoardText()
        board.feed(page)
        text = " ".join(board.parts)
        assert len(text) > 2000  # the whole board was read: map, tracks, hand, cards
        assert english_left(text, lang) == [], f"{lang}, {user.username}"
        with translation.override(lang):
            korea = names.country_name(45)
            assert korea in text and translation.gettext("Iran") in text
            # the check itself finds an English name left on the board
            assert english_left(text.replace(korea, "South Korea"), lang) == ["South Korea"] and translation.gettext("Iran") in text
            # the board's JavaScript hints come translated from the server
            hints = json.loads(html.unescape(board.hint))
            assert hints == {k: translation.gettext(v) for k, v in ts_board.JS_TEXT.items()}
            assert hints["choose_highlighted"] != ts_board.JS_TEXT["choose_highlighted"]


@pytest.mark.django_db
def test_the_deadline_date_reads_as_korean(client, alice, bob):
    from accounts.models import Profile
    from games.play import services

    game = services.game_create(user=alice, title_id="twilight_struggle", creator_role="ussr",
                                time_control={"kind": "per_move", "days": 3})
    services.seat_join(game_id=game.pk, user=bob)
    Profile.objects.filter(user=alice).update(language="ko")
    page = login(client, alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    clock = re.search(r'<span class="clock[^"]*">.*?</span>', page, re.S)
    assert clock, "the game page shows a deadline"
    assert re.search(r"\d{4}년 \d{1,2}월 \d{1,2}일", clock.group(0)), clock.group(0)
    assert not re.search(r"(월|화|수|목|금|토|일)요일 \d+ \d+월", clock.group(0))


def test_time_control_text_is_translated():
    from games.clocks import TimeControl

    control = TimeControl.parse({"kind": "bank", "initial_days": 3, "increment_days": 1, "max_days": 7,
                                 "weekend_pause": True})
    with translation.override("ko"):
        text = control.describe()
    assert "day" not in text and "3" in text and "7" in text


# -- the catalogs ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_title_catalogs_have_no_untranslated_or_fuzzy_entry(lang):
    assert not problems(catalog(lang).values())
    mo = TITLE_DIR / "locale" / lang / "LC_MESSAGES" / "django.mo"
    po = mo.with_suffix(".po")
    assert mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime - 1, "run compilemessages"


@pytest.mark.skipif(not shutil.which("msgmerge"), reason="gettext tools are not installed")
def test_makemessages_finds_nothing_new_to_translate(tmp_path, monkeypatch):
    """makemessages over a copy of the title folder (as ``make messages`` runs it from the
    project root, the title's strings land in its own locale/) leaves no untranslated or
    fuzzy entry. The real catalogs are not touched."""
    copy = tmp_path / TITLE_DIR.name
    shutil.copytree(TITLE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    monkeypatch.chdir(copy)
    call_command("makemessages", locale=list(LANGS), verbosity=0)
    for lang in LANGS:
        entries = read_po(copy / "locale" / lang / "LC_MESSAGES" / "django.po")
        assert len(entries) > 400
        assert not problems(entries), lang
