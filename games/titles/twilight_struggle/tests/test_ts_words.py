"""Words that were keys or wrong on Twilight Struggle pages (issue 29, item 10)."""
import pytest
from django.urls import reverse
from django.utils import translation

from games.titles.twilight_struggle.templatetags.ts_board import UNTIL, ts_effects



def test_how_long_an_effect_lasts_is_said_in_words_never_as_a_key():
    view = {"effects": {"35": {"role": "us", "until": "us_china"}, "50": {"role": "ussr", "until": "us_round"},
                        "9": {"role": "ussr", "until": "something_new"}}}
    rows = {row["name"]: row["until"] for row in ts_effects(view)}
    assert rows["Formosan Resolution"] == "until the US plays the China Card"
    assert rows["We Will Bury You"] == "until the US's next action round"
    assert rows["Vietnam Revolts"] == ""  # an unknown key shows nothing, never "something new"
    with translation.override("ko"):
        assert {row["until"] for row in ts_effects(view)} >= {"미국이 중국 카드를 낼 때까지"}
    english = {key: str(words) for key, words in UNTIL.items()}
    for lang in ("ko", "ja", "es"):
        with translation.override(lang):
            assert all(str(words) != english[key] for key, words in UNTIL.items()), lang


@pytest.mark.django_db
def test_a_game_with_the_default_options_never_says_no_optional_rules(client, alice, bob):
    from games.play import services

    game = services.game_create(user=alice, title_id="twilight_struggle", creator_role="ussr")  # open, defaults
    client.force_login(bob)
    page = client.get(reverse("games:lobby")).content.decode()  # the open game's row says its options
    assert f"#{game.pk}" in page and "no optional rules" not in page and "The title's default options." in page
