"""The site's own catalogs (locale/{ko,ja,es}) stay complete: every entry translated and none
fuzzy, placeholders and markup kept, the compiled .mo in step with the .po, no title string in
them, and ``make messages`` run on the current source would find nothing new to translate.

Each title keeps its strings in its own catalog (games/titles/<id>/locale/, tested by the
title); the site's makemessages skips games/titles (see the Makefile ``messages`` target).
The approach follows the title catalogs' own completeness tests (games/titles/*/tests)."""
from __future__ import annotations

import gettext
import os
import re
import shlex
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.po import read_po

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ko", "ja", "es")
MAKEFILE = ROOT / "Makefile"


def po_path(lang: str, root: Path = ROOT) -> Path:
    return root / "locale" / lang / "LC_MESSAGES" / "django.po"


# -- a small .po reader (no polib in requirements; the same as the Twilight Struggle test's) --
def problems(entries) -> list[str]:
    """Untranslated or fuzzy entries, as 'msgid (refs)'."""
    bad = []
    for e in entries:
        forms = e["msgstr"].values()
        if "fuzzy" in e["flags"] or not forms or not all(forms):
            bad.append(f'{e["msgid"]!r} ({" ".join(e["refs"][:2])})')
    return bad


PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]")
TAG = re.compile(r"</?[a-zA-Z][^>]*>")


def _held(pattern, text: str) -> list[str]:
    return sorted(m for m in pattern.findall(text) if m != "%%")


def markup_problems(entries) -> list[str]:
    """Entries whose translation drops, adds or changes a placeholder or an HTML tag. A plural
    translation may leave the count out of a form (Spanish "menos de una partida"), but its
    last form keeps every placeholder and tag of msgid_plural (ko/ja have one form only)."""
    bad = []
    for e in entries:
        forms = [e["msgstr"][i] for i in sorted(e["msgstr"])]
        # a placeholder only counts where the string is formatted (a plain "%" is text: "% de victorias")
        for pattern in (PLACEHOLDER, TAG) if "python-format" in e["flags"] else (TAG,):
            if "msgid_plural" not in e:
                ok = _held(pattern, forms[0]) == _held(pattern, e["msgid"])
            else:
                allowed = set(_held(pattern, e["msgid"])) | set(_held(pattern, e["msgid_plural"]))
                ok = (all(set(_held(pattern, f)) <= allowed for f in forms)
                      and _held(pattern, forms[-1]) == _held(pattern, e["msgid_plural"]))
            if not ok:
                bad.append(f'{e["msgid"]!r} ({" ".join(e["refs"][:1])})')
    return bad


def key(entry) -> str:
    return f'{entry["msgctxt"]}\x04{entry["msgid"]}' if "msgctxt" in entry else entry["msgid"]


# -- the committed catalogs ------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_site_entry_is_translated_and_none_is_fuzzy(lang):
    entries = read_po(po_path(lang))
    assert len(entries) > 500, "the site catalog was read"
    bad = problems(entries)
    assert not bad, f"{lang}: {len(bad)} untranslated or fuzzy, e.g. {bad[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_placeholders_and_markup(lang):
    bad = markup_problems(read_po(po_path(lang)))
    assert not bad, f"{lang}: {bad[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_mo_file_is_compiled_from_the_po_file(lang):
    """The .mo holds exactly the .po's translations (run compilemessages after editing)."""
    mo = po_path(lang).with_suffix(".mo")
    assert mo.is_file(), "run compilemessages"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)._catalog
    expected = {}
    for e in read_po(po_path(lang)):
        if "fuzzy" in e["flags"]:
            continue  # msgfmt leaves fuzzy entries out (and the test above fails on them)
        if "msgid_plural" in e:
            expected.update({(key(e), i): text for i, text in e["msgstr"].items()})
        else:
            expected[key(e)] = e["msgstr"][0]
    compiled = {k: v for k, v in compiled.items() if k != ""}  # the header
    missing = sorted(str(k) for k in expected.keys() - compiled.keys())
    stale = sorted(str(k) for k in compiled.keys() - expected.keys())
    changed = sorted(str(k) for k in expected.keys() & compiled.keys() if expected[k] != compiled[k])
    assert not (missing or stale or changed), (
        f"{lang}: django.mo is out of step with django.po (run compilemessages): "
        f"missing {missing[:5]}, stale {stale[:5]}, changed {changed[:5]}")


@pytest.mark.parametrize("lang", LANGS)
def test_no_title_string_in_the_site_catalog(lang):
    """A title's strings live in games/titles/<id>/locale/, never in the site's catalog."""
    refs = [r for e in read_po(po_path(lang)) for r in e["refs"] if r.startswith("games/titles/")]
    assert not refs, refs[:10]


# -- makemessages over a copy of the source ---------------------------------------------------
def makefile_ignores() -> list[str]:
    """The --ignore patterns of the Makefile's site makemessages line (the one run from the root)."""
    for line in MAKEFILE.read_text(encoding="utf-8").splitlines():
        if "makemessages" not in line or line.lstrip().startswith("#"):
            continue
        words = shlex.split(line)
        if "makemessages" in words and "manage.py" in words[1:2] and words[0].endswith("python"):
            return [w.split("=", 1)[1] for w in words if w.startswith("--ignore=")]
    raise AssertionError("no site makemessages line in the Makefile")


def test_the_makefile_keeps_titles_out_of_the_site_catalog():
    assert "games/titles" in makefile_ignores()


SOURCE_SUFFIXES = (".py", ".html", ".txt", ".po")  # what makemessages (domain django) reads, and the catalogs


def copy_source(dest: Path, ignores: list[str]) -> None:
    """The files ``make messages`` reads, without the folders it skips (nor dot folders)."""
    skipped = {(ROOT / p).resolve() for p in ignores}

    def ignore(folder, names):
        here = Path(folder)
        return [n for n in names
                if n.startswith(".") or n == "__pycache__" or (here / n).resolve() in skipped
                or ((here / n).is_file() and not n.endswith(SOURCE_SUFFIXES))]

    shutil.copytree(ROOT, dest, ignore=ignore)


@pytest.fixture(scope="module")
def fresh_catalogs(tmp_path_factory):
    """makemessages as ``make messages`` runs it, on a copy of the tree: the real catalogs and
    the titles' catalogs are not touched. Returns the copy's root."""
    if not (shutil.which("xgettext") and shutil.which("msgmerge")):
        pytest.skip("gettext tools are not installed")
    ignores = makefile_ignores()
    copy = tmp_path_factory.mktemp("site") / "src"
    copy_source(copy, ignores)
    here = os.getcwd()
    os.chdir(copy)
    try:
        with override_settings(LOCALE_PATHS=[copy / "locale"]):
            call_command("makemessages", locale=list(LANGS), ignore_patterns=ignores, verbosity=0)
    finally:
        os.chdir(here)
    return copy


@pytest.mark.parametrize("lang", LANGS)
def test_makemessages_finds_nothing_new_to_translate(fresh_catalogs, lang):
    entries = read_po(po_path(lang, fresh_catalogs))
    assert len(entries) > 500
    bad = problems(entries)
    assert not bad, (f"{lang}: strings added to the source since the catalog was refreshed; run "
                     f"`make messages` and translate: {bad[:10]}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_matches_the_source(fresh_catalogs, lang):
    """No entry the source no longer uses stays live in the committed catalog, and makemessages
    adds none (a title's strings included)."""
    committed = {key(e) for e in read_po(po_path(lang))}
    fresh = {key(e) for e in read_po(po_path(lang, fresh_catalogs))}
    assert not committed - fresh, f"{lang}: no longer in the source (run `make messages`): {sorted(committed - fresh)[:10]}"
    assert not fresh - committed, f"{lang}: not yet in the catalog: {sorted(fresh - committed)[:10]}"


# -- the titles' catalogs ---------------------------------------------------------------------
# Django merges every catalog into one per language and the site's (LOCALE_PATHS) wins, so a
# title's translation of a msgid the site also has is never shown. Known, left to the title:
# ja "Decline" (site: 辞退, an invitation; 1989: 断る) -- a pgettext context would separate them.
SHARED_DIFFERENTLY = {("ja", "Decline")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_msgid_shared_with_a_title_reads_the_same(lang):
    site = {key(e): e["msgstr"] for e in read_po(po_path(lang))}
    differ = []
    for path in sorted((ROOT / "games" / "titles").glob(f"*/locale/{lang}/LC_MESSAGES/django.po")):
        title = path.parents[3].name
        for e in read_po(path):
            if key(e) in site and site[key(e)] != e["msgstr"] and (lang, key(e)) not in SHARED_DIFFERENTLY:
                differ.append(f'{title}: {e["msgid"]!r} site {site[key(e)]} / title {e["msgstr"]}')
    assert not differ, differ[:10]
