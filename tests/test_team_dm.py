"""Direct messages at team tables (correspondence-design §3: "a public channel, one
private channel per colony, and direct messages").

The same 5-seat Dead of Winter game as tests/test_team_chat.py: Colony A (p1, p3),
Colony B (p2, p4) and the Lone Wolf (p5; the
seats are drawn at random, so tests name players through ``seats``). A unique
canary whispered from Player 1 to Player 2, across the colonies, must reach ben and moderators
without a seat, and nobody else: not ada's own teammate, not Colony B's other
seat, not the Lone Wolf, a spectator or an anonymous visitor, in no page, HTMX
partial, API JSON, game log or mail, and the status poll's chat marker must not
move for them.
"""
import re

import pytest
from django.core import mail
from django.urls import reverse

from games.errors import BadRequest
from games.moderation import services as moderation
from games.moderation.models import ChatMessage, Report
from tests.test_moderation_fixtures import fresh_cache, make_moderator, suspension_middleware  # noqa: F401
from tests.test_team_chat import HTMX, marker, moderator, pages, table  # noqa: F401

pytestmark = pytest.mark.django_db
CANARY = "canary-91c4-ada-whispers-to-ben"
JSON = "application/json"


def whisper(client, game, user, body, to):
    client.force_login(user)
    return client.post(reverse("moderation:chat", args=[game.pk]), {"body": body, "channel": "dm", "to": to}, **HTMX)


def api_whisper(client, game, user, body, to):
    client.force_login(user)
    return client.post(reverse("moderation:api_chat", args=[game.pk]), {"body": body, "channel": "dm", "to": to},
                       content_type=JSON)


def every_page(client, game, user) -> dict[str, str]:
    """The team chat test's pages, plus the direct-message partial and API listing."""
    found = pages(client, game, user)
    chat, api_chat = (reverse(name, args=[game.pk]) for name in ("moderation:chat", "moderation:api_chat"))
    for url in (f"{chat}?lines=1&channel=dm", f"{api_chat}?channel=dm"):
        found[url] = client.get(url, **HTMX).content.decode()
    return found


def test_a_whisper_reaches_its_recipient_and_moderators_and_nobody_else(client, table, moderator, make_user):
    game, seats = table
    moderation.chat_post(game=game, user=seats["p3"], body="hello table", channel="table")
    before = {role: marker(client, game, seats[role]) for role in seats}
    response = whisper(client, game, seats["p1"], CANARY, to="p2")
    assert response.status_code == 200 and CANARY in response.content.decode()
    line = ChatMessage.objects.get(body=CANARY)
    assert line.channel == "dm:p1:p2"
    for role in ("p3", "p4", "p5"):
        for url, text in every_page(client, game, seats[role]).items():
            assert CANARY not in text, (role, url)
        assert marker(client, game, seats[role]) == before[role]  # nobody else learns that someone whispered
    for reader in (make_user("spectator"), None):
        for url, text in every_page(client, game, reader).items():
            assert CANARY not in text, (reader, url)
    ben = every_page(client, game, seats["p2"])
    assert CANARY in ben[reverse("moderation:game_panel", args=[game.pk])]
    assert CANARY in ben[f"{reverse('moderation:chat', args=[game.pk])}?lines=1&channel=dm"]
    assert CANARY in ben[f"{reverse('moderation:api_chat', args=[game.pk])}?channel=dm"]
    assert int(marker(client, game, seats["p2"])) == line.pk
    client.force_login(moderator)
    assert CANARY in client.get(reverse("moderation:timeline", args=[game.pk])).content.decode()
    assert CANARY in client.get(reverse("moderation:api_chat", args=[game.pk]) + "?channel=dm").content.decode()
    assert not any(CANARY in message.body or CANARY in str(message.alternatives) for message in mail.outbox)


def words(seats, role) -> str:
    return f"{seats[role].username} (Player {role[1:]})"


def test_the_pair_has_one_channel_whoever_writes_and_however_the_seat_is_named(client, table):
    game, seats = table
    assert whisper(client, game, seats["p2"], "to ada by seat", to="p1").status_code == 200
    assert whisper(client, game, seats["p1"], "to ben by name", to=seats["p2"].username.upper()).status_code == 200
    reply = api_whisper(client, game, seats["p2"], "to ada in words", to="Player 1")
    assert reply.status_code == 201, reply.content
    assert reply.json()["channel"] == "dm" and reply.json()["team"] == ""
    assert reply.json()["between"] == f"Between {words(seats, 'p1')} and {words(seats, 'p2')}"
    assert set(ChatMessage.objects.values_list("channel", flat=True)) == {"dm:p1:p2"}
    client.force_login(seats["p1"])
    lines = client.get(reverse("moderation:api_chat", args=[game.pk]) + "?channel=dm").json()
    assert [line["body"] for line in lines] == ["to ada by seat", "to ben by name", "to ada in words"]


def test_the_lone_wolf_whispers_to_a_colony_and_a_third_party_stays_out(client, table):
    game, seats = table
    assert whisper(client, game, seats["p5"], CANARY, to=seats["p3"].username).status_code == 200
    assert ChatMessage.objects.get(body=CANARY).channel == "dm:p3:p5"
    client.force_login(seats["p1"])
    assert CANARY not in client.get(reverse("moderation:game_panel", args=[game.pk])).content.decode()
    client.force_login(seats["p3"])
    assert CANARY in client.get(reverse("moderation:game_panel", args=[game.pk])).content.decode()


def test_the_chat_box_names_each_recipient_by_name_and_seat(client, table):
    game, seats = table
    moderation.chat_post(game=game, user=seats["p4"], body=CANARY, channel="dm", to="p1")
    client.force_login(seats["p1"])
    html = client.get(reverse("moderation:game_panel", args=[game.pk])).content.decode()
    box = html.split('id="game-chat-%s-dm"' % game.pk)[1]
    assert "<h2>Direct messages</h2>" in box and 'name="channel" value="dm"' in box
    options = re.findall(r'<option value="(\w+)"[^>]*>([^<]*)</option>', box)
    # every other seat, in words and in seat order; never oneself
    assert options == [(role, words(seats, role)) for role in ("p2", "p3", "p4", "p5")]
    badge = f'<span class="badge">Between {words(seats, "p1")} and {words(seats, "p4")}</span> '
    assert f"{badge}<strong>{seats['p4'].username}</strong>" in box
    assert CANARY in box


def test_clear_errors_for_oneself_a_non_seated_user_and_an_unknown_seat(client, table, make_user, settings):
    game, seats = table
    settings.HOTLINE_CHAT_PER_MINUTE = 100  # ten refused posts in a row are not flooding
    make_user("zed")
    ada = seats["p1"]
    cases = {"p1": "You cannot send a direct message to yourself.", ada.username: "to yourself",
             "zed": "zed has no seat in this game.", "Player 9": "No seat of this game is called Player 9",
             "": "Choose the player to write to."}
    for to, error in cases.items():
        with pytest.raises(BadRequest, match=re.escape(error)):
            moderation.chat_post(game=game, user=ada, body="psst", channel="dm", to=to)
        response = whisper(client, game, ada, "psst", to=to)
        assert response.status_code == 422 and error in response.content.decode(), to
        api = api_whisper(client, game, ada, "psst", to=to)
        assert api.status_code == 400 and error in api.json()["detail"], to
    assert not ChatMessage.objects.exists()


def test_a_spectator_cannot_whisper_and_moderators_read_every_pair_unless_they_play(client, table, moderator,
                                                                                     make_user):
    game, seats = table
    spectator = make_user("spectator")
    assert whisper(client, game, spectator, "hi", to="p1").status_code == 403
    assert api_whisper(client, game, spectator, "hi", to="p1").status_code == 403
    moderation.chat_post(game=game, user=seats["p1"], body=CANARY, channel="dm", to="p2")
    moderation.chat_post(game=game, user=seats["p4"], body="dov to eve", channel="dm", to="p5")
    client.force_login(moderator)
    panel = client.get(reverse("moderation:chat", args=[game.pk])).content.decode()
    assert f"Between {words(seats, 'p1')} and {words(seats, 'p2')}" in panel and CANARY in panel and "dov to eve" in panel
    assert 'name="to"' not in panel  # moderators read, they do not whisper
    player_moderator = make_moderator(make_user, "umpire")
    game.seats.filter(role="p4").update(user=player_moderator)
    client.force_login(player_moderator)
    timeline = client.get(reverse("moderation:timeline", args=[game.pk])).content.decode()
    assert CANARY not in timeline and "dov to eve" in timeline
    assert CANARY not in client.get(reverse("moderation:api_chat", args=[game.pk])).content.decode()


def test_only_the_two_players_can_report_a_direct_message(table):
    game, seats = table
    line = moderation.chat_post(game=game, user=seats["p1"], body=CANARY, channel="dm", to="p2")
    with pytest.raises(BadRequest, match="not in this game"):
        moderation.report_create(game=game, user=seats["p3"], kind="abusive_chat", text="what",
                                 chat_message_id=line.pk)
    moderation.report_create(game=game, user=seats["p2"], kind="abusive_chat", text="rude", chat_message_id=line.pk)
    assert Report.objects.get().chat_message == line


def test_a_two_seat_game_has_no_direct_messages(client, duel, alice):
    with pytest.raises(BadRequest, match="This game has two players"):
        moderation.chat_post(game=duel, user=alice, body="psst", channel="dm", to="bob")
    client.force_login(alice)
    html = client.get(reverse("moderation:game_panel", args=[duel.pk])).content.decode()
    assert "Direct messages" not in html and 'name="to"' not in html
    lines = client.get(reverse("moderation:chat", args=[duel.pk]) + "?lines=1&channel=dm")
    assert lines.status_code == 400 and "This game has two players" in lines.content.decode()
