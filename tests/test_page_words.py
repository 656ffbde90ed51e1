"""Issue 29, item 20: no English group label on a translated page, and the
takeback picker shows whole move descriptions."""
from django.utils import translation

from games.rules.core import Prompt
from games.rules.core.flow import UNDO_CHOICE
from games.templatetags.game_tags import choice_sections


def test_the_undo_group_is_named_in_the_readers_language(duel):
    prompt = Prompt("Pick a card", (UNDO_CHOICE,), "")
    with translation.override("ko"):
        labels = [str(section["label"]) for section in choice_sections(prompt, duel)]
    assert labels and "Undo" not in labels


def test_the_takeback_picker_does_not_cut_a_move_description():
    text = open("templates/moderation/_game_panel.html", encoding="utf-8").read()
    assert "truncatechars" not in text
