"""Issue 19: 1989 read in Korean, Japanese and Spanish, prompts and moves included.

The rules write their prompts in English (pure code); `prompt_words.py` says every
prompt text and choice label again in the reader's words. Random games (every event
is implemented) must produce no text or label the tables do not cover, and in ko, ja
and es none may stay in English. A move that wrote no log line (a struggle card, an
order, an option) reads in the reader's words too. Each check proves it would catch
an uncovered or English text.
"""
from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest
from django.utils import translation

from games.engine import registry
from games.rules.core import Choice, Prompt, rng
from games.rules.core.flow import take_log
from games.rules.core.testing import pick
from games.titles.dawn_of_freedom import names, prompt_words
from games.titles.dawn_of_freedom.rules import data

from .test_dof_i18n import catalog

TITLE = "dawn_of_freedom"
LANGS = ("ko", "ja", "es")
SEEDS = range(40)
SHOW = registry.presentation(TITLE)


LOG: dict[str, list[dict]] = {}  # the log lines of the games random_prompts played, by kind


def random_prompts(seeds=SEEDS):
    """Every prompt of random games (the side bid on in every third game); their log
    lines land in LOG."""
    rules = registry.get(TITLE)
    for seed in seeds:
        options = rules.clean_options({"bid_sp": 2} if seed % 3 == 0 else {})
        state = rules.setup(seed, rules.scenarios()[0], options)
        picker = {"rng": rng.new(seed)}
        for _step in range(6000):
            if rules.result(state) is not None:
                break
            role = pick(picker, rules.active_roles(state))
            prompt = rules.prompt(state, role)
            yield prompt
            state = rules.apply(state, role, pick(picker, [c for c in prompt.choices if c.verb != "undo"]).action)
            for line in take_log(state) or ():
                LOG.setdefault(line["kind"], []).append(line)


@pytest.fixture(scope="module")
def asked():
    """(the distinct texts, the distinct choices) the rules wrote in random games."""
    texts, choices = set(), {}
    for prompt in random_prompts():
        texts |= {prompt.text, prompt.waiting_text} - {""}
        for c in prompt.choices:
            choices.setdefault((c.verb, repr(c.arg), c.label, c.group), c)
    return texts, list(choices.values())


def test_every_prompt_text_and_label_of_random_games_is_covered(asked):
    texts, choices = asked
    assert len(texts) > 100 and len(choices) > 900  # the games went far enough to mean something
    assert sum(": " in t and t.split(": ")[0] in prompt_words._CARD_NUMBER for t in texts) > 25  # events asked
    assert sorted(t for t in texts if prompt_words.text_template(t) is None) == []
    assert [c for c in choices if c.verb != "undo" and not prompt_words.label_covered(c)] == []
    # the check catches a prompt or a label the tables do not know
    assert prompt_words.text_template("Place 4 influence in Narnia") is None
    assert prompt_words.text_template("Honecker: wave the flag?") is None
    assert not prompt_words.label_covered(Choice("option", "wave", "Wave the flag", "options"))


def test_the_event_question_markers_are_the_tables_msgids():
    assert set(prompt_words._EVENT_QUESTION_MARKERS) == set(prompt_words.EVENT_QUESTIONS.values())


def untranslated(english: str, shown: str) -> bool:
    """Still the rules' English: the same text, unless it has no letters."""
    return bool(english) and shown == english and bool(re.search(r"[A-Za-z]", english))


def is_name(c: Choice) -> bool:
    """A place, country or card name (Spanish keeps many: "Berlin" is Berlín but "Halle" and
    "Michnik" stay)."""
    return c.label in data.NAME or c.label in data.COUNTRY_NAME.values() or c.label in data.CARD_NAME.values()


@pytest.mark.parametrize("lang", LANGS)
def test_prompts_and_labels_read_in_each_language(asked, lang):
    texts, choices = asked
    with translation.override(lang):
        for text in texts:
            assert not untranslated(text, SHOW.prompt_text(Prompt(text))), text
        for c in choices:
            shown = SHOW.choice_label(c)
            if not (lang == "es" and is_name(c)):
                assert not untranslated(c.label, shown), (c, shown)
        # an event's question names its card in the reader's words
        shown = SHOW.prompt_text(Prompt("Shock Therapy: which country?"))
        assert names.card_name(93) in shown and "Shock Therapy" not in shown
        shown = SHOW.prompt_text(Prompt("Exit Visas: discard a card? (2 so far)"))
        assert names.card_name(75) in shown and "2" in shown and "Exit Visas" not in shown
        # the check catches an English text
        other = "Place 4 influence in Narnia"
        assert untranslated(other, SHOW.prompt_text(Prompt(other)))


@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_template_is_translated_with_its_placeholders(lang):
    po = catalog(lang)
    msgids = [m for _p, m in prompt_words.PATTERNS] + list(prompt_words.FIXED) + list(prompt_words.OPTION_LABELS)
    msgids += list(prompt_words.EVENT_QUESTIONS.values()) + [prompt_words.EXIT_VISAS_TEXT, prompt_words.MOVE_N_TEXT,
                                                              prompt_words.WITH_BONUS, prompt_words.LEAD_AS]
    msgids = [m[0] if isinstance(m, tuple) else m for m in msgids]  # a plural pair by its singular
    for msgid in msgids:
        assert po.get(msgid), (lang, msgid)
        assert set(re.findall(r"%\(\w+\)s", po[msgid])) == set(re.findall(r"%\(\w+\)s", msgid)), msgid


MOVES = [("event", 5), ("ops", 12), ("tst", 30), ("ops_no_event", 7), ("both", 7), ("discard", 3), ("card", 3),
         ("keep", 3), ("swap", 3), ("place", 3), ("check", 3), ("check_bonus", 3), ("remove", 3), ("space", 3),
         ("refuge", 70), ("stake", 1), ("lead", 1), ("match", 1), ("lead_as", f"{max(data.PS_IDS)}:strike"),
         ("concede", None), ("no_raise", None), ("retain", None), ("surrender", None), ("done", None),
         ("decline", None), ("no_swap", None), ("no_struggle", None), ("order", "event_first"),
         ("order", "ops_first"), ("mode", "place"), ("mode", "check"), ("mode", "tst"), ("struggle", "poland"),
         ("option", "poland"), ("option", "move_2"), ("option", "end_game")]


@pytest.mark.parametrize("lang", LANGS)
def test_moves_without_a_log_line_read_in_each_language(lang):
    with translation.override("en"):
        english = {(v, a): SHOW.action_text("democrat", v, a) for v, a in MOVES}
        assert english["lead", 1] == f"Democrat led {names.ps_name(1)}."
    with translation.override(lang):
        for (verb, arg), en in english.items():
            shown = SHOW.action_text("democrat", verb, arg)
            assert shown != en and "chose “" not in shown.replace("«", "“") or verb == "option", (verb, shown)
            assert "_" not in shown and names.side_label("democrat") in shown, (verb, shown)
        assert names.ps_name(1) in SHOW.action_text("communist", "lead", 1)
        assert names.country_name("poland") in SHOW.action_text("communist", "option", "poland")
        assert names.card_name(5) in SHOW.action_text("communist", "event", 5)


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_summary_is_translated_and_shown_in_each_language(lang):
    from games.titles.dawn_of_freedom import card_text

    po = catalog(lang)
    assert [n for n, s in card_text.SUMMARY.items() if not po.get(s)] == []
    with translation.override(lang):
        for n, english in card_text.SUMMARY.items():
            shown = names.card(n)["summary"]
            assert shown and shown != english, (lang, n)
            assert "Communist" not in shown and "Democrat" not in shown, (lang, n)


@pytest.mark.skipif(not shutil.which("msgmerge"), reason="gettext tools are not installed")
def test_makemessages_finds_nothing_new_to_translate(tmp_path, monkeypatch):
    """makemessages over a copy of the title folder (as ``make messages`` runs it, the title's
    strings land in its own locale/) leaves no untranslated or fuzzy entry; the real
    catalogs are not touched."""
    from django.core.management import call_command

    title = Path(__file__).resolve().parent.parent
    copy = tmp_path / title.name
    shutil.copytree(title, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    monkeypatch.chdir(copy)
    call_command("makemessages", locale=list(LANGS), verbosity=0)
    for lang in LANGS:
        text = (copy / "locale" / lang / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
        live = "\n\n".join(b for b in text.split("\n\n") if re.search(r"^msgid ", b, re.M))  # no obsolete
        assert "#, fuzzy" not in live.split("\n\n", 1)[1] and ", fuzzy" not in live.split("\n\n", 1)[1], lang
        assert [m for m, s in catalog_text(live).items() if not s] == [], lang


def catalog_text(text: str) -> dict[str, str]:
    out = {}
    for block in text.split("\n\n")[1:]:
        mid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        mstr = re.search(r'^msgstr(?:\[0\])? ((?:".*"\n?)+)', block, re.M)
        if mid and mstr:
            join = lambda g: "".join(ast.literal_eval(x) for x in g.group(1).split("\n") if x.strip())  # noqa: E731
            out[join(mid)] = join(mstr)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_log_sentences_of_every_kind_random_games_wrote_read_in_each_language(asked, lang):
    """Event log lines included (issue 19): no English template, card, place or reason."""
    from games.titles.dawn_of_freedom import sentences
    from games.titles.dawn_of_freedom.rules import sentences as ref

    assert len(LOG) > 65  # nearly every kind of the README's log table
    english = set(data.CARD_NAME.values()) | set(data.COUNTRY_NAME.values())
    english |= {n for n in data.NAME if n} if lang != "es" else set()  # Spanish keeps many place names
    with translation.override(lang):
        t = names.tables()
        english -= {c["name"] for c in t.cards.values()} | set(t.countries.values()) | set(t.spaces)  # same in both
        for kind, lines in LOG.items():
            for line in [line for line in lines if not sentences.tells_nothing(line)][:100]:
                text = sentences.sentence(line)
                assert text and "{" not in text and text != ref.sentence(line), (lang, line, text)
                left = [w for w in english if len(w) > 4 and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
                assert left == [], (lang, line, text)
                assert not re.search(r"\b(the|of|for) ", text), (lang, line, text)
