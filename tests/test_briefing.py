""""Since you last looked" (issue 28, games/briefing/): what a returning player
reads first, on the game page, in the API and in the turn mail.

The example duel: both players pick a card in secret, the picks are revealed,
the round's winner marks spaces and rolls. A secret pick stays secret in the
briefing until it is revealed; the briefing starts after the seat's own last
move or its "Seen", whichever is later, and "Seen" never moves back.
"""
import re

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from games import briefing
from games.models import Game, Seat
from games.play import services
from tests.example_game.rules import card_name

pytestmark = pytest.mark.django_db


def login(client, user):
    client.force_login(user)
    return client


def pick(game, user, role):
    game.refresh_from_db()
    card = sorted(game.state["hands"][role])[0]
    services.move_submit(game_id=game.pk, user=user, verb="pick", arg=card, expected_seq=game.seq)
    return card


def first_round(game, alice, bob) -> tuple[int, int]:
    """Both pick; the winner marks two spaces and rolls. Returns the picks."""
    north, south = pick(game, alice, "north"), pick(game, bob, "south")
    game.refresh_from_db()
    winner = {"north": alice, "south": bob}[game.active_roles[0]]
    for verb, arg in (("mark", 1), ("mark", 2), ("roll", None)):
        game.refresh_from_db()
        services.move_submit(game_id=game.pk, user=winner, verb=verb, arg=arg, expected_seq=game.seq)
    return north, south


def section(page: str) -> str:
    found = re.search(r'<section id="briefing".*?</section>', page, re.S)
    return found.group(0) if found else ""


def words_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_nothing_to_tell_at_the_start_and_after_your_own_move(client, duel, alice, bob):
    assert briefing.for_seat(duel, duel.seats.get(user=bob)) is None  # only the setup happened
    pick(duel, bob, "south")
    duel.refresh_from_db()
    assert briefing.for_seat(duel, duel.seats.get(user=bob)) is None
    assert 'id="briefing"' not in login(client, bob).get(reverse("games:detail", args=[duel.pk])).content.decode()


def test_a_secret_pick_is_told_without_its_card(client, duel, alice, bob):
    card = pick(duel, alice, "north")
    page = login(client, bob).get(reverse("games:detail", args=[duel.pk])).content.decode()
    told = section(page)
    assert "Since you last looked" in told and "alice (North), move 2:" in words_of(told)
    assert "North made a secret choice." in told and card_name(card) not in told
    assert 'role="status"' in told and 'aria-live="polite"' in told  # read out before the map
    assert page.index('id="briefing"') < page.index('class="game-board')


def round_winner(game) -> str:
    game.refresh_from_db()
    return game.active_roles[0]


def test_the_moves_since_your_last_move_are_told_grouped_by_player(duel, alice, bob):
    pick(duel, alice, "north")
    pick(duel, bob, "south")
    winner = round_winner(duel)
    users = {"north": alice, "south": bob}
    for verb, arg in (("mark", 1), ("mark", 2), ("roll", None)):
        duel.refresh_from_db()
        services.move_submit(game_id=duel.pk, user=users[winner], verb=verb, arg=arg, expected_seq=duel.seq)
    duel.refresh_from_db()
    loser = duel.seats.exclude(role=winner).get()
    told = briefing.for_seat(duel, loser)
    assert told.since == {"north": 2, "south": 3}[loser.role] and told.seq == duel.seq  # after its own pick
    name = users[winner].username
    assert [s.who for s in told.stretches] == [f"{name} ({winner.capitalize()})"]
    stretch = told.stretches[0]
    assert stretch.last == duel.seq and "(2 times)" in " ".join(stretch.sentences)  # two marks, said once
    assert told.text().startswith(f"Since you last looked (after move {told.since}):")


def test_seen_hides_the_briefing_until_something_new_happens(client, duel, alice, bob):
    pick(duel, alice, "north")
    login(client, bob)
    url = reverse("games:detail", args=[duel.pk])
    assert section(client.get(url).content.decode())
    answer = client.post(reverse("games:seen", args=[duel.pk]), {"seq": 2}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and answer.content == b""
    assert not section(client.get(url).content.decode())
    assert duel.seats.get(user=bob).seen_seq == 2
    client.post(reverse("games:seen", args=[duel.pk]), {"seq": 1})  # a stale tab: never moves back
    client.post(reverse("games:seen", args=[duel.pk]), {"seq": 99})  # never beyond the game
    assert duel.seats.get(user=bob).seen_seq == 2


def test_seen_refuses_bad_input_and_strangers_with_a_message(client, duel, alice, bob, carol):
    login(client, bob)
    bad = client.post(reverse("games:seen", args=[duel.pk]), {"seq": "x"}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 400 and "could not be read" in bad.content.decode()
    login(client, carol)
    stranger = client.post(reverse("games:seen", args=[duel.pk]), {"seq": 1}, HTTP_HX_REQUEST="true")
    assert stranger.status_code == 403 and "Only a player" in stranger.content.decode()
    assert client.get(reverse("games:seen", args=[duel.pk])).status_code == 405
    assert set(Seat.objects.filter(game=duel).values_list("seen_seq", flat=True)) == {0}


def test_the_api_serves_the_same_account_and_takes_seen(client, duel, alice, bob, carol):
    card = pick(duel, alice, "north")
    login(client, bob)
    data = client.get(reverse("api:briefing", args=[duel.pk])).json()
    assert data["since_seq"] == 0 and data["seq"] == 2 and data["your_turn"] is True
    assert data["stretches"][0]["who"] == "alice (North)" and card_name(card) not in str(data)
    assert data["text"] == briefing.for_seat(Game.objects.get(pk=duel.pk), duel.seats.get(user=bob)).text()
    seen = client.post(reverse("api:briefing_seen", args=[duel.pk]), {"seq": 2}, content_type="application/json")
    assert seen.status_code == 200 and seen.json()["stretches"] == [] and seen.json()["since_seq"] == 2
    bad = client.post(reverse("api:briefing_seen", args=[duel.pk]), {"seq": -1}, content_type="application/json")
    assert bad.status_code == 400
    login(client, carol)
    assert client.get(reverse("api:briefing", args=[duel.pk])).status_code == 403


def test_chat_lines_the_seat_may_read_are_counted_and_quoted(duel, alice, bob):
    from games.moderation.models import ChatMessage

    pick(duel, alice, "north")
    ChatMessage.objects.create(game=duel, user=alice, body="your move, take your time")
    ChatMessage.objects.create(game=duel, user=bob, body="my own line is not news to me")
    told = briefing.for_seat(Game.objects.get(pk=duel.pk), duel.seats.get(user=bob))
    assert told.chat_count == 1 and told.chat[0].author == "alice" and "take your time" in told.text()


def test_the_account_is_cached_per_seat_and_move(duel, alice, bob, django_assert_max_num_queries):
    pick(duel, alice, "north")
    game, seat = Game.objects.get(pk=duel.pk), duel.seats.get(user=bob)
    cache.clear()
    first = briefing.for_seat(game, seat)
    with django_assert_max_num_queries(3):  # own last move, chat count and lines; no replay, no move list
        again = briefing.for_seat(game, seat)
    assert again.text() == first.text()


def test_the_turn_mail_tells_what_happened_since_the_reader_last_looked(settings, alice, bob,
                                                                        django_capture_on_commit_callbacks):
    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0  # the reader moved a moment ago
    game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                time_control={"kind": "per_move", "days": 2})
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    hands, users = game.state["hands"], {"north": alice, "south": bob}
    winner = max(hands, key=lambda role: max(hands[role]))  # holds the highest card: picks it first
    loser = "south" if winner == "north" else "north"
    services.move_submit(game_id=game.pk, user=users[winner], verb="pick", arg=max(hands[winner]), expected_seq=game.seq)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        pick(game, users[loser], loser)
    turn = [m for m in mail.outbox if m.to == [users[winner].email] and m.subject.startswith("Your turn")]
    assert len(turn) == 1
    assert "Since you last looked (after move 2):" in turn[0].body
    assert f"{users[loser].username} ({loser.capitalize()}), move 3:" in turn[0].body
    assert "Last move by" not in turn[0].body  # the account replaces the last move
    assert "Since you last looked" in turn[0].alternatives[0][0]


def test_fold_says_repeats_once():
    assert briefing.fold(["A.", "A.", "B.", "A."]) == ["A. (2 times)", "B.", "A."]
