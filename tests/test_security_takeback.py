"""Issue 22, part 5: a takeback never replays a die roll the asking player has
seen. A takeback rolls the game back to the state after an earlier move,
random generator included, so across a roll the same roll would come again.
Decision: takebacks stop at the last random event, as undo does; a move
after it can still be taken back."""
import pytest
from django.urls import reverse

from games.errors import BadRequest
from games.moderation import services as moderation
from games.moderation.models import TakebackRequest
from tests.test_moderation_fixtures import pick, play

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def rolls(game):
    return list(game.moves.filter(verb="roll", rolled_back=False).values_list("seq", "role"))


def test_the_roll_itself_and_any_move_before_it_cannot_be_taken_back(duel, alice, bob):
    play(duel, alice, bob, rounds=1)
    (roll_seq, _roller), = rolls(duel)
    for seq in (roll_seq, roll_seq - 1, 2):
        own = duel.moves.get(seq=seq)
        user = alice if own.role == "north" else bob
        with pytest.raises(BadRequest, match="Dice were rolled"):
            moderation.takeback_request(game=duel, user=user, move_seq=seq)
    assert not TakebackRequest.objects.exists()


def test_the_page_says_why_and_keeps_nothing(client, duel, alice, bob):
    play(duel, alice, bob, rounds=1)
    client.force_login(alice)
    own = duel.moves.filter(role="north").exclude(verb__startswith=".").order_by("-seq").first()
    response = client.post(reverse("moderation:takeback_request", args=[duel.pk]), {"move_seq": own.seq}, **HTMX)
    assert response.status_code == 422 and "Dice were rolled" in response.content.decode()
    assert not TakebackRequest.objects.exists()


def test_a_move_after_the_last_roll_is_taken_back_with_the_generator_where_it_was(duel, alice, bob):
    play(duel, alice, bob, rounds=1)
    duel.refresh_from_db()
    generator_before = dict(duel.state["rng"])
    card = pick(duel, alice, "north")
    takeback = moderation.takeback_request(game=duel, user=alice, move_seq=duel.seq)
    moderation.takeback_answer(request_id=takeback.pk, user=bob, answer="accept")
    duel.refresh_from_db()
    assert card in duel.state["hands"]["north"] and duel.state["rng"] == generator_before


def test_chance_since_sees_a_roll_and_only_a_roll(duel, alice, bob):
    play(duel, alice, bob, rounds=1)
    (roll_seq, _role), = rolls(duel)
    assert moderation.chance_since(duel, roll_seq - 1) is True
    assert moderation.chance_since(duel, roll_seq) is False
