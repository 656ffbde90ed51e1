"""Team chat (issue 21): a colony's chat is read by that colony and moderators only.

A real 5-seat Dead of Winter game: Colony A (p1, p3), Colony B (p2, p4) and the
Lone Wolf (p5). A unique canary posted in Colony A's chat must be on Colony A's
pages and a moderator's, and absent from every page, HTMX partial and API JSON
that Colony B, the Lone Wolf, a spectator or an anonymous visitor fetch; the
status poll's chat marker must not move for them either.
"""
import os
import re

import pytest
from django.core import mail
from django.urls import reverse

from games.engine import registry
from games.play import services
from games.errors import BadRequest, Forbidden
from games.models import Game
from games.moderation import services as moderation
from games.moderation.models import ChatMessage, Report
from tests.test_moderation_fixtures import fresh_cache, make_moderator, suspension_middleware  # noqa: F401

pytestmark = pytest.mark.django_db
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")
HTMX = {"HTTP_HX_REQUEST": "true"}
CANARY = "canary-7f3a-colony-a-plans-the-raid"
BADGED = r'<span class="badge">%s</span> <strong>\w+</strong> <span class="muted">[^<]*</span>: '
COLONY_A, COLONY_B, LONE_WOLF = ("p1", "p3"), ("p2", "p4"), "p5"


def colony_title() -> str:
    """The installed title whose 5-seat game is two teams of two and a seat alone
    (Dead of Winter: tests outside a title's folder do not name it, tests/test_layout.py)."""
    for title_id, rules in registry.titles().items():
        if 5 in rules.option_choices().get("players", []):
            teams = registry.presentation(title_id).teams(rules.roles("", {"players": 5}))
            if sorted(len(team) for team in teams) == [1, 2, 2]:
                return title_id
    raise LookupError("no title with two colonies and a Lone Wolf")


@pytest.fixture
def table(make_user):
    """A started 5-seat Dead of Winter game: (game, {role: user})."""
    users = [make_user(name) for name in ("ada", "ben", "cleo", "dov", "eve")]
    game = services.game_create(user=users[0], title_id=colony_title(), options={"players": 5})
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE
    return game, {s.role: s.user for s in game.seats.select_related("user")}


@pytest.fixture
def moderator(make_user):
    return make_moderator(make_user, "marshal")


def post(client, game, user, body, channel="team"):
    client.force_login(user)
    return client.post(reverse("moderation:chat", args=[game.pk]), {"body": body, "channel": channel}, **HTMX)


def pages(client, game, user) -> dict[str, str]:
    """Every page, partial and JSON about the game a reader may fetch (None: anonymous)."""
    client.logout()
    if user is not None:
        client.force_login(user)
    chat = reverse("moderation:chat", args=[game.pk])
    api_chat = reverse("moderation:api_chat", args=[game.pk])
    urls = [reverse(name, args=[game.pk]) for name in ("games:detail", "games:panel", "games:status", "games:log",
                                                        "api:game", "api:log", "moderation:game_panel")]
    urls += [chat, f"{chat}?lines=1", f"{chat}?lines=1&channel=table", f"{chat}?lines=1&channel=team",
             api_chat, f"{api_chat}?channel=team", f"{api_chat}?channel=table"]
    return {url: client.get(url, **HTMX).content.decode() for url in urls}


def marker(client, game, user) -> str | None:
    client.force_login(user)
    html = client.get(reverse("games:status", args=[game.pk])).content.decode()
    found = re.search(r'data-chat="(\d+)"', html)
    return found.group(1) if found else None


def test_colony_a_chat_reaches_colony_a_and_moderators_and_nobody_else(client, table, moderator, make_user):
    game, seats = table
    assert post(client, game, seats["p1"], "hello table", channel="table").status_code == 200
    before = {role: marker(client, game, seats[role]) for role in seats}
    response = post(client, game, seats["p1"], CANARY)
    assert response.status_code == 200 and CANARY in response.content.decode()
    line = ChatMessage.objects.get(body=CANARY)
    assert line.channel == "team0"
    for role in (*COLONY_B, LONE_WOLF):
        for url, text in pages(client, game, seats[role]).items():
            assert CANARY not in text, (role, url)
        assert marker(client, game, seats[role]) == before[role]  # the poll never tells them a team spoke
    for reader in (make_user("spectator"), None):
        for url, text in pages(client, game, reader).items():
            assert CANARY not in text, (reader, url)
    mate = pages(client, game, seats["p3"])
    assert CANARY in mate[reverse("moderation:game_panel", args=[game.pk])]
    assert CANARY in mate[f"{reverse('moderation:chat', args=[game.pk])}?lines=1&channel=team"]
    assert int(marker(client, game, seats["p3"])) == line.pk
    assert not any(CANARY in message.body for message in mail.outbox)


def test_a_colony_sees_a_table_and_a_team_panel_with_the_reminder(client, table):
    game, seats = table
    moderation.chat_post(game=game, user=seats["p2"], body="table words", channel="table")
    moderation.chat_post(game=game, user=seats["p1"], body=CANARY, channel="team")
    client.force_login(seats["p3"])
    html = client.get(reverse("moderation:game_panel", args=[game.pk])).content.decode()
    table_box, team_box = html.split('id="game-chat-%s-team"' % game.pk)
    assert "<h2>Table</h2>" in table_box and "table words" in table_box and CANARY not in table_box
    assert "<h2>Colony A (team)</h2>" in team_box and CANARY in team_box and "table words" not in team_box
    assert "Do not reveal your secret objective's text." in team_box
    assert 'name="channel" value="team"' in team_box and 'name="channel" value="table"' in table_box
    client.force_login(seats["p4"])
    html = client.get(reverse("moderation:game_panel", args=[game.pk])).content.decode()
    assert "<h2>Colony B (team)</h2>" in html and "Colony A" not in html and CANARY not in html


def test_the_lone_wolf_has_no_team_chat(client, table):
    game, seats = table
    wolf = seats[LONE_WOLF]
    with pytest.raises(BadRequest, match="You play alone"):
        moderation.chat_post(game=game, user=wolf, body="howl", channel="team")
    response = post(client, game, wolf, "howl")
    assert response.status_code == 422 and "You play alone" in response.content.decode()
    api = client.post(reverse("moderation:api_chat", args=[game.pk]), {"body": "howl", "channel": "team"},
                      content_type="application/json")
    assert api.status_code == 400 and "You play alone" in api.content.decode()
    assert not ChatMessage.objects.exists()
    html = client.get(reverse("moderation:game_panel", args=[game.pk])).content.decode()
    assert 'value="team"' not in html and "(team)" not in html
    lines = client.get(reverse("moderation:chat", args=[game.pk]) + "?lines=1&channel=team")
    assert lines.status_code == 400 and "You play alone" in lines.content.decode()
    assert post(client, game, wolf, "the wolf greets the table", channel="table").status_code == 200


def test_no_seat_writes_to_another_teams_chat_and_bad_channels_are_named(client, table):
    game, seats = table
    with pytest.raises(Forbidden):
        moderation.chat_post(game=game, user=seats["p2"], body="spy", channel="team0")
    client.force_login(seats["p2"])
    assert post(client, game, seats["p2"], "spy", channel="team0").status_code == 403
    api = client.post(reverse("moderation:api_chat", args=[game.pk]), {"body": "x", "channel": "colony"},
                      content_type="application/json")
    assert api.status_code == 400 and "channel" in api.content.decode()
    bad = client.get(reverse("moderation:api_chat", args=[game.pk]) + "?channel=everyone")
    assert bad.status_code == 400 and 'Choose the channel \\"table\\", \\"team\\" or \\"dm\\"' in bad.content.decode()
    assert not ChatMessage.objects.exists()
    ok = client.post(reverse("moderation:api_chat", args=[game.pk]), {"body": "ours", "channel": "team"},
                     content_type="application/json")
    assert ok.status_code == 201 and ok.json()["channel"] == "team" and ok.json()["team"] == "Colony B"
    assert ChatMessage.objects.get(body="ours").channel == "team1"


def test_the_api_lists_each_reader_their_own_channels(client, table, moderator):
    game, seats = table
    moderation.chat_post(game=game, user=seats["p1"], body=CANARY, channel="team")
    moderation.chat_post(game=game, user=seats["p4"], body="colony b plans", channel="team")
    moderation.chat_post(game=game, user=seats["p5"], body="hello all", channel="table")
    url = reverse("moderation:api_chat", args=[game.pk])

    def bodies(user, query=""):
        client.force_login(user)
        return {(line["channel"], line["team"], line["body"]) for line in client.get(url + query).json()}

    assert bodies(seats["p3"]) == {("team", "Colony A", CANARY), ("table", "", "hello all")}
    assert bodies(seats["p2"], "?channel=team") == {("team", "Colony B", "colony b plans")}
    assert bodies(seats["p5"]) == {("table", "", "hello all")}
    assert bodies(moderator, "?channel=team") == {("team", "Colony A", CANARY),
                                                  ("team", "Colony B", "colony b plans")}


def test_moderators_read_every_team_chat_labelled_unless_they_play(client, table, moderator, make_user):
    game, seats = table
    moderation.chat_post(game=game, user=seats["p1"], body=CANARY, channel="team")
    moderation.chat_post(game=game, user=seats["p2"], body="colony b plans", channel="team")
    client.force_login(moderator)
    timeline = client.get(reverse("moderation:timeline", args=[game.pk])).content.decode()
    assert re.search(BADGED % "Colony A" + CANARY, timeline)
    assert re.search(BADGED % "Colony B" + "colony b plans", timeline)
    panel = client.get(reverse("moderation:chat", args=[game.pk])).content.decode()
    assert "Team chats" in panel and CANARY in panel and "colony b plans" in panel
    # a moderator seated in Colony B reads what that seat reads, on every page
    player_moderator = make_moderator(make_user, "umpire")
    game.seats.filter(role="p4").update(user=player_moderator)
    client.force_login(player_moderator)
    timeline = client.get(reverse("moderation:timeline", args=[game.pk])).content.decode()
    assert CANARY not in timeline and "colony b plans" in timeline
    assert CANARY not in client.get(reverse("moderation:api_chat", args=[game.pk])).content.decode()


def test_a_player_cannot_report_a_line_of_another_teams_chat(table):
    game, seats = table
    line = moderation.chat_post(game=game, user=seats["p1"], body=CANARY, channel="team")
    with pytest.raises(BadRequest, match="not in this game"):
        moderation.report_create(game=game, user=seats["p2"], kind="abusive_chat", text="what is this",
                                 chat_message_id=line.pk)
    report = moderation.report_create(game=game, user=seats["p3"], kind="abusive_chat", text="rude",
                                      chat_message_id=line.pk)
    assert Report.objects.get().chat_message == line == report.chat_message


def test_a_two_seat_game_has_no_team_chat(duel, alice):
    with pytest.raises(BadRequest, match="This game has no team chat"):
        moderation.chat_post(game=duel, user=alice, body="psst", channel="team")
    assert moderation.chat_post(game=duel, user=alice, body="gg").channel == ""


# -- in the browser: the status poll refreshes both panels, and only them -------
@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_poll_brings_team_lines_to_the_teammate_and_table_lines_to_all(browser, live_server, table):
    from tests.fixtures import logged_in_page

    game, seats = table
    pages = {role: logged_in_page(browser, live_server, seats[role], 1400, 900) for role in ("p1", "p3", "p2")}
    for page in pages.values():
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(f"#game-chat-{game.pk}-team input[name=body]")
    assert "Colony B (team)" in pages["p2"].inner_text(f"#game-chat-{game.pk}-team h2")
    writer = pages["p1"]
    writer.fill(f"#game-chat-{game.pk}-team input[name=body]", CANARY)
    writer.click(f"#game-chat-{game.pk}-team button[type=submit]")
    writer.wait_for_selector(f"#chat-lines-{game.pk}-team li:has-text('{CANARY}')")
    pages["p3"].wait_for_selector(f"#chat-lines-{game.pk}-team li:has-text('{CANARY}')", timeout=8_000)
    writer.fill(f"#game-chat-{game.pk}-table input[name=body]", "hello everyone")
    writer.click(f"#game-chat-{game.pk}-table button[type=submit]")
    for role in ("p3", "p2"):
        pages[role].wait_for_selector(f"#chat-lines-{game.pk}-table li:has-text('hello everyone')", timeout=8_000)
    assert CANARY not in pages["p2"].content()
    assert CANARY not in pages["p3"].inner_text(f"#chat-lines-{game.pk}-table")
    pages["p3"].locator(f"#game-chat-{game.pk}-team").scroll_into_view_if_needed()
    os.makedirs(ARTIFACTS, exist_ok=True)
    pages["p3"].screenshot(path=f"{ARTIFACTS}/team-chat-colony-a.png")
    for page in pages.values():
        page.context.close()
