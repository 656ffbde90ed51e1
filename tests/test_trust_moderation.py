"""Issue 27, items 5 and 6: a moderator who plays is a player in that game.

5. A moderator seated in a game sees what that seat sees, on the moderation
   pages too: another moderator's audited look at an opponent's hand shows
   which seat was looked at, never its cards.
6. A moderator who plays with or against someone cannot sanction them, with
   or without a game or report in the form."""
import pytest
from django.urls import reverse

from games.errors import Forbidden
from games.models import Hand
from games.moderation import actions, sanctions
from games.moderation.models import Report, UserSanction
from games.play import services
from tests.test_moderation_fixtures import fresh_cache, make_moderator, mod, suspension_middleware  # noqa: F401

pytestmark = pytest.mark.django_db
WHY = "checking a leak claim"
HIDDEN = "hidden: you play in this game"


@pytest.fixture
def playing_mod(make_user):
    return make_moderator(make_user, "modplayer")


@pytest.fixture
def mod_game(playing_mod, bob):
    """A started Duel: the playing moderator is north, bob south."""
    game = services.game_create(user=playing_mod, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def hand_details(page) -> str:
    return next(e.details for e in page.context["entries"] if e.action == "hand_view")


def test_a_seated_moderator_never_reads_another_moderators_look_at_the_opponents_hand(
        client, mod_game, mod, playing_mod):
    actions.hand_view(game_id=mod_game.pk, role="south", moderator=mod, reason=WHY)
    client.force_login(playing_mod)
    for url in (reverse("moderation:game_audit", args=[mod_game.pk]), reverse("moderation:audit")):
        details = hand_details(client.get(url))
        assert HIDDEN in details and "South" in details, url
    client.force_login(mod)  # the moderator who looked, uninvolved, reads the cards in words
    cards = Hand.objects.get(game=mod_game, role="south").cards
    details = hand_details(client.get(reverse("moderation:game_audit", args=[mod_game.pk])))
    assert HIDDEN not in details and all(str(card) in details for card in cards)


def test_a_seated_moderator_reads_a_look_at_their_own_seat(client, mod_game, mod, playing_mod):
    actions.hand_view(game_id=mod_game.pk, role="north", moderator=mod, reason=WHY)
    client.force_login(playing_mod)
    assert HIDDEN not in hand_details(client.get(reverse("moderation:game_audit", args=[mod_game.pk])))


def test_a_moderator_who_plays_cannot_sanction_an_opponent_whatever_the_form_says(
        client, mod_game, playing_mod, mod, bob):
    with pytest.raises(Forbidden):
        sanctions.sanction_create(user=bob, kind="mute", moderator=playing_mod, reason="insults", days=1)
    report = Report.objects.create(game=mod_game, reporter=playing_mod, kind="abusive_chat", text="rude")
    with pytest.raises(Forbidden):
        sanctions.sanction_create(user=bob, kind="warn", moderator=playing_mod, reason="insults", report=report)
    client.force_login(playing_mod)
    client.post(reverse("moderation:sanction", args=[bob.pk]), {"kind": "mute", "reason": "insults", "days": "1"})
    assert not UserSanction.objects.filter(user=bob).exists()
    assert sanctions.sanction_create(user=bob, kind="warn", moderator=mod, reason="insults").pk  # uninvolved
