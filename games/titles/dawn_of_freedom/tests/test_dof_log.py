"""Every log kind has a sentence and a README row; lines are small JSON dicts."""
import json
import pathlib
import re

from games.rules.core import deck
from games.rules.core.testing import random_play
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.sentences import TEMPLATES, sentence

RULES_DIR = pathlib.Path(__file__).resolve().parent.parent / "rules"
README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def written_kinds() -> set:
    found = set()
    for path in RULES_DIR.rglob("*.py"):
        found |= set(re.findall(r'log\(state, "([a-z_0-9]+)"', path.read_text()))
    # the shared deck (core.deck.draw_one) writes its own lines for this title
    return found | set(re.findall(r'"kind": "([a-z_0-9]+)"', pathlib.Path(deck.__file__).read_text()))


def test_every_kind_the_rules_write_has_a_sentence():
    assert written_kinds() == set(TEMPLATES)


def test_every_kind_is_listed_in_the_readme():
    text = README.read_text()
    missing = [k for k in TEMPLATES if f"`{k}`" not in text]
    assert not missing


def test_random_games_write_lines_that_all_read_as_sentences():
    seen = set()
    for seed in range(12):
        state = random_play(RULES, seed).state
        for line in state["log"]:
            assert isinstance(line["kind"], str) and json.loads(json.dumps(line)) == line
            assert sentence(line)
            seen.add(line["kind"])
    assert {"struggle", "ps_lead", "score", "support_check", "tst_attempt", "place"} <= seen


RARE = [  # kinds random games seldom write, with the fields the rules give them
    {"kind": "forfeit", "role": "democrat", "round": 3},
    {"kind": "effect", "card": 25, "role": "communist", "until": "turn"},
    {"kind": "effect_ends", "effect": "25"},
    {"kind": "discard", "role": "communist", "card": 22},
    {"kind": "ops_lost", "role": "democrat", "card": 4, "ops": 1},
    {"kind": "scoring_card_held", "roles": ["communist"]},
    {"kind": "new_years_eve"},
    {"kind": "ussr_stability", "step": 1, "card": 33},
    {"kind": "ussr_out_of_order", "card": 81, "step": 0},
    {"kind": "crowd_turns_acts"},
    {"kind": "tyrant_waits"},
    {"kind": "tyrant_resolves", "removed": 4},
    {"kind": "tyrant_refuge", "space": 55},
    {"kind": "tyrant_no_refuge"},
    {"kind": "tyrant_captured", "space": 55},
    {"kind": "tyrant_escaped", "space": 55},
    {"kind": "automatic_victory", "role": "democrat", "vp": 20},
]


def test_rare_kinds_read_as_sentences():
    for line in RARE:
        assert sentence(line)
    assert sentence(RARE[0]) == "The Democrat has no card and forfeits action round 3."
