"""Movement by sealed exchanges (option ``movement: exchanges``, CD§2.4 option C):
picks revealed together and made in morale order, fallbacks, "no move this
exchange" (not a pass), a final pass, moving alone, defaults, hidden picks,
one sealed step per exchange, and random games with the option on."""
import html
import json
import re

import pytest
from django.utils import translation

from games.rules.core import rng
from games.rules.core.flow import Flow, take_log
from games.rules.core.testing import force_rolls, new_game, pick, play, random_play
from games.titles.dead_of_winter import prompt_words, sentences
from games.titles.dead_of_winter.presentation import PRESENTATION as SHOW
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.rules import DeadOfWinterRules

from .helpers import act, args, card_of, put
from .test_dow_conformance import check_hidden
from .test_dow_turns import BITE, BLANK, board, paired_turn

EXCHANGES = {"movement": "exchanges"}


def table(players=4, seed=1):
    """An empty board (leaders p1 and p2) playing with sealed exchanges; colony b
    has the lower morale, so p2 moves first in each exchange."""
    state = board(players, seed)
    state["options"]["movement"] = "exchanges"
    state["col"]["a"]["morale"], state["col"]["b"]["morale"] = 5, 3
    return state


def kinds(lines, *wanted):
    return [line for line in lines if line["kind"] in wanted]


def test_two_moves_are_revealed_together_and_made_lower_morale_first():
    state = table()
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    paired_turn(state)
    take_log(state)
    assert Flow.top(state)["step"] == "xchg" and sorted(state["active"]) == ["p1", "p2"]
    act(state, "p1", "move", f"{s1}>library")
    assert state["sv"][s1]["at"] == "a" and sorted(state["active"]) == ["p1", "p2"]  # nothing made yet
    assert args(state, "p1", "move") == [] and (None in args(state, "p1", "fallback"))
    act(state, "p1", "fallback", None)
    assert state["active"] == ["p2"] and take_log(state) == []
    force_rolls(state, [BLANK, BLANK])
    act(state, "p2", "move", f"{s2}>school")
    assert take_log(state) == [] and state["active"] == ["p2"]  # a move, then its fallback (or none)
    act(state, "p2", "fallback", None)
    lines = take_log(state)
    assert lines[0] == {"kind": "exchange", "n": 1, "picks": {
        "p1": {"move": f"{s1}>library", "fallback": None}, "p2": {"move": f"{s2}>school", "fallback": None}}}
    assert [(m["survivor"], m["to"]) for m in kinds(lines, "move")] == [(s2, "school"), (s1, "library")]
    assert Flow.top(state)["step"] == "xchg" and Flow.top(state)["n"] == 2 and sorted(state["active"]) == ["p1", "p2"]


def last_space(state):
    """The grocery store (capacity 3) with one free space: a survivor of p3 (p1's
    teammate) and one of p4 (p2's teammate) are there."""
    mate = put(state, "p3", "grocery_store")
    put(state, "p4", "grocery_store")
    return mate


def test_the_second_move_into_the_last_free_space_is_no_move_and_not_a_pass():
    state = table()
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    last_space(state)
    paired_turn(state)
    force_rolls(state, [BLANK])
    act(state, "p2", "move", f"{s2}>grocery_store"), act(state, "p2", "fallback", None)
    act(state, "p1", "move", f"{s1}>grocery_store"), act(state, "p1", "fallback", None)
    lines = take_log(state)
    assert state["sv"][s2]["at"] == "grocery_store" and state["sv"][s1]["at"] == "a"
    assert kinds(lines, "no_move", "pass") == [{"kind": "no_move", "role": "p1"}]
    assert sorted(state["active"]) == ["p1", "p2"]  # p1 has not passed: it moves on in exchange 2
    assert f"{s1}>library" in args(state, "p1", "move")
    force_rolls(state, [BLANK])
    act(state, "p1", "move", f"{s1}>library"), act(state, "p1", "fallback", None)
    act(state, "p2", "pass"), act(state, "p2", "fallback", "pass")
    assert state["sv"][s1]["at"] == "library" and Flow.top(state)["passed"] == ["p2"]


def test_the_fallback_bounces_a_teammate_when_the_other_took_the_last_space():
    """WC§5.3: a full location may still be entered by sending one's own colony's
    survivor home, free; offered as a fallback because one space is left."""
    state = table()
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    mate = last_space(state)
    paired_turn(state)
    bullets = (state["col"]["a"]["bullets"], state["col"]["b"]["bullets"])
    act(state, "p1", "move", f"{s1}>grocery_store")
    assert f"{s1}>grocery_store>{mate}" in args(state, "p1", "fallback")
    assert f"{s1}>grocery_store" not in args(state, "p1", "fallback")  # never the first move again
    act(state, "p1", "fallback", f"{s1}>grocery_store>{mate}")
    force_rolls(state, [BLANK, BLANK])
    act(state, "p2", "move", f"{s2}>grocery_store"), act(state, "p2", "fallback", None)
    lines = take_log(state)
    assert kinds(lines, "fallback") == [{"kind": "fallback", "role": "p1"}]
    assert state["sv"][s1]["at"] == "grocery_store" and state["sv"][mate]["at"] == "a"
    assert (state["col"]["a"]["bullets"], state["col"]["b"]["bullets"]) == bullets  # own colony: free
    assert kinds(lines, "bounce") and kinds(lines, "bounce")[0]["survivor"] == mate
    assert [m["survivor"] for m in kinds(lines, "move")] == [s2, s1]


def test_a_fallback_to_another_place_is_used_when_the_first_is_full():
    state = table()
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    last_space(state)
    paired_turn(state)
    act(state, "p1", "move", f"{s1}>grocery_store"), act(state, "p1", "fallback", f"{s1}>hospital")
    force_rolls(state, [BLANK, BLANK])
    act(state, "p2", "move", f"{s2}>grocery_store"), act(state, "p2", "fallback", f"{s2}>school")
    assert state["sv"][s2]["at"] == "grocery_store" and state["sv"][s1]["at"] == "hospital"
    assert Flow.top(state)["moved"] == [s2, s1]


def test_a_pass_is_final_and_the_other_then_moves_alone_unsealed():
    state = table()
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    s3 = put(state, "p2", "b")
    paired_turn(state)
    take_log(state)
    first = RULES.sealed_step(state)
    act(state, "p1", "pass")
    assert sorted(state["active"]) == ["p1", "p2"]  # a pass asks for its seal, as a move asks for a fallback
    assert [c.arg for c in RULES.prompt(state, "p1").choices if c.verb == "fallback"] == ["pass"]
    act(state, "p1", "fallback", "pass")
    assert state["active"] == ["p2"] and take_log(state) == []  # the pass stays sealed
    force_rolls(state, [BLANK])
    act(state, "p2", "move", f"{s2}>school"), act(state, "p2", "fallback", None)
    assert kinds(take_log(state), "pass") == [{"kind": "pass", "role": "p1"}]
    assert state["active"] == ["p2"] and RULES.prompt(state, "p1") is None
    assert RULES.sealed_step(state) is None and RULES.prompt(state, "p2").text == "Move one survivor, or pass"
    window, name = RULES.pace_step(state, "p2")
    force_rolls(state, [BLANK])
    act(state, "p2", "move", f"{s3}>library")  # made at once: no fallback, nothing sealed
    assert state["sv"][s3]["at"] == "library" and kinds(take_log(state), "move")
    assert RULES.pace_step(state, "p2")[0] == window == "sealed" and RULES.pace_step(state, "p2")[1] != name
    act(state, "p2", "pass")
    assert Flow.top(state)["step"] == "act" and state["sv"][s1]["at"] == "a" and first is not None


def test_each_sealed_exchange_has_its_own_number():
    state = table()
    put(state, "p1", "a"), put(state, "p2", "b")
    s1b, s2b = put(state, "p1", "a"), put(state, "p2", "b")
    paired_turn(state)
    numbers, windows = [RULES.sealed_step(state)], [RULES.pace_step(state, "p1")]
    force_rolls(state, [BLANK, BLANK])
    act(state, "p1", "move", f"{s1b}>school"), act(state, "p1", "fallback", None)
    assert RULES.sealed_step(state) == numbers[0]  # open until the other is in
    act(state, "p2", "move", f"{s2b}>library"), act(state, "p2", "fallback", None)
    numbers.append(RULES.sealed_step(state))
    windows.append(RULES.pace_step(state, "p1"))
    assert None not in numbers and numbers[1] > numbers[0] and state["sealed_n"] == numbers[1]
    assert windows[0][0] == windows[1][0] == "sealed" and windows[0][1] != windows[1][1]
    act(state, "p1", "pass"), act(state, "p1", "fallback", "pass")
    act(state, "p2", "pass"), act(state, "p2", "fallback", "pass")
    assert Flow.top(state)["step"] == "act" and RULES.sealed_step(state) is None


def test_defaults_pass_and_keep_a_chosen_move_without_fallback():
    state = table()
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    paired_turn(state)
    assert RULES.default_action(state, "p1").verb == "pass" and RULES.default_action(state, "p2").verb == "pass"
    act(state, "p1", "move", f"{s1}>school")
    default = RULES.default_action(state, "p1")
    assert (default.verb, default.arg) == ("fallback", None) and RULES.prompt(state, "p1").allows(default)
    force_rolls(state, [BLANK])
    RULES.apply(state, "p1", default)
    RULES.apply(state, "p2", RULES.default_action(state, "p2"))  # the deadline: p2 passes...
    seal = RULES.default_action(state, "p2")
    assert (seal.verb, seal.arg) == ("fallback", "pass")  # ...and seals the pass
    RULES.apply(state, "p2", seal)
    assert state["sv"][s1]["at"] == "school" and state["sv"][s2]["at"] == "b"
    RULES.apply(state, "p1", RULES.default_action(state, "p1"))
    assert Flow.top(state)["step"] == "act"


def test_a_pending_pick_is_seen_only_by_its_player():
    state = table(6)
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    put(state, "p3", "a"), put(state, "p4", "b"), put(state, "p5", "a"), put(state, "p6", "b")
    paired_turn(state)
    act(state, "p1", "move", f"{s1}>library"), act(state, "p1", "fallback", f"{s1}>school")
    mine = RULES.view(state, "p1")["turn"]["exchange"]
    assert mine["mine"] == {"move": f"{s1}>library", "fallback": f"{s1}>school"} and mine["in"] == ["p1"]
    for viewer in ("p2", "p3", "p4", None):  # the enemy, a teammate, a spectator
        seen = RULES.view(state, viewer)
        assert seen["turn"]["exchange"] == {**mine, "mine": None}, viewer
        assert f"{s1}>library" not in json.dumps(seen) and f"{s1}>school" not in json.dumps(seen)
    check_hidden(state, 3)
    act(state, "p2", "move", f"{s2}>school")  # p2 half way (no fallback yet): still hidden
    assert RULES.view(state, "p1")["turn"]["exchange"]["mine"]["move"] == f"{s1}>library"
    assert f"{s2}>school" not in json.dumps(RULES.view(state, "p1"))
    check_hidden(state, 4)


def test_the_board_shows_who_is_in_and_only_ones_own_pick():
    from .test_dow_board import render
    state = table()
    s1 = put(state, "p1", "a")
    put(state, "p2", "b")
    paired_turn(state)
    act(state, "p1", "move", f"{s1}>library"), act(state, "p1", "fallback", None)
    with translation.override("en"):
        mine, theirs = render(state, "p1"), render(state, "p2")
    assert "Movement: sealed exchange" in mine and "Your sealed choice:" in mine and "Library" in mine
    assert "Movement: sealed exchange" in theirs and "Your sealed choice:" not in theirs


def test_a_request_during_an_exchange_keeps_the_picks_sealed():
    state = table()
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    put(state, "p3", "a")
    food = card_of(state, "food_1")
    state["pl"]["p3"]["hand"].append(food)
    paired_turn(state)
    sealed = RULES.sealed_step(state)
    act(state, "p2", "move", f"{s2}>school"), act(state, "p2", "fallback", None)
    act(state, "p1", "request", "p3")
    assert state["active"] == ["p3"] and RULES.sealed_step(state) == sealed  # p2's pick is not opened
    act(state, "p3", "give", food)
    assert state["active"] == ["p1"] and "request" not in [c.verb for c in RULES.prompt(state, "p1").choices]
    force_rolls(state, [BLANK, BLANK])
    act(state, "p1", "move", f"{s1}>library"), act(state, "p1", "fallback", None)
    assert state["sv"][s1]["at"] == "library" and state["sv"][s2]["at"] == "school"


def test_a_bite_from_the_first_move_is_resolved_before_the_second_move():
    state = table()
    s1, s2 = put(state, "p1", "a"), put(state, "p2", "b")
    other = put(state, "p4", "school")
    paired_turn(state)
    act(state, "p1", "move", f"{s1}>library"), act(state, "p1", "fallback", None)
    force_rolls(state, [BITE])
    act(state, "p2", "move", f"{s2}>school"), act(state, "p2", "fallback", None)
    assert Flow.top(state)["step"] == "bite" and state["active"] == ["p4"] and state["sv"][s1]["at"] == "a"
    force_rolls(state, [BLANK])
    act(state, "p4", "bite", "die")
    assert state["sv"][other] is None and state["sv"][s2] is None
    assert state["sv"][s1]["at"] == "library" and Flow.top(state)["step"] == "xchg"


def test_the_lone_wolf_moves_alone_and_the_default_option_keeps_the_ping_pong():
    wolf_game = new_game(RULES, 4, options={"players": 5, **EXCHANGES})
    for _ in range(400):
        top = Flow.top(wolf_game)
        if top["step"] in ("move", "xchg"):
            break
        role = wolf_game["active"][0]
        RULES.apply(wolf_game, role, RULES.default_action(wolf_game, role))
    assert Flow.top(wolf_game)["step"] == "move" and wolf_game["active"] == [wolf_game["wolf"]]
    state = board()
    del state["options"]["movement"]  # a game saved before the option existed
    put(state, "p1", "a"), put(state, "p2", "b")
    paired_turn(state)
    assert Flow.top(state)["step"] == "move" and RULES.view(state, "p1")["movement"] == "alternating"


def test_the_option_is_in_words_on_the_create_form():
    field = next(f for f in SHOW.option_fields() if f.name == "movement")
    assert field.label == "Movement" and field.choices[0][0] == "alternating"
    assert dict(field.choices)["exchanges"].startswith("sealed exchanges (both colonies move at once")
    assert "Movement: alternating (one move at a time)" in SHOW.options_summary({})
    with pytest.raises(ValueError):
        RULES.clean_options({"movement": "sealed plans"})


def test_the_new_log_lines_are_sentences_that_name_survivors():
    line = {"kind": "exchange", "n": 2, "picks": {"p1": {"move": "3>school", "fallback": "3>library>5"},
                                                  "p2": {"move": "pass", "fallback": None}}}
    with translation.override("en"):
        text = sentences.sentence(line)
        assert text.startswith("Movement exchange 2 is revealed: Player 1: ") and "Player 2: pass." in text
        assert ">" not in text and "school" not in text and "fallback: " in text
        assert "not a pass" in sentences.sentence({"kind": "no_move", "role": "p1"})
        assert "fallback" in sentences.sentence({"kind": "fallback", "role": "p2"})
        assert SHOW.action_text("p1", "pass", None) == SHOW.action_text("p1", "move", "3>school")


def exchange_rules(players):
    class Exchanges(DeadOfWinterRules):
        def default_options(self):
            return dict(super().default_options(), players=players, **EXCHANGES)
    return Exchanges()


@pytest.mark.parametrize("players", (4, 5, 7, 10))
def test_random_games_with_exchanges_finish_replay_and_hide_the_picks(players):
    seen = set()
    for seed in range(5):
        state = new_game(RULES, seed, options={"players": players, **EXCHANGES})
        picker, moves = {"rng": rng.new(seed)}, []
        for step in range(20_000):
            if state["result"] is not None:
                break
            for role in state["active"]:
                assert RULES.prompt(state, role).allows(RULES.default_action(state, role))
            if Flow.top(state)["step"] == "xchg":
                check_hidden(state, seed)
                prompt = RULES.prompt(state, state["active"][0])
                assert prompt_words.text_template(prompt.text)
                assert not prompt.waiting_text or prompt_words.text_template(prompt.waiting_text)
                assert all(prompt_words.label_covered(c) for c in prompt.choices if c.verb != "undo")
            role = pick(picker, state["active"])
            action = pick(picker, [c.action for c in RULES.prompt(state, role).choices if c.verb != "undo"])
            moves.append((role, action.verb, action.arg))
            RULES.apply(state, role, action)
            seen |= {line["kind"] for line in take_log(state)}
        assert state["result"] is not None, (players, seed)
        replayed = play(RULES, seed, moves, options={"players": players, **EXCHANGES})
        take_log(replayed)
        assert replayed == state
    assert {"exchange", "move", "pass"} <= seen


def test_many_random_games_with_exchanges_end_without_errors():
    for players in range(4, 12):
        for seed in range(6):
            game = random_play(RULES, 300 + seed, options={"players": players, **EXCHANGES}, max_steps=20_000)
            assert RULES.result(game.state) is not None


@pytest.mark.parametrize("players", (4, 6, 9))
def test_the_cross_title_invariants_hold_with_exchanges(players):
    conformance = pytest.importorskip("tests.test_conformance")
    rules = exchange_rules(players)
    for seed in range(3):
        final, moves = conformance.play_checked(rules, seed)
        replayed = play(rules, seed, moves)
        take_log(replayed)
        assert conformance.dumps(replayed) == conformance.dumps(final)


# -- on the site: commitments and the deadline default ------------------------------------
EXCHANGE_SEED = 1  # the site game's rules seed (games.play.services draws it with secrets.randbits)


@pytest.fixture
def exchange_table(make_user, monkeypatch):
    """A 4-player game on the daily pace with sealed exchanges, played by defaults up to
    the first sealed exchange: (game, {role: user}). Its seed is fixed: what follows the
    exchange (an exposure roll, a choice it causes, the next round) depends on the dice."""
    from games import engine
    from games.play import services

    monkeypatch.setattr(services.secrets, "randbits", lambda bits: EXCHANGE_SEED)

    users = [make_user(name) for name in ("mia", "noah", "olga", "piet")]
    game = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": 4, **EXCHANGES},
                                time_control={"kind": "pace", "profile": "daily"})
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    seats = {s.role: s.user for s in game.seats.select_related("user")}
    game.refresh_from_db()
    while game.state["stack"][-1]["step"] != "xchg":
        role = engine.rules_for(game).active_roles(game.state)[0]
        default = RULES.default_action(game.state, role)
        services.move_submit(game_id=game.pk, user=seats[role], verb=default.verb, arg=default.arg,
                             expected_seq=game.seq)
        game.refresh_from_db()
    return game, seats


@pytest.mark.django_db
def test_on_the_site_an_exchange_is_committed_and_a_deadline_passes_for_the_late_player(exchange_table):
    from datetime import timedelta

    from django.utils import timezone

    from games import engine
    from games.engine import sealing
    from games.play import services
    from games.models import Move, Seat

    game, seats = exchange_table
    first, second = game.state["stack"][-1]["order"]
    move = next(c for c in RULES.prompt(game.state, first).choices if c.verb == "move")
    services.move_submit(game_id=game.pk, user=seats[first], verb="move", arg=move.arg, expected_seq=game.seq)
    game.refresh_from_db()
    made = Move.objects.get(game=game, seq=game.seq)
    assert made.commitment and made.sealed_step == RULES.sealed_step(game.state)
    assert [r["opened"] for r in sealing.commitments(game, engine.rules_for(game))
            if r["seq"] == made.seq] == [False]  # hidden while the exchange is open
    Seat.objects.filter(game=game, role__in=[first, second]).update(deadline_at=timezone.now() - timedelta(minutes=1))
    assert services.games_time_out_overdue() >= 1
    game.refresh_from_db()
    late = [m for m in game.moves.filter(source="timeout").order_by("seq")]
    assert {(m.role, m.verb) for m in late} >= {(second, "pass")} and all(m.commitment for m in late)
    # the exchange's frame (a choice the timely move caused, e.g. a new group leader after
    # a deadly exposure roll, may be asked on top of it first: asks.py)
    frame = next(f for f in reversed(game.state["stack"]) if f["step"] == "xchg")
    assert frame["passed"] == [second]  # the default: a pass
    assert int(move.arg.split(">")[0]) in frame["moved"]  # the timely player's sealed move was made
    rows = [r for r in sealing.commitments(game, engine.rules_for(game)) if r["seq"] == made.seq]
    assert rows[0]["opened"] and rows[0]["arg"] == move.arg


@pytest.mark.django_db
def test_no_page_shows_a_pending_move_to_anyone_but_its_player(exchange_table, client):
    from games.play import services

    from .test_dow_canaries import PAGES, fetch

    game, seats = exchange_table
    mover = game.state["stack"][-1]["order"][0]
    move = next(c for c in RULES.prompt(game.state, mover).choices if c.verb == "move")
    services.move_submit(game_id=game.pk, user=seats[mover], verb="move", arg=move.arg, expected_seq=game.seq)
    game.refresh_from_db()
    with translation.override("en"):
        words = sentences.exchange_pick({"move": move.arg, "fallback": None})
    for role, user in list(seats.items()) + [(None, None)]:
        pages = fetch(client, game, user)
        assert set(pages) == set(PAGES)
        every = " ".join(pages.values())
        if role == mover:
            assert "Your sealed choice" in pages["games:detail"] and words in pages["games:detail"]
            continue
        assert not _names(move.arg, every) and words not in every and "Your sealed choice" not in every, role


def _names(arg: str, page: str) -> bool:
    """``arg`` ("7>police_station") in a page as a whole value, raw (JSON) or
    HTML-escaped, not inside another one ("17>police_station")."""
    return any(re.search(rf"(?<![\w]){re.escape(text)}(?![\w])", page) for text in (arg, html.escape(arg)))
