"""A move made against choices another seat's move has since changed is stale
(409 with the choices now), not illegal (422): issue 34, a simultaneous step
where one seat's input narrows another's ("attack 18>2 is not one of your
choices now" under load)."""
import json

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.errors import IllegalMove, StaleMove
from games.models import Move
from games.play import services
from games.rules.core import Prompt
from tests.example_game.rules import Pick

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def narrowing(monkeypatch):
    """A simultaneous pick in which, once the other player has picked, a
    player may no longer pick their lowest card (one seat's input changes the
    other's choices, as in a team title's simultaneous steps)."""
    plain = Pick.prompt

    def prompt(self, state, frame, role):
        offered = plain(self, state, frame, role)
        if not frame["picks"]:
            return offered
        return Prompt(offered.text, offered.choices[1:], offered.waiting_text)

    monkeypatch.setattr(Pick, "prompt", prompt)


def lowest(game, role):
    return sorted(game.state["hands"][role])[0]


def test_a_choice_taken_away_by_another_seats_move_is_stale_with_the_choices_now(narrowing, duel, alice, bob):
    loaded, card = duel.seq, lowest(duel, "north")  # alice loads the page: her lowest card is a choice
    services.move_submit(game_id=duel.pk, user=bob, verb="pick", arg=lowest(duel, "south"), expected_seq=loaded)
    with pytest.raises(StaleMove) as caught:
        services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=card, expected_seq=loaded)
    assert caught.value.seq == loaded + 1
    assert card not in [c.arg for c in caught.value.prompt.choices] and caught.value.prompt.choices
    assert not Move.objects.filter(game=duel, role="north").exists()


def test_a_choice_never_offered_stays_illegal_after_another_seats_move(narrowing, duel, alice, bob):
    loaded = duel.seq
    services.move_submit(game_id=duel.pk, user=bob, verb="pick", arg=lowest(duel, "south"), expected_seq=loaded)
    foreign = duel.state["hands"]["south"][-1]
    with pytest.raises(IllegalMove):
        services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=foreign, expected_seq=loaded)


def test_the_api_answers_409_with_the_seats_prompt_now(narrowing, duel, alice, bob):
    loaded, card = duel.seq, lowest(duel, "north")
    services.move_submit(game_id=duel.pk, user=bob, verb="pick", arg=lowest(duel, "south"), expected_seq=loaded)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=alice)[0].key}")
    response = client.post(f"/api/games/{duel.pk}/actions/", {"verb": "pick", "arg": card, "expected_seq": loaded},
                           format="json")
    body = response.json()
    assert response.status_code == 409 and body["error"] == "stale" and body["detail"]
    assert body["seq"] == loaded + 1
    offered = [c["arg"] for c in body["prompt"]["choices"]]
    assert offered and card not in offered and all(c["display_label"] for c in body["prompt"]["choices"])


def test_the_page_answers_409_with_the_panel_showing_the_choices_now(narrowing, client, duel, alice, bob):
    loaded, card = duel.seq, lowest(duel, "north")
    services.move_submit(game_id=duel.pk, user=bob, verb="pick", arg=lowest(duel, "south"), expected_seq=loaded)
    client.force_login(alice)
    response = client.post(reverse("games:act", args=[duel.pk]),
                           {"verb": "pick", "arg": json.dumps(card), "expected_seq": str(loaded)}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 409 and 'id="game-panel"' in html
    assert "has moved on since you loaded it" in html
    duel.refresh_from_db()
    assert f'data-seq="{duel.seq}"' in html or f'value="{duel.seq}"' in html
