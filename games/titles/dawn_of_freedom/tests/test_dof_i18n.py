"""1989 in Korean, Japanese and Spanish: every log kind has a sentence in each language with
its names translated, the board's words come from the title's own catalog, and the
catalogs cover every template, side, country, track box and board word."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games.titles.dawn_of_freedom import sentence_strings, sentences
from games.titles.dawn_of_freedom.rules import data
from games.titles.dawn_of_freedom.rules import sentences as ref

from .test_dof_board import play_random, start_game

TITLE_DIR = Path(__file__).resolve().parent.parent
LANGS = ("ko", "ja", "es")


def catalog(lang: str) -> dict[str, str]:
    """msgid -> msgstr of the title's .po (plural entries by their singular)."""
    text = (TITLE_DIR / "locale" / lang / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    out = {}
    for block in text.split("\n\n")[1:]:
        mid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        mstr = re.search(r'^msgstr(?:\[0\])? ((?:".*"\n?)+)', block, re.M)
        if mid and mstr:
            join = lambda g: "".join(ast.literal_eval(x) for x in g.group(1).split("\n") if x.strip())  # noqa: E731
            out[join(mid)] = join(mstr)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_log_template_side_country_and_track_box_is_translated(lang):
    po = catalog(lang)
    wanted = list(sentence_strings.STRINGS)  # the log wording as last generated (i18n.py)
    wanted += [one for one, _many in sentence_strings.PLURALS]
    wanted += list(data.COUNTRY_NAME.values()) + ["Communist", "Democrat", "The Communist", "The Democrat"]
    wanted += [b[f"{r}_name"] for b in data.TST for r in data.ROLES]
    wanted += list(data.CARD_NAME.values()) + [data.NAME[s] for s in data.SPACE_IDS]
    missing = [s for s in wanted if not po.get(s)]
    assert not missing, missing
    for en, tr in po.items():  # the same placeholders in the translation
        if tr:
            assert sorted(re.findall(r"\{[^}]*\}|%\([a-z_]+\)s", en)) == sorted(
                re.findall(r"\{[^}]*\}|%\([a-z_]+\)s", tr)), (en, tr)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_log_sentences_of_a_long_game_read_in_each_language(alice, bob, lang):
    from games import engine

    game = start_game(alice, bob)
    play_random(game, {"communist": alice, "democrat": bob}, 250, seed=5)
    game.refresh_from_db()
    lines = engine.public_log(game)
    kinds = {line["kind"] for line in lines}
    assert {"setup_place", "play", "turn"} <= kinds
    with translation.override(lang):
        for line in filter(lambda line: not sentences.tells_nothing(line), lines):
            text = sentences.sentence(line)
            assert text and "{" not in text, (line, text)
            if line["kind"] in ("setup_place", "play", "turn", "struggle", "score"):
                assert text != ref.sentence(line), (lang, text)  # not the English wording
                assert "The Communist" not in text and "The Democrat" not in text


@pytest.mark.django_db
@pytest.mark.parametrize("lang,words", [("ko", ("천안문 광장 트랙", "소련 안정도", "폴란드", "공산세력")),
                                        ("ja", ("天安門広場トラック", "ソ連安定度", "ポーランド", "共産主義者")),
                                        ("es", ("Marcador de la plaza de Tiananmen", "Estabilidad de la URSS",
                                                "Polonia", "Comunista"))])
def test_the_board_speaks_the_players_language(client, alice, bob, lang, words):
    from accounts.models import Profile

    game = start_game(alice, bob)
    Profile.objects.filter(user=alice).update(language=lang)
    client.force_login(alice)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    for word in words:
        assert word in html, word
    assert "Tiananmen Square Track" not in html and "U.S.S.R. stability" not in html
    if lang != "es":  # Spanish keeps most places' own names
        assert 'data-name="Berlin"' not in html and 'data-name="Warszawa"' not in html


@pytest.mark.parametrize("lang,text,berlin", [("ko", "초기 지지도 배치 (2 남음)", "베를린"),
                                              ("ja", "初期支持の配置 (残り2)", "ベルリン"),
                                              ("es", "Coloca apoyo inicial (quedan 2)", "Berlín")])
def test_prompts_and_choice_labels_read_in_each_language(lang, text, berlin):
    from games.titles.dawn_of_freedom.presentation import PRESENTATION
    from games.titles.dawn_of_freedom.rules import RULES

    state = RULES.setup(1, "standard", {})
    role = RULES.active_roles(state)[0]
    with translation.override(lang):
        prompt = PRESENTATION.localize_prompt(RULES.prompt(state, role))
        assert prompt.text == text
        assert berlin in {c.label for c in prompt.choices}
        assert [c.verb for c in prompt.choices] == [c.verb for c in RULES.prompt(state, role).choices]


# -- the title's own context: its catalog wins on its pages -------------------------------------
def test_every_entry_of_the_catalogs_has_the_titles_context():
    """Django merges every app's catalog; a msgid two apps share reads as the first app's. Every
    entry here carries msgctxt "dawn_of_freedom", so no other title's wording can win."""
    for lang in LANGS:
        text = (TITLE_DIR / "locale" / lang / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
        blocks = [b for b in text.split("\n\n")[1:] if re.search(r"^msgid ", b, re.M) and "#~" not in b]
        assert len(blocks) > 600, lang
        assert [b for b in blocks if 'msgctxt "dawn_of_freedom"' not in b] == [], lang


@pytest.mark.django_db
def test_a_word_shared_with_another_title_reads_as_this_titles_catalog_has_it(client, alice, bob):
    """"battleground" is in another title's catalog too (Korean "핵심 국가", listed first); the
    1989 board says the 1989 rulebook's "핵심 구역" (seed 001)."""
    from accounts.models import Profile

    word = "battleground"  # a variable: makemessages (over this folder) must not collect it without context
    with translation.override("ko"):
        assert translation.pgettext("dawn_of_freedom", word) == "핵심 구역"
        assert translation.gettext(word) != "핵심 구역"  # without the context another catalog wins
    game = start_game(alice, bob)
    Profile.objects.filter(user=alice).update(language="ko")
    client.force_login(alice)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "핵심 구역" in html and "핵심 국가" not in html
