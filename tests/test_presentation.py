"""The presentation contract, checked for every registered title.

Whatever a player reads — a log line, a move, an option, a side — is words:
no ids, no JSON, no snake_case, no Python reprs. Random games supply every
kind of line and move the rules produce.
"""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from games.engine import registry
from games.engine.presentation import OptionField, Presentation
from games.rules.core import rng
from games.rules.core.flow import take_log
from games.rules.core.testing import new_game, pick

SEEDS = (1, 2, 3)
MAX_STEPS = 4000
NOT_WORDS = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|\w_\w|^\s*$")


def titles():
    return sorted(registry.titles())


def words(text: str) -> bool:
    return isinstance(text, str) and not NOT_WORDS.search(text)


def played(rules, seed: int):
    """(role, verb, arg, log lines) of each move of one random game."""
    state = new_game(rules, seed)
    take_log(state)
    picker = {"rng": rng.new(seed)}
    for _step in range(MAX_STEPS):
        if rules.result(state) is not None:
            return
        role = pick(picker, rules.active_roles(state))
        choices = [c for c in rules.prompt(state, role).choices if c.verb != "undo"]
        choice = pick(picker, choices)
        state = rules.apply(state, role, choice.action)
        yield role, choice.verb, choice.arg, take_log(state)


@pytest.mark.parametrize("title_id", titles())
def test_every_title_has_a_presentation(title_id):
    show = registry.presentation(title_id)
    assert isinstance(show, Presentation) and show.rules is registry.get(title_id)
    assert words(show.title_name)


@pytest.mark.parametrize("title_id", titles())
def test_roles_and_options_are_named_in_words(title_id):
    show, rules = registry.presentation(title_id), registry.get(title_id)
    for role in rules.roles(rules.scenarios()[0], rules.default_options()):
        assert words(show.role_label(role)), role
    fields = show.option_fields()
    assert [f.name for f in fields] == list(rules.option_choices())
    for field in fields:
        assert isinstance(field, OptionField) and words(field.label) and field.label != field.name
        assert [value for value, _label in field.choices] == rules.option_choices()[field.name]
        assert all(words(label) for _value, label in field.choices), field
    assert all(words(line) for line in show.options_summary(rules.default_options()))


@pytest.mark.parametrize("title_id", titles())
@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_log_line_and_move_of_random_games_is_a_sentence(title_id, language):
    show, rules = registry.presentation(title_id), registry.get(title_id)
    with translation.override(language):
        for seed in SEEDS:
            for seq, (role, verb, arg, lines) in enumerate(played(rules, seed), 1):
                move = SimpleNamespace(seq=seq, role=role, verb=verb, arg=arg, log=lines)
                for line in lines:  # "" is a line with nothing to tell, which pages leave out
                    text = show.log_sentence(line)
                    assert text == "" or words(text), (seed, line, text)
                text = show.describe(move)
                assert words(text) and str(seq) in text, (seed, move, text)
                assert words(show.describe(SimpleNamespace(**{**vars(move), "log": []}), hide_arg=True))


@pytest.mark.parametrize("verb,arg", [(".resign", None), (".timeout", None), (".abandon", None),
                                      (".annul", {}), (".adjudicate", {"winners": []}), ("undo", None),
                                      (".rollback", {"to_seq": 4})])
def test_pseudo_moves_are_described_in_words(verb, arg):
    for title_id in titles():
        show = registry.presentation(title_id)
        role = registry.get(title_id).roles(registry.get(title_id).scenarios()[0], {})[0] \
            if verb in (".resign", ".timeout", "undo") else None
        text = show.describe(SimpleNamespace(seq=9, role=role, verb=verb, arg=arg, log=[]))
        assert words(text) and not text.endswith(f"{verb}.") and "%(" not in text, text


def test_the_checker_refuses_ids_and_json():
    assert not words('place {"country": 22}') and not words("order ops_first") and not words("None")
    assert words("Move 3: US placed influence in Panama.")


@pytest.mark.parametrize("title_id", titles())
@pytest.mark.parametrize("language", ["ko", "es"])
def test_a_localized_prompt_keeps_every_choice(title_id, language):
    """The page shows `localize_prompt`; it may change words, never what a click plays."""
    show, rules = registry.presentation(title_id), registry.get(title_id)
    with translation.override(language):
        state = new_game(rules, 5)
        picker = {"rng": rng.new(5)}
        for _step in range(300):
            if rules.result(state) is not None:
                break
            role = pick(picker, rules.active_roles(state))
            prompt = rules.prompt(state, role)
            shown = show.localize_prompt(prompt)
            assert [(c.verb, type(c.arg), c.arg, c.group) for c in shown.choices] == \
                [(c.verb, type(c.arg), c.arg, c.group) for c in prompt.choices]
            assert shown.text and all(c.label for c in shown.choices)
            state = rules.apply(state, role, pick(picker, [c for c in prompt.choices if c.verb != "undo"]).action)
