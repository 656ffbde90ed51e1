"""1989 log lines say their words, never the rules' keys (issue 29, item 10): how the
ops are used, how long an effect lasts, which effect ends; a deal of no cards says nothing."""
import pytest
from django.utils import translation

from games.titles.dawn_of_freedom.presentation import PRESENTATION
from games.titles.dawn_of_freedom.rules.data import CARD_NAME

PERESTROIKA = next(n for n, name in CARD_NAME.items() if name == "Perestroika")
LINES = [
    ({"kind": "ops", "role": "democrat", "ops": 3, "mode": "check"}, "The Democrat uses 3 ops for support checks."),
    ({"kind": "ops", "role": "communist", "ops": 2, "mode": "place"}, "The Communist uses 2 ops for placing support."),
    ({"kind": "effect", "card": PERESTROIKA, "until": "turn"}, "Perestroika stays in effect (until the end of the turn)."),
    ({"kind": "effect_ends", "effect": str(PERESTROIKA)}, "A lasting effect ends (Perestroika)."),
    ({"kind": "effect_ends", "effect": "only"}, "A lasting effect ends (one operation at a time)."),
]


@pytest.mark.parametrize("line, text", LINES)
def test_a_line_says_its_words(line, text):
    assert PRESENTATION.log_sentence(line) == text


@pytest.mark.parametrize("lang, words", [("ko", "지지도 공격"), ("ja", "支持チェック"), ("es", "comprobaciones de apoyo")])
def test_the_words_read_in_each_language(lang, words):
    with translation.override(lang):
        text = PRESENTATION.log_sentence(LINES[0][0])
        until = PRESENTATION.log_sentence(LINES[2][0])
    assert words in text and "check" not in text
    assert "until the end of the turn" not in until and "(" in until


def test_a_deal_of_no_cards_says_nothing_and_a_deal_says_how_many():
    assert PRESENTATION.log_sentence({"kind": "deal", "counts": {"communist": 0, "democrat": 0}}) == ""
    assert "2 to the Communist" in PRESENTATION.log_sentence({"kind": "deal", "counts": {"communist": 2, "democrat": 0}})
