"""The 1989 board: layout geometry, rendering, choices on the map and the hand, secrecy, words, speed."""
from __future__ import annotations

import itertools
import random
import re

import pytest
from django.urls import reverse

from games.titles.dawn_of_freedom import layout
from games.titles.dawn_of_freedom.rules import data
from tests.fixtures import without_card_texts

TITLE = "dawn_of_freedom"
QUERIES = 16  # the game page 100 moves in: 11-12 measured before the briefing (SQLite, PostgreSQL), which reads the seat's last move and the chat since; a read per move would be 100+


def start_game(alice, bob):
    """alice is the Communist, bob the Democrat."""
    from games.play import services

    game = services.game_create(user=alice, title_id=TITLE, creator_role="communist")
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def play_random(game, players: dict, moves: int, seed: int = 7, until=None) -> None:
    """Submit up to ``moves`` random legal moves through the real service; stop early when
    ``until(game)`` holds."""
    from games import engine
    from games.play import services
    from games.models import Game

    rng = random.Random(seed)
    rules = engine.rules_for(game)
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE or not game.active_roles or (until and until(game)):
            return
        role = game.active_roles[0]
        prompt = rules.prompt(game.state, role)
        offered = [c for c in prompt.choices if c.verb != "undo"] or list(prompt.choices)
        choice = rng.choice(offered)
        services.move_submit(game_id=game.pk, user=players[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)


# -- geometry ---------------------------------------------------------------------------------
def _crosses(p, q, box) -> bool:
    (x1, y1), (x2, y2), (cx, cy) = p, q, box
    for i in range(201):
        t = i / 200
        x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        if abs(x - cx) < layout.BOX_W / 2 + 2 and abs(y - cy) < layout.BOX_H / 2 + 2:
            return True
    return False


def test_every_space_has_a_place_and_no_two_overlap():
    assert sorted(layout.POS) == list(data.SPACE_IDS)
    for a, b in itertools.combinations(layout.POS, 2):
        (ax, ay), (bx, by) = layout.POS[a], layout.POS[b]
        assert abs(ax - bx) >= layout.BOX_W + 4 or abs(ay - by) >= layout.BOX_H + 4, (a, b)


def test_no_adjacency_line_runs_through_another_space():
    for s in data.SPACE_IDS:
        for t in data.ADJ[s]:
            if t > s:
                for other in data.SPACE_IDS:
                    if other not in (s, t):
                        assert not _crosses(layout.POS[s], layout.POS[t], layout.POS[other]), \
                            (data.NAME[s], data.NAME[t], data.NAME[other])


def test_the_six_cross_border_links_are_drawn():
    from games.titles.dawn_of_freedom.templatetags.dof_board import EDGES

    assert EDGES.count('class="cross"') == 6
    assert EDGES.count("<line") == sum(len(a) for a in data.ADJ) // 2


def test_systematization_links_are_drawn_on_the_map_ruling_24():
    """Reference ruling 24: the eliminated space's neighbours become adjacent;
    the map draws those links (the view's ``added_links``)."""
    from games.titles.dawn_of_freedom.templatetags.dof_board import _links_svg

    iasi, harghita = data.BY_KEY["iasi"], data.BY_KEY["harghita_covasna"]
    drawn = _links_svg({"added_links": [[iasi, harghita]]})
    assert drawn.count('<line class="rewired"') == 1
    assert _links_svg({"added_links": []}) == "" and _links_svg({}) == ""


def _struggle_panel(rank: int, lang: str = "en") -> str:
    from django.template.loader import render_to_string
    from django.utils import translation

    from games.titles.dawn_of_freedom.rules import RULES

    from .struggles import poland_example, ps_cards, struggle

    state = struggle(poland_example(), "democrat", 22)
    suit = "march" if rank > 1 else "rally_in_the_square"
    led = ps_cards("suited", suit, rank)[0]
    state["ps"]["lead"] = {"role": "democrat", "card": led, "suit": suit, "rank": rank}
    with translation.override(lang):
        html = render_to_string("dawn_of_freedom/board/struggle.html",
                                {"view": RULES.view(state, None), "picture": {"prompt": None, "role": None},
                                 "log": []})
    return re.sub(r"\s+", " ", html)


def test_struggle_panel_says_any_card_of_the_suit_answers_8_3_2():
    """8.3.2 step 2: the defender answers with a basic card of the suit led, a
    leader he can use, or Tactic Fails; step 3: the rank only sets his roll
    ("공격자가 쓴 카드 등급 이상의 숫자가 나와야 합니다") for the initiative, and a
    Rally in the Square (rank 1) answered takes it without a roll."""
    html = _struggle_panel(6)
    assert "at least that rank" not in html
    assert "any March card (whatever its rank), a leader he can use or Tactic Fails" in html
    assert "the defender rolls: 6 or more takes the initiative" in html
    rally = _struggle_panel(1)
    assert "takes the initiative without a roll" in rally and "rolls" not in rally
    for lang in ("ko", "ja", "es"):
        text = _struggle_panel(6, lang)
        assert "defender may answer" not in text and "Tactic Fails;" not in text, lang


# -- the page ---------------------------------------------------------------------------------
def visible(html: str) -> str:
    """The page without our own card summaries (they name other cards)."""
    return re.sub(r'<p class="dof-card-text">.*?</p>|<details class="dof-small">.*?</details>', "",
                  without_card_texts(html), flags=re.S)


@pytest.mark.django_db
def test_the_setup_page_draws_the_map_with_clickable_spaces(client, alice, bob):
    game = start_game(alice, bob)
    client.force_login(alice)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'class="dof-map"' in html
    assert html.count('class="sp ') == 75
    for name in ("Berlin", "Gdańsk", "Praha", "Budapest", "Bucureşti", "Sofia"):
        assert f'data-name="{name}"' in html
    clickable = re.findall(r'data-space="(\d+)"[^>]*data-dof-choice', html)
    assert clickable, "set-up placements are clicks on the map"
    assert "Tiananmen Square Track" in html and "U.S.S.R. stability" in html
    assert "Reformer Memorialized" in html
    for country in ("East Germany", "Poland", "Czechoslovakia", "Hungary", "Romania", "Bulgaria"):
        assert country in html


@pytest.mark.django_db
def test_mid_game_pages_show_own_hand_never_the_other(client, alice, bob):
    game = start_game(alice, bob)
    play_random(game, {"communist": alice, "democrat": bob}, 60, seed=3)
    game.refresh_from_db()
    for user, role, other in ((alice, "communist", "democrat"), (bob, "democrat", "communist")):
        client.force_login(user)
        html = visible(client.get(reverse("games:detail", args=[game.pk])).content.decode())
        for n in game.state["hands"][role]:
            assert f'data-card="{n}"' in html
        for n in game.state["hands"][other]:
            assert f'data-card="{n}"' not in html


@pytest.mark.django_db
def test_a_running_power_struggle_shows_counts_and_only_the_viewers_cards(client, alice, bob, monkeypatch):
    from games.play import services

    monkeypatch.setattr(services.secrets, "randbits", lambda bits: 20261124)  # a fixed game seed
    game = start_game(alice, bob)
    play_random(game, {"communist": alice, "democrat": bob}, 3000, seed=3,
                until=lambda g: g.state.get("ps") and any(g.state["ps"]["hands"][r] for r in data.ROLES))
    game.refresh_from_db()
    ps = game.state["ps"]
    assert ps, "random play reached a power struggle"
    for user, role, other in ((alice, "communist", "democrat"), (bob, "democrat", "communist")):
        client.force_login(user)
        html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
        assert "data-dof-struggle" in html
        country = data.COUNTRY_NAME[ps["country"]]
        assert f"Power struggle in {country}" in html
        mine = set(ps["hands"][role])
        for i in mine:
            assert f'data-ps-card="{i}"' in html
        for i in set(ps["hands"][other]) - mine:
            assert f'data-ps-card="{i}"' not in html
        assert f'{data.ROLES[0].title()}: {len(ps["hands"]["communist"])} cards' in html


@pytest.mark.django_db
def test_every_log_line_of_a_long_game_is_a_sentence(client, alice, bob):
    from games import engine
    from games.titles.dawn_of_freedom.presentation import PRESENTATION
    from games.titles.dawn_of_freedom.sentences import tells_nothing

    game = start_game(alice, bob)
    play_random(game, {"communist": alice, "democrat": bob}, 300, seed=5)
    game.refresh_from_db()
    for line in engine.public_log(game):
        text = PRESENTATION.log_sentence(line)
        if tells_nothing(line):
            continue
        assert text and "{" not in text and "_" not in text, (line, text)


@pytest.mark.django_db
def test_the_page_after_random_moves_costs_a_bounded_number_of_queries(
        client, alice, bob, django_assert_max_num_queries):
    """A game 100 moves in still reads a fixed handful of rows (its speed
    is bench/dof_page.py's, measured next to a floor; tests never time)."""
    game = start_game(alice, bob)
    play_random(game, {"communist": alice, "democrat": bob}, 100, seed=11)
    client.force_login(alice)
    url = reverse("games:detail", args=[game.pk])
    client.get(url)
    with django_assert_max_num_queries(QUERIES):
        response = client.get(url)
    assert response.status_code == 200 and b"dof-summary" in response.content


def test_a_finished_struggle_shows_its_aftermath_until_the_next_card_is_played():
    from games.titles.dawn_of_freedom.templatetags.dof_board import dof_dice, dof_struggle

    log = [{"kind": "play", "role": "democrat", "card": 22, "use": "event", "text": "played"},
           {"kind": "struggle", "country": "poland", "attacker": "communist", "text": "begins"},
           {"kind": "support_loss_roll", "role": "democrat", "roll": 3, "mod": 2, "lose": 2, "text": "loss"},
           {"kind": "struggle_vp_roll", "role": "communist", "roll": 6, "mod": 2, "vp": 4, "text": "vp"},
           {"kind": "struggle_over", "country": "poland", "text": "over"}]
    ps = dof_struggle({"struggle": None}, None, log)
    assert ps["country"] == "Poland" and not ps["live"]
    assert ps["loss"]["total"] == 5 and ps["vp_roll"]["row"] == 7
    assert [r["n"] for r in ps["table"] if r["used"]] == [4] and [r["n"] for r in ps["table"] if r["loss_used"]] == [2]
    assert dof_struggle({"struggle": None}, None, log + [{"kind": "play", "text": "next"}]) is None
    assert [d["roll"] for d in dof_dice(log[:4])] == [3, 6]


@pytest.mark.django_db
def test_turn_mails_never_name_the_other_sides_hidden_cards(alice, bob, settings, django_capture_on_commit_callbacks):
    import json

    from django.core import mail

    from games import engine

    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(alice, bob)
        play_random(game, {"communist": alice, "democrat": bob}, 40, seed=9)
    game.refresh_from_db()
    public = json.dumps(engine.public_log(game))
    sent = 0
    for user, other in ((alice, "democrat"), (bob, "communist")):
        secret = [data.CARD_NAME[n] for n in game.state["hands"][other] if f'"card": {n}' not in public]
        for message in mail.outbox:
            if user.email in message.to:
                sent += 1
                body = message.body + "".join(alt[0] for alt in message.alternatives)
                assert not [name for name in secret if name in body], message.subject
    assert sent, "turn mails were sent"


def test_a_moderators_audited_look_names_the_cards_never_their_numbers():
    from games.titles.dawn_of_freedom.names import card_name
    from games.titles.dawn_of_freedom.presentation import PRESENTATION as SHOW

    words = SHOW.hand_text([2, 24, 25])
    assert words == [card_name(2), card_name(24), card_name(25)]
    assert not any(word.strip().isdigit() for word in words)


def test_power_struggle_cards_say_why_they_can_or_cannot_be_played_2_3_2():
    """2.3.2: a leader needs a controlled space of its type in the country. In the
    Poland example the Democrat controls worker spaces (Wroclaw, Krakow) but not
    the Jagiellonian University: his Worker Leader answers, his Student Leader
    says why it cannot; wild cards say what they do; a suited card that does not
    match the lead says so."""
    from games.titles.dawn_of_freedom.rules import RULES
    from games.titles.dawn_of_freedom.rules.data import SUPPORT_SURGES, TACTIC_FAILS
    from games.titles.dawn_of_freedom.rules.struggle import Respond
    from games.titles.dawn_of_freedom.templatetags.dof_board import dof_struggle

    from .struggles import poland_example, ps_cards, struggle

    worker, student = ps_cards("leader", "worker")[0], ps_cards("leader", "student")[0]
    strike = ps_cards("suited", "strike")[0]
    state = struggle(poland_example(), "democrat", 22)
    size = len(state["ps"]["hands"]["democrat"])
    mine = [worker, student, TACTIC_FAILS, SUPPORT_SURGES, strike]
    rest = [c for c in ps_cards("suited", "petition") if c not in mine]
    mine += rest[:size - len(mine)]
    pool = state["ps"]["hands"]["communist"] + state["ps"]["hands"]["democrat"] + state["ps"]["deck"]
    others = [c for c in pool if c not in mine][:len(state["ps"]["hands"]["communist"])]
    state["ps"]["hands"] = {"democrat": sorted(mine), "communist": sorted(others)}
    state["ps"]["deck"] = [c for c in pool if c not in mine and c not in others]
    march = ps_cards("suited", "march", 3)[0]
    state["ps"]["lead"] = {"role": "communist", "card": march, "suit": "march", "rank": 3}
    prompt = Respond().prompt(state, {}, "democrat")
    panel = dof_struggle(RULES.view(state, "democrat"), prompt)
    notes = {c["id"]: c["note"] for c in panel["hand"]}
    assert notes[worker].startswith("Usable (you control a worker space in Poland)")
    assert notes[student] == "Cannot be used: you control no student space in Poland."
    assert "out of play" in notes[TACTIC_FAILS] and "draw two cards" in notes[SUPPORT_SURGES]
    assert notes[strike] == "Does not answer March."
    buttons = {c["id"]: bool(c["choices"]) for c in panel["hand"]}
    assert buttons[worker] and buttons[TACTIC_FAILS] and not buttons[student] and not buttons[strike]
    assert RULES.view(state, None)["struggle"]["idle_leaders"] == []


def test_the_played_card_panel_shows_both_cards_of_a_power_struggle_exchange_8_3_2():
    """While a struggle runs, the "being played" panel shows the card led and the
    answer with what happened; once the next card is played they are gone."""
    from games.titles.dawn_of_freedom.presentation import PRESENTATION

    from .struggles import ps_cards

    led, answer = ps_cards("suited", "march", 3)[0], ps_cards("suited", "march", 5)[0]
    lines = [{"kind": "struggle", "country": "poland", "attacker": "democrat"},
             {"kind": "ps_lead", "role": "democrat", "ps_card": led, "suit": "march", "rank": 3}]
    shown = PRESENTATION.playing({}, lines)
    assert [c.name for c in shown] == ["March 3"] and shown[0].text == "The Democrat leads March 3 as March (rank 3)."
    lines.append({"kind": "ps_match", "role": "communist", "ps_card": answer, "roll": 4, "initiative": True})
    shown = PRESENTATION.playing({}, lines)
    assert [c.name for c in shown] == ["March 3", "March 5"] and "answers with March 5" in shown[1].text
    lines[-1] = {"kind": "ps_tactic_fails", "role": "communist", "suit": "march"}
    assert [c.name for c in PRESENTATION.playing({}, lines)] == ["March 3", "Tactic Fails"]
    assert PRESENTATION.playing({}, lines + [{"kind": "play", "role": "democrat", "card": 5, "use": "ops"}]) == []


@pytest.mark.django_db
def test_each_card_in_hand_shows_its_whole_text_without_a_toggle(client, alice, bob):
    """Issue 29 item 7: the text of every card in the player's hand is there in full
    (our own words), never cut with "…" behind a toggle."""
    from django.utils.html import escape

    from games.titles.dawn_of_freedom.names import card

    game = start_game(alice, bob)
    client.force_login(alice)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    hand = game.state["hands"]["communist"]
    assert hand
    for n in hand:
        assert f'<p class="dof-card-text">{escape(card(n)["summary"])}</p>' in html
    assert 'class="dof-card-text"><summary>' not in html
