"""Content packs: schema, licence labels, completeness, the management command,
and an extra pack picked up without code changes."""
import json
import pathlib

import jsonschema
import pytest
from django.core.management import CommandError, call_command

from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.data import PACK_DIR, PACKS, build_contents, load_packs
from games.titles.dead_of_winter.rules.packcheck import check_content, check_pack, merge
from games.titles.dead_of_winter.tests.helpers import game

SCHEMA = json.loads((PACK_DIR / "schema.json").read_text())
RULES_DIR = pathlib.Path(__file__).resolve().parent.parent / "rules"


def pack(name):
    return next(p for p in PACKS if p["pack"] == name)


@pytest.mark.parametrize("name", ["public-facts", "house"])
def test_every_shipped_pack_matches_the_schema_and_the_vocabulary(name):
    jsonschema.Draft202012Validator(SCHEMA).validate(pack(name))
    assert check_pack(pack(name)) == []


def test_the_two_packs_together_make_a_complete_game():
    assert check_content(merge([pack("public-facts"), pack("house")])) == []
    assert check_content(merge([pack("public-facts")]))  # public facts alone are not enough


def test_the_house_pack_is_labelled_as_house_content():
    house = pack("house")
    assert house["source"] == "house" and "house" in house["labels"] and house["licence"]
    assert pack("public-facts")["kind"] == "facts" and pack("public-facts")["licence"]


def test_a_house_pack_without_its_label_is_refused():
    bad = dict(pack("house"), labels=[])
    assert "a house pack must carry the label 'house'" in check_pack(bad)


def test_the_engine_never_holds_card_text():
    source = "".join(p.read_text() for p in RULES_DIR.glob("*.py"))
    sections = merge(PACKS)
    names = [x["name"] for key in ("survivors", "items", "crossroads", "tactics") for x in sections[key]]
    assert not [n for n in names if f'"{n}"' in source]
    assert not [x["text"] for x in sections["items"] if x["text"] in source]


def test_the_view_says_which_packs_a_game_uses():
    packs = RULES.view(game(), None)["packs"]
    assert [(p["pack"], p["source"]) for p in packs][1] == ("house", "house")
    assert all(p["licence"] for p in packs)


def test_manage_packs_validate(capsys):
    call_command("packs", "validate")
    out = capsys.readouterr().out
    assert "ok   house" in out and "ok   public-facts" in out


def test_manage_packs_validate_reports_a_broken_pack(tmp_path, capsys):
    broken = dict(pack("house"), pack="broken", licence="")
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    with pytest.raises(CommandError):
        call_command("packs", "validate", str(tmp_path / "broken.json"))
    assert "missing field 'licence'" in capsys.readouterr().out


def test_an_official_pack_needs_no_code_change(tmp_path):
    """Drop a content pack next to the others: it becomes a `content` option."""
    official = dict(pack("house"), pack="official-wc", source="Plaid Hat Games, under licence",
                    licence="licensed to the operator", labels=["official"])
    for p in (pack("public-facts"), official):
        (tmp_path / f"{p['pack']}.json").write_text(json.dumps(p))
    call_command("packs", "validate", str(tmp_path))
    contents = build_contents(load_packs(tmp_path))
    assert list(contents) == ["official-wc"]
    assert contents["official-wc"].packs[1]["source"].startswith("Plaid Hat")
    assert RULES.option_choices()["content"][0] == "house"
