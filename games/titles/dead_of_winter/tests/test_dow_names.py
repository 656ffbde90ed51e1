"""Issue 29 item 5: names, not seat labels. Where the site knows who sits where,
sentences, the board and the prompts say "fay (Player 3)"; the rules and a
sentence made outside any game still say "Player 3"."""
import html as html_lib
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.engine.naming import named
from games.models import Game
from games.play import services
from games.titles.dead_of_winter import names as N
from games.titles.dead_of_winter.presentation import PRESENTATION
from games.titles.dead_of_winter.rules import RULES


def test_a_seat_is_named_only_while_names_are_set():
    vote = {"kind": "votes", "votes": {"p1": "p3", "p2": "p3"}}
    assert N.role("p3") == "Player 3"
    with named(lambda: {"p3": "fay", "p1": "ada"}):
        assert N.role("p3") == "fay (Player 3)" and N.role("p2") == "Player 2"
        assert "fay (Player 3)" in PRESENTATION.log_sentence(vote)
        assert PRESENTATION.action_text("p1", "tactic", 0) == "ada (Player 1) chose a tactic."
        with translation.override("ko"):
            assert N.role("p3").startswith("fay (") and "Player" not in N.role("p3")
    assert "fay" not in PRESENTATION.log_sentence(vote)


def test_the_names_are_loaded_once_and_only_when_asked():
    calls = []

    def load():
        calls.append(1)
        return {"p1": "ada"}
    with named(load):
        assert not calls
        assert N.role("p1") == N.role("p1") == "ada (Player 1)"
    assert calls == [1]


def page_text(response) -> str:
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.django_db
def test_the_page_the_log_and_the_briefing_name_the_players(client, make_user):
    users = [make_user(name) for name in ("ada", "bo", "cy", "fay")]
    created = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": 4})
    for user in users[1:]:
        services.seat_join(game_id=created.pk, user=user)
    game = Game.objects.get(pk=created.pk)
    by_user = {s.user_id: s for s in game.seats.select_related("user")}
    named_seat = {s.role: f"{s.user.username} ({PRESENTATION.role_label(s.role)})" for s in by_user.values()}
    reader = users[0]
    client.force_login(reader)
    client.get(reverse("games:detail", args=[game.pk]))  # the reader has looked
    for _ in range(3):  # others move: the reader's briefing tells of them
        game.refresh_from_db()
        role = next(r for r in game.active_roles if r != by_user[reader.pk].role) if \
            any(r != by_user[reader.pk].role for r in game.active_roles) else game.active_roles[0]
        user = next(s.user for s in by_user.values() if s.role == role)
        action = RULES.default_action(game.state, role)
        services.move_submit(game_id=game.pk, user=user, verb=action.verb, arg=action.arg, expected_seq=game.seq)
    page = page_text(client.get(reverse("games:detail", args=[game.pk])))
    assert any(words in page for words in named_seat.values()), "the page names no player"
    log_page = page_text(client.get(reverse("games:log", args=[game.pk])))
    assert any(words in log_page for words in named_seat.values()), "the log names no player"
    told = client.get(reverse("api:briefing", args=[game.pk])).json()
    assert any(words in str(told) for words in named_seat.values()), str(told)[:400]
    assert N.role("p1") == "Player 1"  # nothing leaks past the request
