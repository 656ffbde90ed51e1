"""Issue 29 item 13: a placement of several SPs (one move per point) reads as one
log line, grouped by space in the order placed, numbered with its last move."""
from types import SimpleNamespace

from django.utils import translation

from games.titles.dawn_of_freedom.presentation import PRESENTATION
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.data import NAME
from games.web.views import grouped_lines

LEIPZIG, BERLIN = NAME.index("Leipzig"), NAME.index("Berlin")


def shown(raw: list[dict]) -> list[dict]:
    return [{**line, "text": PRESENTATION.log_sentence(line), "places": PRESENTATION.line_places(line)}
            for line in raw]


def test_three_points_in_two_spaces_read_as_one_line():
    raw = [{"kind": "place", "role": "democrat", "space": space, "cost": cost, "seq": seq}
           for seq, (space, cost) in enumerate([(LEIPZIG, 1), (LEIPZIG, 1), (BERLIN, 2)], start=5)]
    raw.append({"kind": "vp", "change": 2, "vp": 5, "seq": 8, "why": "scoring"})
    out = grouped_lines(SimpleNamespace(title_id=RULES.title_id), shown(raw))
    assert len(out) == 2
    assert out[0]["text"] == "The Democrat places 3 SPs: Leipzig 2, Berlin 1 (cost 4)."
    assert out[0]["seq"] == 7 and {("space", str(LEIPZIG)), ("space", str(BERLIN))} <= set(out[0]["places"])
    with translation.override("ko"):
        assert "Leipzig" not in grouped_lines(SimpleNamespace(title_id=RULES.title_id), shown(raw))[0]["text"]


def test_a_single_point_and_the_other_sides_points_stay_their_own_lines():
    raw = [{"kind": "place", "role": "democrat", "space": LEIPZIG, "cost": 1, "seq": 1},
           {"kind": "place", "role": "communist", "space": BERLIN, "cost": 1, "seq": 2}]
    out = grouped_lines(SimpleNamespace(title_id=RULES.title_id), shown(raw))
    assert [line["text"] for line in out] == [PRESENTATION.log_sentence(raw[0]), PRESENTATION.log_sentence(raw[1])]
