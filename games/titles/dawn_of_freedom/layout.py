"""Our own schematic 1989 map: space centres on a grid, grouped by country.

Not a copy of any published map art. Each country is a block of grid cells
placed roughly where it lies (East Germany and Poland on top, Czechoslovakia
under them, Hungary below, Romania to the south-east, Bulgaria under Romania);
inside a block the spaces sit so that adjacency lines are short and do not
cross other spaces (`tests/test_dof_board.py` checks that). Space ids are
those of ``rules/data`` (1-75).
"""
from __future__ import annotations

COL, ROW = 128, 70  # one grid cell in pixels
BOX_W, BOX_H = 108, 54
LEFT, TOP = 66, 58

# country -> (origin column, origin row) of its block
ORIGIN = {"east_germany": (0, 0), "poland": (4.5, 0), "czechoslovakia": (1.5, 4.5),
          "hungary": (2, 6.8), "romania": (7.5, 6.0), "bulgaria": (7.5, 10.6)}

# space id -> (column, row) inside its country's block
CELLS: dict[int, tuple[int, int]] = {
    # East Germany
    1: (0, 0), 2: (1, 0), 4: (3, 0), 3: (1, 1), 5: (2, 1), 7: (0, 2), 8: (1, 2), 9: (2, 2), 6: (3, 2),
    10: (0, 3), 11: (1, 3), 12: (3, 3),
    # Poland
    13: (0, 0), 14: (2, 0), 18: (4, 0), 16: (1, 1), 15: (2, 1), 17: (3, 1), 19: (0, 2), 20: (1, 2),
    21: (2, 2), 24: (4, 2), 22: (0, 3), 23: (1, 3), 25: (2, 3), 26: (3, 3),
    # Czechoslovakia
    27: (0, 0), 29: (1, 0), 32: (2, 0), 33: (3, 0), 35: (4, 0), 36: (5, 0), 28: (0, 1), 30: (1, 1),
    31: (2, 1), 34: (3, 1), 37: (5, 1),
    # Hungary
    38: (0, 0), 39: (1, 0), 40: (2, 0), 41: (3, 0), 42: (4, 0), 43: (0, 1), 44: (1, 1), 45: (2, 1),
    48: (3, 1), 46: (1, 2), 47: (2, 2), 49: (3, 2),
    # Romania
    55: (0, 0), 54: (1, 0), 56: (2, 0), 52: (3, 0), 53: (4, 0), 51: (1, 1), 57: (3, 1), 50: (0, 2),
    58: (1, 2), 61: (2, 2), 59: (3, 2), 62: (4, 2), 60: (1, 3), 63: (3, 3),
    # Bulgaria
    64: (0, 0), 65: (1, 0), 70: (2, 0), 72: (3, 0), 67: (0, 1), 68: (1, 1), 66: (2, 1), 71: (3, 1),
    73: (0, 2), 74: (1, 2), 69: (2, 2), 75: (1, 3),
}
COUNTRY_OF_BLOCK = {}  # filled below: space id -> country


def _centres() -> dict[int, tuple[int, int]]:
    from .rules.data import COUNTRY_SPACES

    out = {}
    for country, spaces in COUNTRY_SPACES.items():
        ox, oy = ORIGIN[country]
        for s in spaces:
            cx, cy = CELLS[s]
            out[s] = (round(LEFT + (ox + cx) * COL), round(TOP + (oy + cy) * ROW))
            COUNTRY_OF_BLOCK[s] = country
    return out


POS = _centres()
WIDTH = max(x for x, _ in POS.values()) + BOX_W // 2 + 20
HEIGHT = max(y for _, y in POS.values()) + BOX_H // 2 + 20

# the six countries' scoring boxes: (x, y) top-left, in the free space right of Poland
SCORE_X, SCORE_Y, SCORE_W, SCORE_H = round(LEFT + 8.5 * COL + BOX_W // 2 + 30), 12, 360, 60
