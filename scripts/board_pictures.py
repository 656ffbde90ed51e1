"""Draw the home page's picture of each title's board (not a test: run it by hand).

    .venv/bin/python -m pytest -p no:randomly -q scripts/board_pictures.py

For each offered title with a ``picture`` (its presentation), a game is started
with a fixed seed and played for a few dozen random legal moves through the
move pipeline; Chromium opens it as a spectator at 1400x900 and saves the part
of the page the title names (``picture_of``) as a 640x400 JPEG into the title's
static folder. The pictures are the site's own drawing of the board (no
published art). Commit the files it writes.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from games.engine import registry
from games.play import services
from games.rules.core import rng, undo
from games.rules.core.testing import pick

MOVES = 60
NAMES = ("ana", "ben", "chloe", "dmitri", "eun", "farid", "gwen", "hiro", "ines", "jon", "kai", "lena", "mo", "nadia",
         "oskar", "priya", "quinn", "rosa", "sami", "tomo", "uma", "vik", "wen", "xavi", "yuki", "zoe")
ROOT = Path(__file__).resolve().parent.parent


def _static_dir(title_id: str) -> Path:
    return ROOT / "games" / "titles" / title_id / "static"


def _play(game, users: dict, seed: int) -> None:
    rules = registry.get(game.title_id)
    picker = {"rng": rng.new(seed)}
    for _ in range(MOVES):
        game.refresh_from_db()
        if game.status != "active":
            return
        role = pick(picker, game.active_roles)
        plain = [c for c in rules.prompt(game.state, role).choices if c.verb != undo.UNDO]
        choice = pick(picker, plain)
        services.move_submit(game_id=game.pk, user=users[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_draw_the_board_pictures(browser, live_server, make_user, monkeypatch):
    from tests.fixtures import logged_in_page

    monkeypatch.setattr(services.secrets, "randbits", lambda bits: 1989)  # the same game every time
    viewer = make_user("visitor")
    names = iter(NAMES)
    for rules in registry.offered():
        show = registry.presentation(rules.title_id)
        if not show.picture:
            continue
        roles = rules.roles(rules.scenarios()[0], rules.default_options())
        users = [make_user(next(names)) for _ in roles]
        game = services.game_create(user=users[0], title_id=rules.title_id, options={})
        for user in users[1:]:
            services.seat_join(game_id=game.pk, user=user)
        game.refresh_from_db()
        _play(game, {s.role: s.user for s in game.seats.select_related("user")}, seed=7)
        page = logged_in_page(browser, live_server, viewer, 1400, 900)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_load_state("networkidle")
        page.evaluate("""() => document.querySelectorAll('.marks-toggle, .ts-map-tools, .dof-map-tools')
                                 .forEach(el => { el.style.display = 'none'; })""")
        box = page.locator(show.picture_of).first.bounding_box()
        clip = {"x": box["x"], "y": box["y"], "width": min(box["width"], 1280), "height": min(box["width"], 1280) * 5 / 8}
        target = _static_dir(rules.title_id) / show.picture
        page.set_viewport_size({"width": 1400, "height": int(clip["y"] + clip["height"]) + 10})
        shot = page.screenshot(clip=clip, type="jpeg", quality=70)
        page.context.close()
        scaled = _scaled(browser, shot, 640)
        target.write_bytes(scaled)
        print(f"{target.relative_to(ROOT)}: {len(scaled) // 1024} kB")


def _scaled(browser, jpeg: bytes, width: int) -> bytes:
    """The picture at ``width`` pixels wide (Chromium draws it smaller; no imaging library needed)."""
    import base64

    page = browser.new_page(viewport={"width": width, "height": width * 5 // 8})
    data = base64.b64encode(jpeg).decode()
    page.set_content(f'<body style="margin:0"><img src="data:image/jpeg;base64,{data}" '
                     f'style="display:block;width:{width}px;height:{width * 5 // 8}px;object-fit:cover;object-position:top left"></body>')
    page.wait_for_load_state("load")
    out = page.screenshot(type="jpeg", quality=72)
    page.close()
    return out
