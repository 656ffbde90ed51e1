"""The documented resign/ answer is what resign/ sends: {seq, status, result}, not a game summary.

The schema is generated as clients get it (``manage.py spectacular``) and compared with a real
resignation's JSON, so the two cannot drift apart again."""
import pytest
import yaml
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def resign_response_schema(tmp_path) -> dict:
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    post = next(ops["post"] for path, ops in schema["paths"].items() if path.endswith("/resign/"))
    ref = post["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_the_documented_resign_fields_are_the_ones_sent(tmp_path, duel, bob):
    documented = resign_response_schema(tmp_path)
    assert set(documented["properties"]) == {"seq", "status", "result"}
    assert set(documented["required"]) == {"seq", "status", "result"}
    assert documented["properties"]["seq"]["type"] == "integer"
    assert documented["properties"]["result"]["nullable"] is True

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=bob).key}")
    response = client.post(f"/api/games/{duel.pk}/resign/")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == set(documented["properties"])
    assert body["status"] == "finished" and isinstance(body["seq"], int) and isinstance(body["result"], dict)
