"""Issue 22, part 1: who may write through the API, and moderators never act
on a game they play.

Every API write endpoint is tried by a suspended user in each way that got
through before (another case of the ``Token`` keyword, extra whitespace, the
token with someone else's session cookie), with and without the suspension
middleware: DRF's ``NotSuspendedForWrites`` refuses them all on its own. A
muted user still plays; only the chat refuses them.
"""
import datetime

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.play import services
from games.errors import Forbidden
from games.models import Game, Move, Seat
from games.moderation import actions, sanctions
from games.moderation.models import AuditEntry, ChatMessage, ClockPause, Report, UserSanction

pytestmark = pytest.mark.django_db
MIDDLEWARE = "games.moderation.middleware.SuspensionMiddleware"
WHY = "a reason long enough"


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def mod(make_user):
    user = make_user("mod")
    user.groups.add(Group.objects.get_or_create(name="moderators")[0])
    return user


@pytest.fixture
def open_game(carol):
    return services.game_create(user=carol, title_id="duel", creator_role="north")


def sanction(user, by, kind):
    return UserSanction.objects.create(user=user, kind=kind, reason="abuse", created_by=by,
                                       ends_at=timezone.now() + datetime.timedelta(days=1))


def writes(duel, open_game):
    """Each API write with a body that succeeds for alice (north in ``duel``)."""
    card = sorted(duel.state["hands"]["north"])[0]
    return {
        "create": ("/api/games/", {"title_id": "duel", "invite": "bob"}, 201),
        "join": (f"/api/games/{open_game.pk}/join/", None, 200),
        "action": (f"/api/games/{duel.pk}/actions/", {"verb": "pick", "arg": card, "expected_seq": duel.seq}, 200),
        "resign": (f"/api/games/{duel.pk}/resign/", None, 200),
        "report": ("/moderation/api/reports/", {"game": duel.pk, "kind": "other", "text": "he stalls"}, 201),
        "chat": (f"/moderation/api/games/{duel.pk}/chat/", {"body": "good luck"}, 201),
    }


def rows():
    return [model.objects.count() for model in (Game, Seat, Move, Report, ChatMessage)]


HEADERS = {
    "exact": "Token {key}",
    "lowercase": "token {key}",
    "uppercase": "TOKEN {key}",
    "tab and spaces": "Token\t  {key}",
}


@pytest.mark.parametrize("middleware", [True, False], ids=["with-middleware", "api-alone"])
@pytest.mark.parametrize("header", HEADERS)
@pytest.mark.parametrize("endpoint", ["create", "join", "action", "resign", "report", "chat"])
def test_a_suspended_token_writes_nothing_whatever_the_keyword_case(settings, duel, open_game, alice, mod,
                                                                    middleware, header, endpoint):
    if not middleware:
        settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if m != MIDDLEWARE]
    sanction(alice, mod, "suspend")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=HEADERS[header].format(key=Token.objects.create(user=alice).key))
    url, body, _ok = writes(duel, open_game)[endpoint]
    before = rows()
    response = client.post(url, body, format="json")
    assert response.status_code == 403, response.content
    assert response.json()["error"] == "suspended" and "suspended" in response.json()["detail"]
    assert rows() == before


@pytest.mark.parametrize("middleware", [True, False], ids=["with-middleware", "api-alone"])
@pytest.mark.parametrize("endpoint", ["create", "join", "action", "resign", "report", "chat"])
def test_a_suspended_token_with_another_users_session_writes_nothing(settings, duel, open_game, alice, bob, mod,
                                                                    middleware, endpoint):
    if not middleware:
        settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if m != MIDDLEWARE]
    sanction(alice, mod, "suspend")
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(bob)  # bob's session cookie, alice's token: DRF acts for alice
    client.credentials(HTTP_AUTHORIZATION=f"token {Token.objects.create(user=alice).key}")
    url, body, _ok = writes(duel, open_game)[endpoint]
    before = rows()
    response = client.post(url, body, format="json")
    assert response.status_code == 403 and response.json()["error"] == "suspended"
    assert rows() == before


@pytest.mark.parametrize("endpoint", ["create", "join", "action", "resign", "report", "chat"])
def test_the_same_writes_succeed_for_the_user_once_the_suspension_is_lifted(duel, open_game, alice, mod, endpoint):
    suspension = sanction(alice, mod, "suspend")
    UserSanction.objects.filter(pk=suspension.pk).update(lifted_at=timezone.now())
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"TOKEN {Token.objects.create(user=alice).key}")
    url, body, ok = writes(duel, open_game)[endpoint]
    assert client.post(url, body, format="json").status_code == ok


@pytest.mark.parametrize("endpoint", ["create", "join", "action", "resign", "report", "chat"])
def test_a_muted_user_plays_and_reports_but_cannot_chat(duel, open_game, alice, mod, endpoint):
    sanction(alice, mod, "mute")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"token {Token.objects.create(user=alice).key}")
    url, body, ok = writes(duel, open_game)[endpoint]
    before = rows()
    response = client.post(url, body, format="json")
    if endpoint == "chat":
        assert response.status_code == 403 and "muted" in response.json()["detail"]
        assert rows() == before
    else:
        assert response.status_code == ok, response.content


def test_a_suspended_user_still_reads_through_the_api(duel, alice, mod):
    sanction(alice, mod, "suspend")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"token {Token.objects.create(user=alice).key}")
    assert client.get("/api/games/").status_code == 200
    assert client.get(f"/api/games/{duel.pk}/prompt/").json()["role"] == "north"


def test_the_token_parser_reads_the_header_exactly_as_drf_does(alice):
    from django.test import RequestFactory
    from rest_framework.authentication import TokenAuthentication
    from rest_framework.request import Request

    from games.api.auth import token_key

    key = Token.objects.create(user=alice).key
    for header in ["Token " + key, "token " + key, "tOkEn\t" + key, "Token  " + key + " ", "Bearer " + key,
                   "Token", "Token a b", "Tokens " + key, "Token " + key + "\u00e9", ""]:
        request = RequestFactory().get("/", HTTP_AUTHORIZATION=header)
        try:
            drf = TokenAuthentication().authenticate(Request(request))
        except Exception:  # DRF refuses the header: we read no key from it either (or one DRF refuses)
            drf = None
        ours = token_key(request)
        assert (ours == key) == (drf is not None and drf[1].key == key), header


# --- moderators never act on their own games ------------------------------------

@pytest.fixture
def mod_game(mod, bob):
    """A running Duel in which the moderator plays north against bob."""
    game = services.game_create(user=mod, title_id="duel", creator_role="north",
                                time_control={"kind": "per_move", "days": 3})
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    card = sorted(game.state["hands"]["north"])[0]
    services.move_submit(game_id=game.pk, user=mod, verb="pick", arg=card, expected_seq=game.seq)
    game.refresh_from_db()
    return game


SERVICE_ACTIONS = {
    "rollback": lambda g, m: actions.mod_rollback(game_id=g.pk, to_seq=1, moderator=m, reason=WHY),
    "adjudicate": lambda g, m: actions.mod_adjudicate(game_id=g.pk, winners=["north"], moderator=m, reason=WHY),
    "annul": lambda g, m: actions.mod_annul(game_id=g.pk, moderator=m, reason=WHY),
    "add_time": lambda g, m: actions.mod_add_time(game_id=g.pk, role="south", seconds=3600, moderator=m,
                                                  reason=WHY),
    "pause": lambda g, m: actions.mod_pause(game_id=g.pk, moderator=m, reason=WHY),
    "resume": lambda g, m: actions.mod_resume(game_id=g.pk, moderator=m, reason=WHY),
    "hand_view": lambda g, m: actions.hand_view(game_id=g.pk, role="south", moderator=m, reason=WHY),
    "report_close": lambda g, m: sanctions.report_close(
        report_id=Report.objects.create(game=g, reporter=g.seats.get(role="south").user, kind="other",
                                        text="x").pk, moderator=m, outcome="upheld", resolution=WHY),
    "sanction": lambda g, m: sanctions.sanction_create(user=g.seats.get(role="south").user, kind="warn",
                                                       moderator=m, reason=WHY, game=g),
}


def _game_facts(game):
    game.refresh_from_db()
    return (game.seq, game.status, game.result, list(Move.objects.filter(game=game).values_list("seq", "verb")),
            list(game.seats.values_list("role", "extra_seconds", "deadline_at")),
            ClockPause.objects.filter(game=game).exists(), AuditEntry.objects.count(),
            UserSanction.objects.count(), list(Report.objects.values_list("status", flat=True)))


@pytest.mark.parametrize("action", SERVICE_ACTIONS)
def test_a_moderator_cannot_act_on_a_game_they_play(mod_game, mod, action):
    if action == "resume":
        ClockPause.objects.create(game=mod_game, paused_by=mod)
    before = _game_facts(mod_game)
    with pytest.raises(Forbidden, match="another moderator"):
        SERVICE_ACTIONS[action](mod_game, mod)
    assert _game_facts(mod_game)[:-1] == before[:-1]  # reports may differ only by the test's own report
    assert Report.objects.filter(status="closed").count() == 0


@pytest.mark.parametrize("action", SERVICE_ACTIONS)
def test_another_moderator_can_act_on_that_game(mod_game, make_user, action):
    other = make_user("mod2")
    other.groups.add(Group.objects.get_or_create(name="moderators")[0])
    if action == "resume":
        ClockPause.objects.create(game=mod_game, paused_by=other)
    SERVICE_ACTIONS[action](mod_game, other)
    assert AuditEntry.objects.filter(actor=other).exists()


PAGE_ACTIONS = {
    "rollback": ("moderation:game_action", {"action": "rollback"}, {"to_seq": 1}),
    "adjudicate": ("moderation:game_action", {"action": "adjudicate"}, {"winners": "north"}),
    "annul": ("moderation:game_action", {"action": "annul"}, {}),
    "add_time": ("moderation:game_action", {"action": "add_time"}, {"role": "south", "hours": 2}),
    "pause": ("moderation:game_action", {"action": "pause"}, {}),
    "hand": ("moderation:hand", {}, {"role": "south"}),
}


@pytest.mark.parametrize("action", PAGE_ACTIONS)
def test_the_moderator_pages_refuse_a_moderator_who_plays_the_game(client, mod_game, mod, action):
    name, kwargs, data = PAGE_ACTIONS[action]
    client.force_login(mod)
    before = _game_facts(mod_game)
    response = client.post(reverse(name, kwargs={"game_id": mod_game.pk, **kwargs}), {"reason": WHY, **data})
    assert response.status_code == 403
    assert _game_facts(mod_game) == before  # nothing changed, no audit entry (so no hand was shown)


def test_the_sanction_page_refuses_a_sanction_tied_to_the_moderators_own_game(client, mod_game, mod, bob):
    client.force_login(mod)
    response = client.post(reverse("moderation:sanction", args=[bob.pk]),
                           {"reason": WHY, "kind": "mute", "days": 1, "game": mod_game.pk})
    assert response.status_code == 403 and not UserSanction.objects.exists()
