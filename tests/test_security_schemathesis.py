"""Issue 22, part 4: Schemathesis fuzzes every operation of the API schema
(/api/schema/), with data that fits the schema and data that does not.

Seeded (hypothesis ``derandomize``): the same cases every run, 15 per operation and mode by default
and 100 with HOTLINE_SEEDS=full (tests/seeds.py), through Django's test client against the real stack (authentication,
permissions, throttles, parsers, services, database). Every answer must be
below 500; every 4xx must be JSON in the error shape. Half the cases aim at a
real running game of the token's user, so moves, chat and reports reach the
services instead of stopping at a 404.
"""
import json
import time
from collections import Counter, defaultdict
from urllib.parse import urlencode

import pytest
import schemathesis
from django.core.cache import cache
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, Phase, given, settings as hypothesis_settings, strategies as st
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.play import services
from games.models import Game
from tests import seeds

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
EXAMPLES = seeds.count(100, share=0.1)  # per operation and mode: 2,200+ cases with HOTLINE_SEEDS=full, 10 % of them by default
MODES = [schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE]


@pytest.fixture(autouse=True)
def fresh_cache():
    """Throttle counts of these thousands of requests must not reach the next test."""
    cache.clear()
    yield
    cache.clear()


def api_schema():
    raw = SchemaGenerator().get_schema(request=None, public=True)
    return schemathesis.openapi.from_dict(json.loads(json.dumps(raw, default=str)))


def send(client, case, real_ids: dict, aim: bool):
    path_parameters = dict(case.path_parameters or {})
    if aim:
        path_parameters.update({k: v for k, v in real_ids.items() if k in path_parameters})
    path = case.operation.path.format(**path_parameters) if path_parameters else case.operation.path
    kwargs = {"QUERY_STRING": urlencode(case.query or {}, doseq=True)}  # percent-encoded, as any HTTP client sends it
    for name, value in (case.headers or {}).items():
        if name.lower() not in ("authorization", "content-type", "content-length"):
            kwargs["HTTP_" + name.upper().replace("-", "_")] = str(value)
    body = case.body
    if aim and isinstance(body, dict):  # point a body at the real game, at its current move number
        game = Game.objects.get(pk=real_ids["game_id"])
        body = {**body, **{k: v for k, v in {"game": game.pk, "expected_seq": game.seq}.items() if k in body}}
    if case.method.upper() == "GET":
        return client.get(path, **kwargs)
    data = "" if body is None or type(body).__name__ == "NotSet" else json.dumps(body, default=str)
    return getattr(client, case.method.lower())(path, data, content_type=case.media_type or "application/json",
                                                **kwargs)


def check(response, case):
    where = f"{case.method} {case.operation.path} {case.path_parameters} {case.query} {case.body!r:.300}"
    assert response.status_code < 500, where
    if response.status_code >= 400 and response["Content-Type"].startswith("application/json"):
        body = response.json()
        assert body.get("error") and body.get("detail"), (where, body)


def test_schemathesis_finds_no_server_error_in_hundreds_of_seeded_cases(settings, duel, alice, bob):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        scope: "1000000/min" for scope in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}}
    settings.HOTLINE_CHAT_PER_MINUTE = 1_000_000
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    spare = services.game_create(user=bob, title_id="duel", creator_role="south")
    real_ids = {"game_id": duel.pk}
    schema = api_schema()
    started, sent, statuses = time.monotonic(), 0, defaultdict(Counter)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {"/api/games/{game_id}/actions/", "/moderation/api/games/{game_id}/chat/"} <= \
        {op.path for op in operations}
    for operation in operations:
        for mode in MODES:
            @hypothesis_settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                                 phases=[Phase.generate], suppress_health_check=list(HealthCheck))
            @given(case=operation.as_strategy(generation_mode=mode), aim=st.booleans())
            def run(case, aim):
                nonlocal sent
                response = send(client, case, real_ids | ({"game_id": spare.pk} if "join" in case.operation.path
                                                          else {}), aim)
                check(response, case)
                statuses[(case.method, case.operation.path)][response.status_code] += 1
                sent += 1

            try:
                run()
            except Unsatisfiable:  # nothing to make invalid (a GET without parameters)
                assert mode == schemathesis.GenerationMode.NEGATIVE, operation.path
    elapsed = time.monotonic() - started
    print(f"\nschemathesis: {sent} cases over {len(operations)} operations in {elapsed:.1f} s")
    for (method, path), counts in sorted(statuses.items()):
        print(f"  {method:5} {path:45} {dict(sorted(counts.items()))}")
    reached = {path for (method, path), counts in statuses.items()
               if method == "POST" and any(code < 300 or code == 422 for code in counts)}
    assert {"/api/games/", "/api/games/{game_id}/actions/", "/moderation/api/games/{game_id}/chat/",
            "/moderation/api/reports/"} <= reached  # the fuzz got through to the services, not only to 4xx
    assert sent >= 15 * EXAMPLES  # nearly every operation and mode ran its examples (speed: not asserted)
