"""The pace choices tell a player that Dead of Winter's survivor draft gets a longer window.

The draft is a "setup" step (games/clocks.PACES): everyone reads their survivors at once, so it
gets twice the normal window except on the live pace. The label names that window in the words
of the other windows, and says it in each language."""
import pytest
from django.utils import translation

from games import clocks
from games.web.forms import GameCreateForm

HOUR = clocks.HOUR
DRAFT_WORDS = {  # profile -> (setup window the label promises, the label's words for it)
    "brisk": (16 * HOUR, "16 for the survivor draft"),
    "daily": (48 * HOUR, "two days for the survivor draft"),
    "relaxed": (96 * HOUR, "four for the survivor draft"),
}
DRAFT_IN = {"ko": "생존자 드래프트", "ja": "生存者ドラフト", "es": "reparto de supervivientes"}


@pytest.mark.parametrize("profile", list(clocks.PACES))
def test_each_pace_label_names_the_survivor_draft_window_it_really_has(profile):
    window = clocks.PACES[profile]
    label = clocks.pace_name(profile)
    if window["setup"] == window["normal"]:  # live: the draft is a step like any other
        assert "draft" not in label
    else:
        seconds, words = DRAFT_WORDS[profile]
        assert window["setup"] == seconds and label.endswith(words + ")"), label


@pytest.mark.django_db
def test_the_create_form_offers_the_paces_with_their_draft_window():
    choices = dict(GameCreateForm().fields["pace"].choices)
    assert "two days for the survivor draft" in choices["daily"]


@pytest.mark.parametrize("lang", list(DRAFT_IN))
@pytest.mark.parametrize("profile", list(DRAFT_WORDS))
def test_the_draft_window_is_said_in_each_language(lang, profile):
    with translation.override(lang):
        label = clocks.pace_name(profile)
    assert DRAFT_IN[lang] in label and label != clocks.pace_name(profile)
