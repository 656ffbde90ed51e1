"""Issue 29, item 20: no English group label on a translated page, and the
takeback picker shows whole move descriptions."""
from django.utils import translation

from games.rules.core import Prompt
from games.rules.core.flow import UNDO_CHOICE
from games.templatetags.game_tags import choice_sections


def test_the_undo_group_has_no_english_label_beside_its_translated_button(duel):
    other = UNDO_CHOICE._replace(label="Take back my last step") if hasattr(UNDO_CHOICE, "_replace") else UNDO_CHOICE
    for choice in (UNDO_CHOICE, other):
        with translation.override("ko"):
            labels = [str(section["label"]) for section in choice_sections(Prompt("x", (choice,), ""), duel)]
        assert labels == [""]  # the button alone, in the reader's words


def test_the_takeback_picker_does_not_cut_a_move_description():
    text = open("templates/moderation/_game_panel.html", encoding="utf-8").read()
    assert "truncatechars" not in text
