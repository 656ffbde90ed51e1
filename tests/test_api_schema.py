"""The OpenAPI schema (drf-spectacular) is generated without a single warning, as
``manage.py spectacular --fail-on-warn`` checks: a field whose type the generator
has to guess (it falls back to a string) is a warning, so clients get exact types."""
from __future__ import annotations

import pytest
import yaml
from django.core.management import call_command
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.management.commands.spectacular import SchemaGenerationError


@pytest.fixture
def fresh_stats():
    """Warnings are counted per process; count only this generation's."""
    GENERATOR_STATS.reset()
    yield GENERATOR_STATS
    GENERATOR_STATS.reset()


def test_the_schema_generates_with_warnings_as_errors(tmp_path, fresh_stats):
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--fail-on-warn", "--file", str(out))
    schemas = yaml.safe_load(out.read_text())["components"]["schemas"]
    summary = schemas["GameSummary"]["properties"]
    assert summary["my_deadline"]["format"] == "date-time" and summary["my_deadline"]["nullable"] is True
    assert summary["players"]["items"] == {"$ref": "#/components/schemas/Player"}


def test_the_check_fails_on_a_guessed_type(tmp_path, fresh_stats, monkeypatch):
    """A method field without a type hint makes the same command fail."""
    from games.api.serializers import GameSummarySerializer

    def untyped(self, game):
        return None

    monkeypatch.setattr(GameSummarySerializer, "get_my_deadline", untyped)
    with pytest.raises(SchemaGenerationError):
        call_command("spectacular", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
