"""Random play with every Early Year event on: no exception, no dead end,
both decks conserved, and every Early Year event actually happens."""
from collections import Counter

import pytest

from games.rules.core.testing import random_play
from games.titles.dawn_of_freedom.rules import RULES

from .test_dof_conformance import all_options, check_conservation, check_event, finished
from tests.seeds import seeds

EARLY = set(range(1, 41))


def play_games(seeds, on_step) -> Counter:
    happened: Counter = Counter()
    options = all_options()

    def step(state, role, action):
        on_step(state, role, action)
        happened.update(line["card"] for line in state["log"] if line["kind"] == "event")
        state["log"].clear()  # as the site does (take_log); keeps the scan short
    for seed in seeds:
        game = random_play(RULES, seed, options=options[seed % len(options)], on_step=step)
        finished(game)
    return happened


def test_random_games_with_every_early_year_event_conserve_both_decks():
    def on_step(state, role, action):
        check_conservation(state)
        check_event(state, role, action)
    happened = play_games(range(40), on_step)
    assert len(EARLY & set(happened)) >= 30


@pytest.mark.slow
def test_many_random_games_with_every_early_year_event_finish_with_no_dead_end():
    """2000 games with HOTLINE_SEEDS=full (tests/seeds.py)."""
    happened = play_games(seeds(2000, share=0.1), check_event)
    assert EARLY <= set(happened)
