"""Random play with all 110 events: no exception, no dead end, both decks
conserved after every action, every option, and every event happens."""
import pytest

from .test_dof_cards_early_random import play_games
from .test_dof_conformance import check_conservation, check_event
from tests.seeds import seeds

ALL = set(range(1, 111))


def conserve_and_check(state, role, action):
    check_conservation(state)
    check_event(state, role, action)


def test_random_games_with_every_event_conserve_both_decks():
    happened = play_games(range(5000, 5060), conserve_and_check)
    assert len(ALL & set(happened)) >= 90


@pytest.mark.slow
def test_many_random_games_with_every_event_finish_with_no_dead_end_and_conserve_both_decks():
    """2000 games with HOTLINE_SEEDS=full (tests/seeds.py); the first 500 already see all 110 events."""
    happened = play_games(seeds(2000, share=0.1), conserve_and_check)
    assert ALL <= set(happened)
