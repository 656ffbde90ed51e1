"""games.fields.JSONField reads stored JSON with orjson and gives what Django's own field gives."""
import pytest

from games import fields
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("value", [
    {"nested": {"list": [1, 2.5, None, True, "한국어 \" \\"]}, "empty": {}},
    [],
    "just text",
    12,
    {"big": 2**70},  # beyond orjson's 64 bits: read by json instead
])
def test_a_state_reads_back_as_it_was_written(duel, value):
    Game.objects.filter(pk=duel.pk).update(state=value)
    assert Game.objects.get(pk=duel.pk).state == value
    assert Game.objects.filter(pk=duel.pk).values_list("state", flat=True).get() == value


def test_dumps_matches_json_for_the_values_rows_hold():
    import json

    value = {1: "int key", "a": [1, 2.5, None, False], "s": "é \n \" \\"}
    assert json.loads(fields.dumps(value)) == json.loads(json.dumps(value))
    assert json.loads(fields.dumps({"big": 2**70})) == {"big": 2**70}


def test_text_that_is_not_json_comes_back_as_it_is():
    field = Game._meta.get_field("state")
    assert field.from_db_value("{not json", None, None) == "{not json"
    assert field.from_db_value(None, None, None) is None
