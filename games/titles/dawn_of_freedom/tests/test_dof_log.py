"""Every log kind has a sentence and a README row; lines are small JSON dicts."""
import json
import pathlib
import re

from games.rules.core.testing import random_play
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.sentences import TEMPLATES, sentence

RULES_DIR = pathlib.Path(__file__).resolve().parent.parent / "rules"
README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def written_kinds() -> set:
    found = set()
    for path in RULES_DIR.rglob("*.py"):
        found |= set(re.findall(r'log\(state, "([a-z_0-9]+)"', path.read_text()))
    return found


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
