"""The briefing of a seat is a function of that seat's successive views (issue 28).

For every registered title, random games are played; at checkpoints each
seat's view is kept, and the board's changes between two of its views
(``Presentation.board_changes``) must be words, mark only places the board
names by a data attribute, and stay the same when everything the seat cannot
see is reshuffled (``rules.rehide``) at both ends — changing another seat's
hidden cards never changes what this seat is told. The moves' sentences a
seat reads of others' moves (``move_text`` with the argument hidden) never
depend on that argument either.
"""
from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from games.engine import registry
from games.engine.presentation import Presentation
from games.rules.core import rng
from games.rules.core.flow import take_log
from games.rules.core.testing import new_game, pick
from tests.seeds import seeds
from tests.test_presentation import words

STEPS = 160  # moves per game: enough for several turns' worth of changes
EVERY = 40  # a checkpoint (a seat's look at the board) every this many moves
MARK = re.compile(r"^[a-z][a-z-]*$")


def titles():
    return sorted(registry.titles())


def checkpoints(rules, seed: int):
    """(state before, state after, [(role, verb, arg, lines)] between) per stretch of a random game."""
    state = new_game(rules, seed)
    take_log(state)
    picker = {"rng": rng.new(seed)}
    before, moves = json.dumps(state), []
    for step in range(1, STEPS + 1):
        if rules.result(state) is not None:
            break
        role = pick(picker, rules.active_roles(state))
        choice = pick(picker, [c for c in rules.prompt(state, role).choices if c.verb != "undo"])
        state = rules.apply(state, role, choice.action)
        moves.append((role, choice.verb, choice.arg, take_log(state)))
        if step % EVERY == 0:
            yield json.loads(before), json.loads(json.dumps(state)), moves
            before, moves = json.dumps(state), []


def rehidden(rules, state: dict, viewer, seed: int) -> dict:
    picker = {"rng": rng.new(seed + 7)}
    return rules.rehide(json.loads(json.dumps(state)), viewer, lambda items: rng.shuffle(picker, list(items)))


@pytest.mark.parametrize("title_id", titles())
def test_board_changes_are_words_of_the_seats_own_views(title_id):
    show, rules = registry.presentation(title_id), registry.get(title_id)
    told = 0
    with translation.override("en"):
        for seed in seeds(300):
            for before, after, moves in checkpoints(rules, seed):
                for role in before["roles"]:
                    changes = show.board_changes(rules.view(before, role), rules.view(after, role))
                    again = show.board_changes(rules.view(rehidden(rules, before, role, seed), role),
                                               rules.view(rehidden(rules, after, role, seed), role))
                    assert again == changes, (seed, role)
                    for change in changes:
                        assert words(change.label) and words(change.before) and words(change.after), change
                        assert change.before != change.after, change
                        assert change.mark is None or (MARK.match(change.mark[0]) and str(change.mark[1])), change
                    told += len(changes)
                    for seq, (mover, verb, arg, lines) in enumerate(moves, 1):
                        for line in lines:  # the log points at the map by data attributes
                            assert all(MARK.match(attr) and key for attr, key in show.line_places(line)), line
                        if mover == role:
                            continue
                        move = SimpleNamespace(seq=seq, role=mover, verb=verb, arg=arg, log=lines)
                        other = SimpleNamespace(**{**vars(move), "arg": ["another", "argument"]})
                        assert show.move_text(move, hide_arg=True) == show.move_text(other, hide_arg=True)
    if type(show).board_changes is not Presentation.board_changes:
        assert told > 0  # a title that tells changes told some
