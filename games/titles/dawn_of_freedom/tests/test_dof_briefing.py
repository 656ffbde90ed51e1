""""Since you last looked" in 1989 (issue 28): the board's changes between two
views of the Democrat, in words with the spaces to ring. The Democrat comes back
after the rulebook's support checks in Jagiellonian University (it succeeds)
and Kraków (it fails: nothing to tell there), rule 6.2.5."""
import json

from django.utils import translation

from games.titles.dawn_of_freedom.names import space_name
from games.titles.dawn_of_freedom.presentation import PRESENTATION
from games.titles.dawn_of_freedom.rules import RULES

from .helpers import COM, DEM, ID, do, rolls
from .test_dof_rulebook_examples import jagiellonian_position


def the_two_checks() -> tuple[dict, dict]:
    state = jagiellonian_position()
    before = RULES.view(json.loads(json.dumps(state)), DEM)
    rolls(state, 5, 1)
    do(state, COM, "check", ID["jagiellonian_university"])
    do(state, COM, "check", ID["krakow"])
    return before, RULES.view(state, DEM)


def test_the_jagiellonian_checks_are_told_space_by_space_with_control():
    before, after = the_two_checks()
    changes = {c.label: c for c in PRESENTATION.board_changes(before, after)}
    university = changes["Jagiellonian University"]
    assert university.after == "Communist 3, Democrat 0 (Communist control)"
    assert university.mark == ("space", str(ID["jagiellonian_university"]))
    assert space_name(ID["krakow"]) not in changes  # the second check failed: nothing changed there
    assert space_name(ID["lodz"]) not in changes


def test_power_and_tiananmen_changes_are_told():
    before, _after = the_two_checks()
    after = json.loads(json.dumps(before))
    after["power"]["poland"] = DEM
    after["tiananmen"][DEM] = 2
    after["vp"] = 4
    told = {c.label: (c.before, c.after) for c in PRESENTATION.board_changes(before, after)}
    assert told["Poland"] == ("Communist in power", "Democrat in power")
    assert told["Democrat on the Tiananmen Square track"] == (str(before["tiananmen"][DEM]), "2")
    assert told["Victory points"][1] == "Democrat +4"


def test_the_changes_read_in_japanese_too():
    before, after = the_two_checks()
    with translation.override("ja"):
        labels = [c.label for c in PRESENTATION.board_changes(before, after)]
    assert labels and not [label for label in labels if label.isascii()], labels
