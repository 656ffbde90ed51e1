"""The Warring Colonies table page (issue 21): what each seat sees on the board.

The site seats 4 players through ``game_create``/``seat_join``; other player
counts are rendered from rules states (the board template on one role's view
and prompt), like the game page does.
"""
import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games.play import services
from games.models import Game
from games.rules.core.flow import take_log
from games.titles.dead_of_winter.presentation import PRESENTATION
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.tests.helpers import act, colony_phase, defaults_until, game
from games.titles.dead_of_winter.tests.test_dow_examples import ALL_IN, grocery_store_fight

ROLES_RE = re.compile(r'data-card="(\d+)"')


def render(state, role):
    """The board as the game page includes it for ``role`` (None: a spectator)."""
    prompt = RULES.prompt(state, role) if role in state["active"] else None
    picture = SimpleNamespace(view=RULES.view(state, role), prompt=prompt, role=role)
    fake_game = SimpleNamespace(pk=1, seq=7, active_roles=list(state["active"]))
    return render_to_string(PRESENTATION.board_template,
                            {"view": picture.view, "picture": picture, "game": fake_game})


def own_cards(html):
    return {int(n) for n in ROLES_RE.findall(html)}


def objective_name(state, role):
    """The objective as the board writes it (name in bold: a bare name can be part of a card's)."""
    return f'<strong>{RULES.view(state, role)["me"]["objective"]["name"]}</strong>'



@pytest.mark.parametrize("players", range(4, 12))
def test_the_board_renders_at_every_player_count(players):
    state = game(players, seed=players)
    for role in (state["roles"][0], state["roles"][-1], None):
        html = render(state, role)
        assert html.count('class="dow-panel dow-colony') == 2 and html.count('class="dow-panel dow-loc"') == 6
        assert ("The Den" in html) == bool(players % 2)
        assert "house content made for this site" in html
        assert not re.search(r"\b(None|True|False)\b|\w_\w|\{\{|%\(", re.sub(r"<[^>]+>", " ", html)), role


@pytest.mark.parametrize("players", [4, 7, 11])
def test_another_seats_hand_and_objective_never_reach_the_html(players):
    state = defaults_until(game(players, seed=3 + players), "act")
    for role in state["roles"]:
        html = render(state, role)
        mine = set(state["pl"][role]["hand"])
        assert own_cards(html) == mine, role  # every card shown with data-card is one of mine
        assert objective_name(state, role) in html
        for other in state["roles"]:
            theirs = objective_name(state, other)
            if other != role and theirs != objective_name(state, role):
                assert theirs not in html, (role, other)


def test_a_spectator_sees_no_hand_and_no_objective():
    state = defaults_until(game(6, seed=2), "act")
    html = render(state, None)
    assert own_cards(html) == set() and "Secret objective" not in html
    assert not any(objective_name(state, r) in html for r in state["roles"])


def test_a_teammate_sees_the_leaders_sealed_tactic_and_the_enemy_does_not():
    state, *_ = grocery_store_fight()
    act(state, "p1", "tactic", ALL_IN)  # colony a's leader
    mate, enemy = render(state, "p3"), render(state, "p4")
    assert "All In" in mate and "chosen (sealed)" not in mate.split("Colony B")[0]
    assert "All In" not in enemy and "chosen (sealed)" in enemy
    assert "committed" in enemy and "waiting" in enemy  # who has committed, never what
    assert own_cards(mate) == set(state["pl"]["p3"]["hand"])  # not the leader's hand


def test_the_crossroads_card_is_shown_only_to_its_reader():
    state = game(5, seed=1)
    reader = next(r for r in state["roles"] if RULES.view(state, r)["turn"]["reading"])
    name = RULES.view(state, reader)["turn"]["reading"][0]["name"]
    assert f"You are reading the crossroads card {name}" in render(state, reader)
    for other in state["roles"]:
        if other != reader:
            assert "You are reading the crossroads card" not in render(state, other)


def test_choices_are_clickable_on_the_survivors_and_cards():
    state = defaults_until(game(4, seed=5), "act")
    role = state["active"][0]
    html = render(state, role)
    prompt = RULES.prompt(state, role)
    verbs = {c.verb for c in prompt.choices}
    for verb in verbs & {"search", "attack", "barricade", "play", "discard"}:
        assert f'data-dow-choice="{verb}"' in html, verb
    assert 'name="expected_seq" value="7"' in html


def test_the_draft_offers_ones_own_survivors_with_keep_buttons():
    from games.rules.core.testing import new_game
    state = new_game(RULES, 4, options={"players": 4})
    html = render(state, "p1")
    offer = RULES.view(state, "p1")["draft"]["offer"]
    assert "Survivors offered to you" in html and html.count('data-dow-choice="keep"') == len(offer)
    assert "Survivor draft" in html and "waiting" in html


def test_the_combat_panel_shows_the_tracker():
    state, *_ = grocery_store_fight()
    html = render(state, "p1")
    assert "Combat at Grocery Store" in html and "Strength" in html


@pytest.mark.django_db
def test_the_site_seats_four_players_and_each_sees_only_their_own_hand(client, make_user):
    users = [make_user(f"colonist{n}") for n in range(1, 5)]
    created = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": 4})
    for user in users[1:]:
        services.seat_join(game_id=created.pk, user=user)
    game_row = Game.objects.get(pk=created.pk)
    assert game_row.status == Game.Status.ACTIVE
    roles = {s.user_id: s.role for s in game_row.seats.all()}
    for user in users:
        client.force_login(user)
        html = client.get(reverse("games:detail", args=[game_row.pk])).content.decode()
        assert 'class="dow"' in html
        role = roles[user.pk]
        view = RULES.view(game_row.state, role)
        assert own_cards(html) <= set(view["me"]["hand"]) | set(view["draft"]["offer"] if view["draft"] else [])
        for other, player in game_row.state["pl"].items():
            if other != role:
                assert not own_cards(html) & set(player["hand"])


@pytest.mark.django_db
def test_the_panel_the_position_at_a_move_and_a_spectator_render(client, make_user):
    users = [make_user(f"settler{n}") for n in range(1, 5)]
    created = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": 4})
    for user in users[1:]:
        services.seat_join(game_id=created.pk, user=user)
    game_row = Game.objects.get(pk=created.pk)
    role = game_row.active_roles[0]
    seat_user = next(s.user for s in game_row.seats.all() if s.role == role)
    action = RULES.default_action(game_row.state, role)
    services.move_submit(game_id=game_row.pk, user=seat_user, verb=action.verb, arg=action.arg,
                         expected_seq=game_row.seq)
    client.force_login(seat_user)
    for url in (reverse("games:panel", args=[game_row.pk]), reverse("games:at_move", args=[game_row.pk, 1])):
        response = client.get(url)
        assert response.status_code == 200 and b'class="dow"' in response.content, url
    client.force_login(make_user("onlooker"))
    html = client.get(reverse("games:detail", args=[game_row.pk])).content.decode()
    assert 'class="dow"' in html and own_cards(html) == set()
