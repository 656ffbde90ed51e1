"""Permission matrix: every moderation view and API endpoint against the
player, the other player, a spectator, a moderator and a suspended player."""
import datetime

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from games.play import services
from games.moderation import sanctions, services as moderation
from games.moderation.models import Report, TakebackRequest, UserSanction
from tests.test_moderation_fixtures import fresh_cache, mod, mod2, pick, play, suspension_middleware  # noqa: F401

pytestmark = pytest.mark.django_db
ACTORS = ["player", "other", "spectator", "moderator", "suspended"]
PLAYERS = {"player", "other", "suspended"}
READERS = PLAYERS | {"moderator"}
EVERYONE = set(ACTORS)
MODS = {"moderator"}
WRITERS = {"player", "other"}


@pytest.fixture
def world(duel, alice, bob, carol, mod, mod2):
    """Two Duel games between alice (north) and bob (south) with chat, a report,
    a pending takeback on the first, a warning for bob and an appeal of carol's mute."""
    play(duel, alice, bob, rounds=1)
    line = moderation.chat_post(game=duel, user=alice, body="good luck")
    report = moderation.report_create(game=duel, user=alice, kind="stalling", text="slow")
    pick(duel, alice, "north")  # a move after the round's die roll: takebacks never cross a roll
    last_own = moderation.takeback_choices(duel, "north").first()
    takeback = moderation.takeback_request(game=duel, user=alice, move_seq=last_own.seq)
    second = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=second.pk, user=bob)
    play(second, alice, bob, rounds=1)
    warning = sanctions.sanction_create(user=bob, kind="warn", moderator=mod, reason="rude words")
    mute = sanctions.sanction_create(user=carol, kind="mute", moderator=mod, reason="spam in chat", days=1)
    appeal = sanctions.appeal_create(sanction_id=mute.pk, user=carol, text="it was not spam")
    cache_clear()
    return {"game": duel, "second": second, "line": line, "report": report, "takeback": takeback,
            "warning": warning, "appeal": appeal, "users": {"player": alice, "other": bob, "spectator": carol,
                                                             "moderator": mod, "suspended": bob}}


def cache_clear():
    from django.core.cache import cache

    cache.clear()


def own_move(world, user):
    game = world["second"]
    seat = game.seats.filter(user=user).first()
    move = moderation.takeback_choices(game, seat.role).first() if seat else None
    return move.seq if move else 2


def reason(**data):
    return {"reason": "checked the log carefully", **data}


# (name, method, url(world), data(world, user), allowed actors)
ENDPOINTS = [
    ("game panel", "get", lambda w: reverse("moderation:game_panel", args=[w["game"].pk]), None, PLAYERS),
    ("chat read", "get", lambda w: reverse("moderation:chat", args=[w["game"].pk]), None, READERS),
    ("chat post", "post", lambda w: reverse("moderation:chat", args=[w["game"].pk]),
     lambda w, u: {"body": "hi"}, WRITERS),
    ("report form", "get", lambda w: reverse("moderation:report_create", args=[w["game"].pk]), None, PLAYERS),
    ("report send", "post", lambda w: reverse("moderation:report_create", args=[w["game"].pk]),
     lambda w, u: {"kind": "misclick", "text": "I misclicked", "move_seq": "2"}, WRITERS),
    ("my reports", "get", lambda w: reverse("moderation:my_reports"), None, EVERYONE),
    ("game audit", "get", lambda w: reverse("moderation:game_audit", args=[w["game"].pk]), None, READERS),
    ("standing", "get", lambda w: reverse("moderation:standing"), None, EVERYONE),
    ("appeal form", "get", lambda w: reverse("moderation:appeal", args=[w["warning"].pk]), None,
     {"other", "suspended"}),
    ("appeal send", "post", lambda w: reverse("moderation:appeal", args=[w["warning"].pk]),
     lambda w, u: {"text": "I was provoked"}, {"other", "suspended"}),
    ("takeback request", "post", lambda w: reverse("moderation:takeback_request", args=[w["second"].pk]),
     lambda w, u: {"move_seq": own_move(w, u)}, WRITERS),
    ("takeback answer", "post", lambda w: reverse("moderation:takeback_answer", args=[w["takeback"].pk]),
     lambda w, u: {"answer": "accept"}, {"other"}),
    ("queue", "get", lambda w: reverse("moderation:queue"), None, MODS),
    ("timeline", "get", lambda w: reverse("moderation:timeline", args=[w["game"].pk]), None, MODS),
    ("board", "get", lambda w: reverse("moderation:board", args=[w["game"].pk, 2]), None, MODS),
    ("audit log", "get", lambda w: reverse("moderation:audit"), None, MODS),
    ("appeals", "get", lambda w: reverse("moderation:appeals"), None, MODS),
    ("rollback", "post", lambda w: reverse("moderation:game_action", args=[w["game"].pk, "rollback"]),
     lambda w, u: reason(to_seq=2), MODS),
    ("adjudicate", "post", lambda w: reverse("moderation:game_action", args=[w["game"].pk, "adjudicate"]),
     lambda w, u: reason(winners="south"), MODS),
    ("annul", "post", lambda w: reverse("moderation:game_action", args=[w["game"].pk, "annul"]),
     lambda w, u: reason(), MODS),
    ("add time", "post", lambda w: reverse("moderation:game_action", args=[w["game"].pk, "add_time"]),
     lambda w, u: reason(role="north", hours=2), MODS),
    ("pause", "post", lambda w: reverse("moderation:game_action", args=[w["game"].pk, "pause"]),
     lambda w, u: reason(), MODS),
    ("hand view", "post", lambda w: reverse("moderation:hand", args=[w["game"].pk]),
     lambda w, u: reason(role="south"), MODS),
    ("report close", "post", lambda w: reverse("moderation:report_close", args=[w["report"].pk]),
     lambda w, u: {"outcome": "dismissed", "resolution": "no stalling found"}, MODS),
    ("sanction", "post", lambda w: reverse("moderation:sanction", args=[w["users"]["spectator"].pk]),
     lambda w, u: reason(kind="warn"), MODS),
    # the appeal of a decision by "mod" goes to mod2: even mod may not decide it
    ("appeal decide", "post", lambda w: reverse("moderation:appeal_decide", args=[w["appeal"].pk]),
     lambda w, u: {"lift": "lift", "decision": "fair enough"}, set()),
    ("api reports read", "get", lambda w: reverse("moderation:api_reports"), None, EVERYONE),
    ("api report send", "post", lambda w: reverse("moderation:api_reports"),
     lambda w, u: {"game": w["game"].pk, "kind": "other", "text": "odd"}, WRITERS),
    ("api chat read", "get", lambda w: reverse("moderation:api_chat", args=[w["game"].pk]), None, READERS),
    ("api chat post", "post", lambda w: reverse("moderation:api_chat", args=[w["game"].pk]),
     lambda w, u: {"body": "hello"}, WRITERS),
]


def request(client, world, actor, endpoint):
    name, method, url, data, allowed = endpoint
    user = world["users"][actor]
    if actor == "suspended":
        UserSanction.objects.create(user=user, kind="suspend", reason="abuse", created_by=world["users"]["moderator"],
                                    ends_at=timezone.now() + datetime.timedelta(days=3))
    client.force_login(user)
    kwargs = {"data": data(world, user)} if data else {}
    if name.startswith("api") and method == "post":
        kwargs["content_type"] = "application/json"
    return getattr(client, method)(url(world), **kwargs)


def each_actor(client, world, actors):
    """(actor, response) for each actor in turn against the same world: each
    request runs in a savepoint rolled back afterwards, with a fresh cache and
    session, so one actor's write never changes what the next one meets (one
    world per endpoint instead of one per endpoint and actor)."""
    from django.core.cache import cache

    for actor in actors:
        cache.clear()
        client.logout()
        with transaction.atomic():
            yield actor
            transaction.set_rollback(True)


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=[e[0] for e in ENDPOINTS])
def test_every_moderation_endpoint_admits_exactly_the_right_people(client, world, endpoint):
    for actor in each_actor(client, world, ACTORS):
        response = request(client, world, actor, endpoint)
        if actor in endpoint[4]:
            assert response.status_code in (200, 201, 302), (actor, response.content[:300])
            assert "/accounts/login" not in response.get("Location", ""), actor
        else:
            assert response.status_code == 403, (actor, response.content[:300])
    for _ in each_actor(client, world, ["anonymous"]):
        name, method, url, data, allowed = endpoint
        kwargs = {"data": data(world, world["users"]["player"])} if data else {}
        if name.startswith("api") and method == "post":
            kwargs["content_type"] = "application/json"
        response = getattr(client, method)(url(world), **kwargs)
        assert response.status_code in (302, 401, 403), ("anonymous", response.status_code)
        if response.status_code == 302:
            assert "/accounts/login" in response["Location"]


def test_the_allowed_writes_in_the_matrix_really_take_effect(client, world, bob):
    client.force_login(bob)
    client.post(reverse("moderation:takeback_answer", args=[world["takeback"].pk]), {"answer": "accept"})
    world["takeback"].refresh_from_db()
    assert world["takeback"].status == TakebackRequest.Status.ACCEPTED
    client.post(reverse("moderation:report_create", args=[world["game"].pk]), {"kind": "cheating", "text": "x"})
    assert Report.objects.filter(reporter=bob, kind="cheating").exists()
