"""Leaderboard, player profile and ladder pages (server-rendered, HTMX-friendly)."""
import datetime

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone

from games.play import services
from games.ladder import chart, ladders
from games.ladder.models import Challenge, Ladder, LadderEntry, Rating

pytestmark = pytest.mark.django_db


def established(user, rating, *, days_ago=1, games=20, wins=10):
    played = timezone.now() - datetime.timedelta(days=days_ago)
    return Rating.objects.create(user=user, title_id="duel", rating=rating, rd=60, games=games, wins=wins,
                                 losses=games - wins, last_played=played,
                                 ranked_until=timezone.now() + datetime.timedelta(days=300))


def play(winner, loser):
    game = services.game_create(user=winner, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=loser)
    services.game_resign(game_id=game.pk, user=loser)
    game.refresh_from_db()
    return game


def login(client, user):
    client.force_login(user)
    return client


def test_the_leaderboard_lists_established_players_best_first_without_provisional_ones(client, alice, bob, carol):
    established(alice, 1600)
    established(bob, 1700)
    Rating.objects.create(user=carol, title_id="duel", rating=1900, rd=200, games=2, ranked_until=None)
    page = client.get(reverse("ladder:leaderboard", args=["duel"])).content.decode()
    assert page.index("bob") < page.index("alice")
    assert "carol" not in page
    assert "50%" in page and "1700" in page


def test_the_active_filter_hides_players_who_have_not_played_lately(client, alice, bob):
    established(alice, 1600, days_ago=2)
    established(bob, 1700, days_ago=200)
    page = client.get(reverse("ladder:leaderboard", args=["duel"]), {"active": "1"}).content.decode()
    assert "alice" in page and "bob" not in page


def test_the_leaderboard_is_paged_and_htmx_gets_only_the_table(client, make_user, django_assert_max_num_queries):
    for i in range(60):
        established(make_user(f"u{i:02d}"), 2000 - i)
    with django_assert_max_num_queries(4):
        response = client.get(reverse("ladder:leaderboard", args=["duel"]), {"page": "2"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert "<html" not in page and 'id="board"' in page
    assert "u50" in page and "u49" not in page and ">51<" in page
    assert "Page 2 of 2" in page


def test_an_unknown_title_has_no_leaderboard(client):
    assert client.get(reverse("ladder:leaderboard", args=["chess"])).status_code == 404


def test_the_profile_shows_ratings_sides_chart_recent_games_and_opponents(client, alice, bob, carol):
    play(alice, bob)
    play(alice, bob)
    play(carol, alice)
    page = client.get(reverse("ladder:profile", args=["Alice"])).content.decode()
    assert "<svg" in page and "<polyline" in page
    assert "provisional" in page
    assert "As North: 2 won, 0 lost, 0 drawn" in page and "As South: 0 won, 1 lost, 0 drawn" in page
    assert page.count('href="/games/') >= 3
    bob_row = page[page.index("Record against opponents"):]
    assert '<a href="/ladder/players/bob/">bob</a></td>\n<td class="num">2</td><td class="num">0</td>' in bob_row
    assert '<a href="/ladder/players/carol/">carol</a></td>\n<td class="num">0</td><td class="num">1</td>' in bob_row


def test_the_profile_counts_timeouts_and_the_average_time_to_move(client, alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    card = sorted(game.state["hands"]["south"])[0]
    services.move_submit(game_id=game.pk, user=bob, verb="pick", arg=card, expected_seq=game.seq)
    game.refresh_from_db()
    services.game_time_out(game_id=game.pk, role="north", at_seq=game.seq)
    alice_page = client.get(reverse("ladder:profile", args=["alice"])).content.decode()
    bob_page = client.get(reverse("ladder:profile", args=["bob"])).content.decode()
    assert "Games lost on time</dt><dd>1<" in alice_page
    assert "Games lost on time</dt><dd>0<" in bob_page
    assert " s <span" in bob_page  # bob moved once, seconds after the setup
    assert "coming" not in bob_page  # no placeholder on the profile


def test_an_unknown_player_has_no_profile(client):
    assert client.get(reverse("ladder:profile", args=["nobody"])).status_code == 404


def test_the_chart_maps_the_highest_rating_to_the_top_and_time_left_to_right():
    day = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
    drawn = chart.history_chart([(day, 1500), (day + datetime.timedelta(days=1), 1560), (day, 1480)])
    ys = [y for _, y, _ in drawn.dots]
    xs = [x for x, _, _ in drawn.dots]
    assert ys[1] < ys[0] < ys[2] and xs == sorted(xs)
    assert drawn.low <= 1480 and drawn.high >= 1560
    assert all(chart.TOP <= y <= drawn.height - chart.BOTTOM for y in ys)
    assert chart.history_chart([]) is None
    single = chart.history_chart([(day, 1500)])
    assert single.dots[0][0] == chart.LEFT + (chart.WIDTH - chart.LEFT - chart.RIGHT) / 2


@pytest.fixture
def ladder(make_user):
    ladder = Ladder.objects.create(title_id="duel", name="Duel ladder")
    for i in range(1, 9):
        ladders.ladder_join(ladder_id=ladder.pk, user=make_user(f"p{i}"))
    return ladder


def test_the_ladder_page_offers_challenges_only_within_reach(client, ladder):
    me = LadderEntry.objects.get(ladder=ladder, rung=8).user
    page = login(client, me).get(reverse("ladder:ladder", args=[ladder.pk])).content.decode()
    offered = [f"p{i}" for i in range(1, 9) if f'name="defender" value="p{i}"' in page]
    assert offered == ["p3", "p4", "p5", "p6", "p7"]
    assert "Leave ladder" in page and "You are on rung 8." in page


def test_a_refused_challenge_answers_422_with_the_reason_in_the_partial(client, ladder):
    me = LadderEntry.objects.get(ladder=ladder, rung=8).user
    response = login(client, me).post(reverse("ladder:challenge", args=[ladder.pk]), {"defender": "p1"},
                                      HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    body = response.content.decode()
    assert 'id="ladder-body"' in body and "7 rungs above you" in body and "<html" not in body


def test_a_challenge_from_the_page_starts_a_game_and_lists_it_as_open(client, ladder):
    me = LadderEntry.objects.get(ladder=ladder, rung=8).user
    response = login(client, me).post(reverse("ladder:challenge", args=[ladder.pk]), {"defender": "p7"},
                                      HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    challenge = Challenge.objects.get()
    assert f"game #{challenge.game_id}" in response.content.decode()
    assert "p8 (rung 8) challenges p7 (rung 7)" in response.content.decode()


def test_joining_without_htmx_redirects_back_with_a_message(client, alice, ladder):
    response = login(client, alice).post(reverse("ladder:join", args=[ladder.pk]), follow=True)
    assert "You joined the ladder at the bottom rung." in response.content.decode()
    assert LadderEntry.objects.get(ladder=ladder, user=alice).rung == 9


def test_anonymous_visitors_see_the_ladder_but_must_log_in_to_join(client, ladder):
    assert "Log in to join" in client.get(reverse("ladder:ladder", args=[ladder.pk])).content.decode()
    response = client.post(reverse("ladder:join", args=[ladder.pk]))
    assert response.status_code == 302 and "login" in response["Location"]


def test_recent_results_appear_on_the_ladder_page(client, ladder):
    p7, p8 = (LadderEntry.objects.get(ladder=ladder, rung=r).user for r in (7, 8))
    row = ladders.challenge_create(ladder_id=ladder.pk, challenger=p8, defender_username="p7")
    services.game_resign(game_id=row.game_id, user=p7)
    page = client.get(reverse("ladder:ladder", args=[ladder.pk])).content.decode()
    assert "p8 beat p7 and took rung 7" in page


def test_the_game_over_snippet_shows_each_players_rating_change(alice, bob):
    game = play(alice, bob)
    html = Template('{% include "ladder/_rating_changes.html" %}').render(Context({"game": game}))
    assert "alice" in html and "1500 → 1662 (+162)" in html and "(−162)" in html


def test_the_email_tag_gives_one_players_change(alice, bob, carol):
    game = play(alice, bob)
    template = Template("{% load ladder_tags %}{% rating_change_for game user as c %}"
                        "{% if c %}{{ c.rating_after|floatformat:0 }} ({{ c.delta|signed }}){% endif %}")
    assert template.render(Context({"game": game, "user": bob})) == "1338 (−162)"
    assert template.render(Context({"game": game, "user": carol})) == ""


def test_the_index_links_every_leaderboard_and_ladder(client, ladder):
    page = client.get(reverse("ladder:index")).content.decode()
    assert reverse("ladder:leaderboard", args=["duel"]) in page and reverse("ladder:ladder", args=[ladder.pk]) in page


def test_the_game_over_email_shows_the_rating_change(django_capture_on_commit_callbacks, mailoutbox, alice, bob):
    with django_capture_on_commit_callbacks(execute=True):
        play(alice, bob)
    bodies = {m.to[0]: m.body for m in mailoutbox if "1500 →" in m.body}
    assert "1500 → 1662" in bodies["alice@example.com"]
    assert "1500 → 1338" in bodies["bob@example.com"]
