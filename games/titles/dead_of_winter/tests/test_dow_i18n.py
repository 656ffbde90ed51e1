"""Dead of Winter's own catalogs (Korean, Japanese, Spanish): complete, in the title's context,
placeholders kept, compiled, and what makemessages would collect is all there.

Every string of the title carries the context ``dead_of_winter``, so its own wording wins over
another title's or the site's for the same English (Django merges every catalog).
"""
from __future__ import annotations

import gettext
import re
import shutil
from pathlib import Path

import pytest
from django.utils import translation

from games.titles.dead_of_winter import data_strings, i18n, names, prompt_words
from tests.po import read_po

TITLE_DIR = Path(__file__).resolve().parent.parent
LANGS = ("ko", "ja", "es")
# msgids added after the last catalog pass (the locale/ folders are the translators' to edit):
# the checks below let exactly these wait, and test_every_awaiting_msgid_still_waits asks for
# an entry to be taken out once every catalog has it
AWAITING = frozenset()
PLACEHOLDER = re.compile(r"%\(\w+\)s|\{[^}]*\}")


def po_path(lang: str) -> Path:
    return TITLE_DIR / "locale" / lang / "LC_MESSAGES" / "django.po"


def entries(lang: str) -> list[dict]:
    return read_po(po_path(lang))


def catalog(lang: str) -> dict[str, str]:
    """msgid -> the first form of its translation."""
    return {e["msgid"]: e["msgstr"].get(0, "") for e in entries(lang)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_is_translated_in_the_titles_context_with_its_placeholders(lang):
    found = entries(lang)
    assert len(found) > 500, lang
    assert [e["msgid"] for e in found if e.get("msgctxt") != "dead_of_winter"] == []
    assert [e["msgid"] for e in found if "fuzzy" in e["flags"]] == []
    forms = 2 if lang == "es" else 1
    for e in found:
        assert len(e["msgstr"]) == (forms if "msgid_plural" in e else 1), e["msgid"]
        assert all(e["msgstr"].values()), (lang, e["msgid"])
        english = set(PLACEHOLDER.findall(e["msgid"])) | set(PLACEHOLDER.findall(e.get("msgid_plural", "")))
        for text in e["msgstr"].values():
            assert set(PLACEHOLDER.findall(text)) <= english, (lang, e["msgid"], text)
            if "msgid_plural" not in e:
                assert set(PLACEHOLDER.findall(text)) == english, (lang, e["msgid"], text)
        if lang != "es" and re.search(r"[a-z]{4}", e["msgid"]):  # not the English kept by mistake
            assert not re.search(r"\b(the|of|and|your|with)\b", " ".join(e["msgstr"].values())), (lang, e)


def test_the_check_catches_a_lost_placeholder_and_an_english_leftover(tmp_path):
    bad = tmp_path / "django.po"
    bad.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "dead_of_winter"\nmsgid "%(who)s played %(card)s."\n'
                   'msgstr "%(who)s played the card."\n', encoding="utf-8")
    entry = read_po(bad)[0]
    assert set(PLACEHOLDER.findall(entry["msgstr"][0])) != set(PLACEHOLDER.findall(entry["msgid"]))
    assert re.search(r"\b(the|of|and|your|with)\b", entry["msgstr"][0])


@pytest.mark.parametrize("lang", LANGS)
def test_the_content_packs_words_and_the_prompt_tables_are_in_every_catalog(lang):
    po = catalog(lang)
    assert list(data_strings.STRINGS) == i18n.pack_strings()  # the markers are up to date
    wanted = list(data_strings.STRINGS) + list(prompt_words.FIXED) + [m for _p, m, _k in prompt_words.PATTERNS]
    assert [s for s in wanted if not po.get(s) and s not in AWAITING] == []
    survivors = {s["name"] for s in names.content().survivors}
    assert not survivors & set(po), "survivors' names are proper names and stay as they are"


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalog_is_the_po(lang):
    """The committed .mo says what the .po says (compilemessages was run after the last edit)."""
    mo = po_path(lang).with_suffix(".mo")
    with mo.open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    for e in entries(lang):
        key = f"dead_of_winter\x04{e['msgid']}"
        if "msgid_plural" in e:
            got = compiled.npgettext("dead_of_winter", e["msgid"], e["msgid_plural"], 1)
            assert got == e["msgstr"][0], (lang, e["msgid"])
        else:
            assert compiled._catalog.get(key) == e["msgstr"][0], (lang, e["msgid"])


@pytest.mark.parametrize("lang,words", [
    ("ko", {"a": "A 공동체", "den": "둥지", "school": "학교", "morale": "사기"}),
    ("ja", {"a": "コロニー A", "den": "巣穴", "school": "学校", "morale": "士気"}),
    ("es", {"a": "Colonia A", "den": "la Guarida", "school": "Escuela", "morale": "Moral"})])
def test_the_titles_words_win_in_each_language(lang, words):
    with translation.override(lang):
        assert names.side("a") == words["a"]
        assert names.place("den") == words["den"] and names.location("school") == words["school"]
        assert translation.pgettext("dead_of_winter", "Morale") == words["morale"]
        assert names.exposure("frostbite") not in ("frostbite", "") and "%" not in names.exposure("frostbite")
        assert "×" not in names.why("frostbite")


@pytest.mark.skipif(not shutil.which("msgmerge"), reason="gettext tools are not installed")
def test_makemessages_finds_nothing_new_to_translate(tmp_path, monkeypatch):
    """makemessages over a copy of the title folder (the real catalogs untouched) leaves no
    untranslated or fuzzy entry: every string of the code and templates is in the catalogs."""
    from django.core.management import call_command

    copy = tmp_path / TITLE_DIR.name
    shutil.copytree(TITLE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    monkeypatch.chdir(copy)
    call_command("makemessages", locale=list(LANGS), verbosity=0)
    for lang in LANGS:
        fresh = read_po(copy / "locale" / lang / "LC_MESSAGES" / "django.po")
        assert [e["msgid"] for e in fresh if ("fuzzy" in e["flags"] or not all(e["msgstr"].values()))
                and e["msgid"] not in AWAITING] == [], lang
        settled = [e for e in fresh if e["msgid"] not in AWAITING]
        assert len(settled) == len([e for e in entries(lang) if e["msgid"] not in AWAITING]), lang  # nothing obsolete


def test_every_awaiting_msgid_still_waits():
    """An AWAITING entry every catalog translates is done: take it out of the list."""
    catalogs = [catalog(lang) for lang in LANGS]
    assert [m for m in AWAITING if all(po.get(m) for po in catalogs)] == []
