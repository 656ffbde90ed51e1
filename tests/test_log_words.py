"""Every log kind of every title reads as words in every language (issue 29, item 10).

Random games of each title write their log; each kind's lines are rendered in
English, Korean, Japanese and Spanish through the title's presentation. A
sentence fails on a raw key ("support_check"), an empty parenthesis, a bare
number in parentheses standing for a card, a leftover placeholder, a count of
one with an English plural ("1 cards"), or an English plural noun on a
non-English page. The games are the rules' own (no database): the pages,
mails and briefings say the same sentences.
"""
from __future__ import annotations

import functools
import json
import re

import pytest
from django.utils import translation

from games.engine import registry
from games.rules.core import rng, undo
from games.rules.core.testing import new_game, pick
from tests import seeds

LANGS = ("en", "ko", "ja", "es")
STEPS = seeds.count(1500, share=0.5)  # per game; a game need not end for its lines to count
GAMES = 2  # per title
RAW_KEY = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
EMPTY = re.compile(r"\(\s*\)")
BARE_NUMBER = re.compile(r"\b[a-z]+ \(\d+\)")  # "ends (25)" (not a name's own number: "Food (1)")
PLACEHOLDER = re.compile(r"\{[a-z_\[\]]+\}|%\([a-z_]+\)s")
ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 (ops|cards|SPs|times|zombies|bullets|wounds|votes|survivors|items|countries)\b")
ENGLISH_PLURAL = re.compile(r"\b\d+ (ops|cards|SPs|times|zombies|bullets|wounds|votes|survivors|items|countries)\b")


def faults(text: str, lang: str) -> list[str]:
    found = [f"raw key {m}" for m in RAW_KEY.findall(text)]
    found += ["empty parentheses"] * bool(EMPTY.search(text))
    found += ["a number for a name"] * bool(lang == "en" and BARE_NUMBER.search(text))  # the others say the same fields
    found += [f"placeholder {m}" for m in PLACEHOLDER.findall(text)]
    found += [f"'{m.group(0)}'" for m in ONE_PLURAL.finditer(text)]
    if lang != "en":
        found += [f"English plural '{m.group(0)}'" for m in ENGLISH_PLURAL.finditer(text)]
    return found


@functools.lru_cache(maxsize=None)
def random_walk(title_id: str, seed: int) -> tuple[list[dict], frozenset]:
    """(the log lines, the choice groups offered) of up to STEPS random choices (no
    undo) from a new game; both tests read the same games, played once."""
    rules = registry.get(title_id)
    state = new_game(rules, seed)
    picker = {"rng": rng.new(seed * 31 + 7)}
    lines, groups = [], set()
    for _ in range(STEPS):
        if rules.result(state) is not None:
            break
        role = pick(picker, rules.active_roles(state))
        choices = rules.prompt(state, role).choices
        groups |= {c.group for c in choices if c.group}
        state = rules.apply(state, role, pick(picker, [c.action for c in choices if c.verb != undo.UNDO]))
        lines += state["log"]
        state["log"] = []
    return lines, frozenset(groups)


def one_line_per_shape(lines: list[dict]) -> list[dict]:
    """A line for each kind and each set of fields, and each count of one or more."""
    out = {}
    for line in lines:
        counts = tuple(sorted(k for k, v in line.items() if v == 1 and not isinstance(v, bool)))
        out.setdefault((line.get("kind"), tuple(sorted(line)), counts), line)
    return list(out.values())


@pytest.mark.parametrize("title_id", sorted(registry.titles()))
def test_every_log_kind_reads_as_words_in_every_language(title_id):
    words = registry.presentation(title_id)
    lines = one_line_per_shape([line for seed in range(1, GAMES + 1) for line in random_walk(title_id, seed)[0]])
    assert lines, "random play wrote log lines"
    bad = []
    for lang in LANGS:
        with translation.override(lang):
            for line in lines:
                text = words.log_sentence(line)
                bad += [(lang, fault, text, json.dumps(line)[:200]) for fault in faults(text, lang)]
    assert not bad, "\n".join(map(str, bad[:400]))


def test_the_checks_catch_what_they_are_for():
    assert faults("A lasting effect ends (25).", "en") == ["a number for a name"]
    assert faults("The Democrat won the struggle ().", "en") == ["empty parentheses"]
    assert faults("Perestroika stays in effect (support_check).", "en") == ["raw key support_check"]
    assert faults("Draws 1 cards.", "en") == ["'1 cards'"]
    assert faults("공산세력: 3 cards", "ko") == ["English plural '3 cards'"]
    assert faults("The USSR places 3 influence: Syria 1, Iraq 2.", "en") == []
    assert faults("Player 1 played Food (1).", "en") == []


@pytest.mark.parametrize("title_id", sorted(registry.titles()))
def test_every_choice_group_of_a_random_game_has_a_label_of_its_own(title_id):
    """An action-bar group is labelled in the reader's words, never its key made a
    word ("Move", "Request" on a Korean page): each group a random game offers is
    in the title's ``choice_groups`` or the site's shared ones."""
    from games.templatetags.game_tags import GROUP_WORDS

    words = {**GROUP_WORDS, **getattr(registry.presentation(title_id), "choice_groups", {})}
    groups = set().union(*(random_walk(title_id, seed)[1] for seed in range(1, GAMES + 1)))
    assert sorted(g for g in groups if g not in words) == [], sorted(g for g in groups if g not in words)
