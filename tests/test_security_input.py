"""Issue 22, part 4: bad input is a clear 4xx in the usual error shape, never a
500, and changes nothing.

The sweep walks every URL pattern of the site (the admin aside) with the
inputs that used to crash it: a NUL byte, overlong texts, negative and huge
numbers, JSON nested thousands deep.
"""
import re

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.core.cache import cache
from django.db import connection
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.engine import registry
from games.play import services
from games.errors import BadRequest
from games.models import Game

pytestmark = pytest.mark.django_db
DEEP = "[" * 5000 + "]" * 5000
HUGE = 2**70


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api(alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    return client


def database_rows() -> dict:
    """Rows per table, and the API tokens' keys (a regenerated token is a change too)."""
    models = [model for model in apps.get_models() if model._meta.label != "sessions.Session"]
    quote = connection.ops.quote_name
    counts = ", ".join(f"(SELECT count(*) FROM {quote(model._meta.db_table)})" for model in models)
    with connection.cursor() as cursor:  # one round trip: this runs after every request of the walk
        cursor.execute(f"SELECT {counts}")
        row = cursor.fetchone()
    return dict(zip((model._meta.label for model in models), row)) | {
        "tokens": sorted(Token.objects.values_list("key", flat=True))}


def error_shape(response):
    """JSON {"error", "detail"} from the API (allauth answers a JSON post with its
    form and the errors), an HTML page from the rest of the site."""
    if response["Content-Type"].startswith("application/json"):
        body = response.json()
        assert (body.get("error") and body.get("detail")) or body.get("form"), body
    elif response["Content-Type"].startswith("application/vnd.oai.openapi"):  # the schema view's renderer
        assert b"error:" in response.content and b"detail:" in response.content
    else:
        assert response["Content-Type"].startswith("text/html"), response["Content-Type"]


# --- JSON nested thousands deep ----------------------------------------------------

def drf_posts(duel):
    return {
        "create/options": ("/api/games/", '{"title_id": "duel", "options": {"a": %s}}' % DEEP),
        "create/time_control": ("/api/games/", '{"title_id": "duel", "time_control": {"a": %s}}' % DEEP),
        "action/arg": (f"/api/games/{duel.pk}/actions/", '{"verb": "pick", "arg": %s, "expected_seq": 1}' % DEEP),
        "report/text": ("/moderation/api/reports/", '{"game": %d, "kind": "other", "text": %s}' % (duel.pk, DEEP)),
        "chat/body": (f"/moderation/api/games/{duel.pk}/chat/", '{"body": %s}' % DEEP),
    }  # join and resign read no body at all


@pytest.mark.parametrize("case", ["create/options", "create/time_control", "action/arg", "report/text",
                                  "chat/body"])
def test_json_nested_thousands_deep_is_a_400_on_every_api_post(api, duel, case):
    url, body = drf_posts(duel)[case]
    before = database_rows()
    response = api.post(url, body, content_type="application/json")
    assert response.status_code == 400, response.content[:200]
    assert response.json()["error"] == "parse_error" and "nested" in response.json()["detail"]
    assert database_rows() == before


def test_json_a_little_too_deep_or_with_nul_or_lone_surrogates_is_a_400(api, duel):
    nested = "[" * 17 + "1" + "]" * 17
    for body in ['{"verb": "pick", "arg": %s, "expected_seq": 1}' % nested,
                 '{"verb": "pick\\u0000", "arg": 1, "expected_seq": 1}',
                 '{"verb": "pick", "arg": "\\ud800", "expected_seq": 1}',
                 '{"verb": "pick", "arg": NaN, "expected_seq": 1}']:
        response = api.post(f"/api/games/{duel.pk}/actions/", body, content_type="application/json")
        assert response.status_code == 400 and response.json()["error"] == "parse_error", body
    assert api.post(f"/moderation/api/games/{duel.pk}/chat/", '{"body": "\\ud83d"}',
                    content_type="application/json").status_code == 400


def test_an_overlarge_body_is_a_413(api, duel):
    body = '{"body": "%s"}' % ("x" * 70_000)
    response = api.post(f"/moderation/api/games/{duel.pk}/chat/", body, content_type="application/json")
    assert response.status_code == 413 and response.json()["error"] == "too_large"


def test_the_api_reads_json_only(api, duel):
    response = api.post(f"/api/games/{duel.pk}/actions/", {"verb": "pick", "arg": 1, "expected_seq": 1},
                        format="multipart")
    assert response.status_code == 415 and response.json()["error"] == "unsupported_media_type"


def test_a_deep_arg_on_the_html_move_form_is_a_clear_error(client, duel, alice):
    client.force_login(alice)
    before = database_rows()
    response = client.post(f"/games/{duel.pk}/act/", {"verb": "pick", "arg": DEEP, "expected_seq": 1},
                           HTTP_HX_REQUEST="true")
    assert 400 <= response.status_code < 500 and "could not be read" in response.content.decode()
    assert database_rows() == before


# --- NUL bytes -------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/ladder/players/%00/", "/moderation/?kind=%00", "/moderation/?title=%00",
                                 "/moderation/audit/?action=%00", "/games/?x=%00", "/api/games/?%00=1"])
def test_a_nul_byte_in_the_path_or_query_is_a_400(client, make_user, url):
    from django.contrib.auth.models import Group

    moderator = make_user("mod")
    moderator.groups.add(Group.objects.get_or_create(name="moderators")[0])
    client.force_login(moderator)
    response = client.get(url)
    assert response.status_code == 400
    error_shape(response)
    assert "NUL" in response.content.decode()


# --- wrong types ----------------------------------------------------------------------

BAD_CREATES = {
    "weekend_pause as text": {"time_control": {"kind": "per_move", "days": 3, "weekend_pause": "yes"}},
    "vacation_allowed as text": {"time_control": {"kind": "per_move", "days": 3, "vacation_allowed": "no"}},
    "days as boolean": {"time_control": {"kind": "per_move", "days": True}},
    "days as text": {"time_control": {"kind": "per_move", "days": "3"}},
    "weekend_pause as list": {"time_control": {"kind": "none", "weekend_pause": []}},
    "tiny bank": {"time_control": {"kind": "bank", "initial_days": 1e-9, "increment_days": 0, "max_days": 1}},
    "bank as boolean": {"time_control": {"kind": "bank", "initial_days": True, "max_days": 2}},
    "kind as number": {"time_control": {"kind": 1}},
    "time control as list": {"time_control": [1]},
    "unknown field": {"time_control": {"kind": "none", "extra": 1}},
    "rated as text": {"rated": "yes"},
    "rated as 1": {"rated": 1},
    "side as number": {"side": 5},
    "title as number": {"title_id": 7},
    "overlong side": {"side": "n" * 5000},
    "overlong invite": {"invite": "b" * 5000},
    "invite with NUL": {"invite": "bo\u0000b"},
}


@pytest.mark.parametrize("case", BAD_CREATES)
def test_game_creation_is_type_strict(api, case):
    body = {"title_id": "duel", **BAD_CREATES[case]}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400, (case, response.content)
    assert response.json()["error"] in ("bad_request", "parse_error") and response.json()["detail"]
    assert not Game.objects.exists()


def typed_option(kind):
    """A registered title with an option whose choices are all of type ``kind``: (title, name, choices)."""
    for title_id, rules in sorted(registry.titles().items()):
        for name, choices in rules.option_choices().items():
            if choices and all(type(choice) is kind for choice in choices):
                return title_id, name, choices
    raise AssertionError(f"no title has an option of {kind.__name__} values")


def wrong_types(choice):
    """Values Python finds equal to ``choice`` (or its text) that JSON says are another type."""
    if isinstance(choice, bool):
        return [int(choice), float(choice), str(choice).lower()]
    return [float(choice), str(choice)] + ([choice == 1] if choice in (0, 1) else [])


@pytest.mark.parametrize("kind", [bool, int])
def test_options_are_type_strict(api, alice, kind):
    title_id, name, choices = typed_option(kind)
    for value in wrong_types(choices[-1]):
        response = api.post("/api/games/", {"title_id": title_id, "options": {name: value}}, format="json")
        assert response.status_code == 400 and name in response.json()["detail"], (name, value)
        with pytest.raises(BadRequest):
            services.game_create(user=alice, title_id=title_id, options={name: value})
    assert not Game.objects.exists()
    assert api.post("/api/games/", {"title_id": title_id, "options": {name: choices[-1]}},
                    format="json").status_code == 201
    assert Game.objects.get().options[name] == choices[-1] and type(Game.objects.get().options[name]) is kind


def test_the_good_values_of_the_time_control_and_rated_are_still_accepted(api):
    body = {"title_id": "duel", "rated": False,
            "time_control": {"kind": "bank", "initial_days": 3, "increment_days": 0.5, "max_days": 7.5,
                             "weekend_pause": True, "vacation_allowed": False}}
    assert api.post("/api/games/", body, format="json").status_code == 201
    game = Game.objects.get()
    assert game.rated is False and game.time_control["max_days"] == 7.5
    assert game.time_control["weekend_pause"] is True and game.time_control["vacation_allowed"] is False


def test_the_services_refuse_wrong_types_whoever_calls_them(alice):
    for control in ({"kind": "per_move", "days": 3, "weekend_pause": "yes"}, {"kind": "per_move", "days": True}):
        with pytest.raises(BadRequest):
            services.game_create(user=alice, title_id="duel", time_control=control)
    assert not Game.objects.exists()


BAD_ACTIONS = {
    "expected_seq as text": {"verb": "pick", "arg": 1, "expected_seq": "1"},
    "expected_seq as float": {"verb": "pick", "arg": 1, "expected_seq": 1.0},
    "expected_seq negative": {"verb": "pick", "arg": 1, "expected_seq": -1},
    "expected_seq huge": {"verb": "pick", "arg": 1, "expected_seq": HUGE},
    "arg huge": {"verb": "pick", "arg": HUGE, "expected_seq": 1},
    "arg as boolean": {"verb": "pick", "arg": True, "expected_seq": 1},
    "arg as object": {"verb": "pick", "arg": {"a": 1}, "expected_seq": 1},
    "arg overlong": {"verb": "pick", "arg": "x" * 201, "expected_seq": 1},
    "verb as number": {"verb": 1, "arg": 1, "expected_seq": 1},
    "verb overlong": {"verb": "p" * 41, "arg": 1, "expected_seq": 1},
}


@pytest.mark.parametrize("case", BAD_ACTIONS)
def test_moves_are_type_strict(api, duel, case):
    response = api.post(f"/api/games/{duel.pk}/actions/", BAD_ACTIONS[case], format="json")
    assert response.status_code == 400 and response.json()["error"] == "bad_request", response.content
    duel.refresh_from_db()
    assert duel.seq == 1


def test_the_html_create_form_refuses_a_tiny_bank(client, alice):
    client.force_login(alice)
    response = client.post("/games/new/", {"title_id": "duel", "time_kind": "bank", "bank_initial": "1e-9",
                                           "bank_increment": "0", "bank_max": "1"})
    assert response.status_code in (200, 400, 422) and not Game.objects.exists()


# --- the sweep -----------------------------------------------------------------------

def site_routes():
    """Every route of the site as a string with its converters ("games/<int:game_id>/")."""
    def walk(patterns, prefix):
        for entry in patterns:
            route = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                if not route.startswith(("admin/", "i18n/")):
                    yield from walk(entry.url_patterns, route)
            elif isinstance(entry, URLPattern) and not route.startswith("admin/"):
                yield route

    return sorted(set(walk(get_resolver().url_patterns, "")))


BAD_SEGMENTS = {"int": [str(HUGE), "99999999"], "str": ["%00", "x" * 400], "slug": ["x" * 400, "-1"],
                "path": ["%00"]}
JUNK_QUERY = "?" + "&".join(f"{k}={v}" for k, v in {
    "seq": "-1", "page": "9" * 30, "report": "9" * 30, "chat": "-5", "kind": "x" * 3000, "title": "\u202e",
    "action": "x" * 200, "lines": "1", "q": "%ff%fe"}.items())
JUNK_FORM = {"arg": "[" * 3000, "expected_seq": str(HUGE), "verb": "p" * 500, "body": "\u200b", "text": "x" * 9000,
             "to_seq": "-1", "hours": str(HUGE), "role": "x" * 500, "days": "1e309", "reason": "no",
             "move_seq": str(HUGE), "kind": "\u202e", "title_id": "x" * 300, "answer": "x" * 300,
             "display_name": "\u200b", "timezone": "x" * 300, "language": "xx", "winners": "x" * 300,
             "outcome": "x", "resolution": "x", "decision": "x", "lift": "x", "game": str(HUGE),
             "report": str(HUGE), "invite": "x" * 300, "bank_initial": "nan", "login": "x" * 300,
             "password": "x", "email": "x", "username": "\u0430lice"}
# Posts that need no input: with any body they do their one job (a fresh token, a
# signed-out session, a language), which is not bad input being accepted.
NO_INPUT_POSTS = {"profile/api-token/", "accounts/logout/", "vacation/", "games/calendar/new/", "games/calendar/off/"}


def concrete(route: str, pick: int) -> str | None:
    def fill(match):
        values = BAD_SEGMENTS.get(match.group(1), ["x"])
        return values[pick % len(values)]

    if "^" in route or "(?P" in route:
        return None  # a regex route (allauth's few): covered by the plain ones below it
    return "/" + re.sub(r"<(?:(\w+):)?\w+>", fill, route)


@pytest.fixture
def moderator(make_user):
    from django.contrib.auth.models import Group

    user = make_user("mod")
    user.groups.add(Group.objects.get_or_create(name="moderators")[0])
    return user


def test_every_route_answers_bad_input_with_a_4xx_and_changes_nothing(client, duel, alice, moderator):
    """As a moderator (who sees the most pages) and as a player of the game."""
    urls = {concrete(route, pick) for route in site_routes() for pick in (0, 1)} - {None}
    urls |= {f"/games/{duel.pk}/{tail}" for tail in ("act/", "at/-1/", f"at/{HUGE}/", "log/")}
    assert len(urls) > 40  # the walk found the site
    for user in (moderator, alice):
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)  # nothing to sync
        client.force_login(user)
        before = database_rows()
        for url in sorted(urls):
            for method, send in (("GET", lambda: client.get(url + JUNK_QUERY)),
                                 ("GET%00", lambda: client.get(url + "?kind=%00")),
                                 ("POST", lambda: client.post(url, JUNK_FORM)),
                                 ("POST%00", lambda: client.post(url, {k: "1\x00" for k in JUNK_FORM})),
                                 ("JSON", lambda: client.post(url, '{"a": %s}' % DEEP,
                                                              content_type="application/json"))):
                got = send()
                assert got.status_code < 500, (user, method, url, got.status_code)
                if "%00" in url or method == "GET%00":
                    assert got.status_code == 400, (method, url)
                if got.status_code >= 400:
                    error_shape(got)
            if url.lstrip("/") in NO_INPUT_POSTS:
                client.force_login(user)  # a logout route ended the session
            else:
                assert database_rows() == before, (user, url)
            before = database_rows() if url.lstrip("/") in NO_INPUT_POSTS else before
