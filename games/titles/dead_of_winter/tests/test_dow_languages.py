"""Dead of Winter read in Korean, Japanese and Spanish: prompts, choices, the log and the board.

The rules write their prompts in English (pure code); ``prompt_words.py`` says every prompt
text again and rebuilds every choice's label from its verb and argument. Random games at
every player count must produce no text or choice the tables do not cover; in ko, ja and es
none may stay in English (survivors' names are proper names and stay), and a localised
prompt keeps every choice's verb and argument. Log sentences and the table page carry none
of the board's English labels. Each check proves it would catch an English leftover.
"""
from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.rules.core import Choice, Prompt, rng
from games.rules.core.flow import take_log
from games.rules.core.testing import new_game, pick
from games.titles.dead_of_winter import names, prompt_words
from games.titles.dead_of_winter.presentation import PRESENTATION as SHOW
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.sentences import sentence

from .helpers import game
from .test_dow_board import render
from .test_dow_examples import grocery_store_fight

LANGS = ("ko", "ja", "es")
SEEDS = range(10)
LOG: dict[str, list[dict]] = {}  # the log lines of the random games, by kind
SURVIVORS = {s["name"] for s in names.content().survivors}

# the board's and the log's main English words; none may be left in a translated page or sentence
ENGLISH = ("Colony A", "Colony B", "Lone Wolf", "Player", "Den", "Morale", "morale", "Food", "Bullets", "Waste",
           "Starvation", "Entrances", "entrance", "Town locations", "Strength", "Tactic", "Round", "wound", "zombie",
           "survivor", "Police Station", "Grocery Store", "Gas Station", "School", "Library", "barricade",
           "Secret objective", "Main objective", "Your hand", "Decks", "influence", "ability", "attack", "search")


def random_games():
    """Every prompt of random games at every player count; their log lines land in LOG."""
    for seed in SEEDS:
        state = new_game(RULES, seed, options={"players": 4 + seed % 8})
        picker = {"rng": rng.new(seed)}
        for _step in range(3000):
            if RULES.result(state) is not None:
                break
            role = pick(picker, RULES.active_roles(state))
            prompt = RULES.prompt(state, role)
            yield prompt
            state = RULES.apply(state, role, pick(picker, [c for c in prompt.choices if c.verb != "undo"]).action)
            for line in take_log(state) or ():
                LOG.setdefault(line["kind"], []).append(line)


@pytest.fixture(scope="module")
def asked():
    """(the distinct texts, the distinct choices, some whole prompts) of random games."""
    texts, choices, prompts = set(), {}, []
    for n, prompt in enumerate(random_games()):
        texts |= {prompt.text, prompt.waiting_text} - {""}
        for c in prompt.choices:
            choices.setdefault((c.verb, repr(c.arg), c.label, c.group), c)
        if n % 50 == 0:
            prompts.append(prompt)
    return texts, list(choices.values()), prompts


def english_left(text: str, lang: str = "") -> list[str]:
    """The ENGLISH words still in ``text`` (whole words: Spanish "zombi" is not "zombie")."""
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def untranslated(english: str, shown: str) -> bool:
    """Still the rules' English: the same text, unless it is a survivor's name or has no letters."""
    return shown == english and english not in SURVIVORS and bool(re.search(r"[A-Za-z]", english))


def test_every_prompt_text_and_choice_of_random_games_is_covered(asked):
    texts, choices, _prompts = asked
    assert len(texts) > 25 and len(choices) > 800  # the games went far enough to mean something
    assert sorted(t for t in texts if prompt_words.text_template(t) is None) == []
    assert [c for c in choices if c.verb != "undo" and not prompt_words.label_covered(c)] == []
    assert {c.verb for c in choices} >= {"move", "attack", "search", "keep", "play", "tactic", "bid", "vote"}
    # the check catches a prompt or a label the tables do not know
    assert prompt_words.text_template("Dig a tunnel to the hospital") is None
    assert not prompt_words.label_covered(Choice("dig", "tunnel", "Dig a tunnel", "dig"))


@pytest.mark.parametrize("lang", LANGS)
def test_prompts_and_labels_read_in_each_language_and_keep_their_moves(asked, lang):
    texts, choices, prompts = asked
    with translation.override(lang):
        for text in texts:
            assert not untranslated(text, SHOW.prompt_text(Prompt(text))), text
        for c in choices:
            shown = SHOW.choice_label(c)
            assert not untranslated(c.label, shown) and "{" not in shown and "%(" not in shown, (c, shown)
            assert not re.search(r"\bp\d+\b|\b[a-z]+_[a-z]+\b|[ab]@\d", shown), (c, shown)  # never an id
        for prompt in prompts:
            local = SHOW.localize_prompt(prompt)
            assert [(c.verb, c.arg) for c in local.choices] == [(c.verb, c.arg) for c in prompt.choices]
        shown = SHOW.prompt_text(Prompt("Crossroads vote: Stranger at the Gate"))
        assert "Stranger at the Gate" not in shown and names.words("Stranger at the Gate") in shown
        other = "Dig a tunnel to the hospital"  # the check catches an English text
        assert untranslated(other, SHOW.prompt_text(Prompt(other)))


@pytest.mark.parametrize("lang", LANGS)
def test_log_sentences_of_every_kind_random_games_wrote_read_in_each_language(asked, lang):
    assert len(LOG) > 40  # most kinds of the README's log table
    for kind, lines in LOG.items():
        for line in lines[:60]:
            with translation.override("en"):
                english = sentence(line)
            with translation.override(lang):
                text = sentence(line)
            assert text and text != english and "%(" not in text, (lang, line, text)
            assert english_left(text, lang) == [], (lang, line, text)
    assert english_left("Player 2 placed a wound on Ada Okafor.", lang)  # the check catches English


MOVES = [("keep", 3), ("vote", "p2"), ("xvote", 1), ("tactic", 0), ("bid", 2), ("order", "swap"), ("option", "0>3"),
         ("swap", 1), ("noise", None), ("target", 3), ("wound", 3), ("leader", "p3"), ("dig", None)]


@pytest.mark.parametrize("lang", LANGS)
def test_moves_without_a_log_line_read_in_each_language(lang):
    with translation.override("en"):
        english = {(v, a): SHOW.action_text("p1", v, a) for v, a in MOVES}
    with translation.override(lang):
        for (verb, arg), en in english.items():
            shown = SHOW.action_text("p1", verb, arg)
            assert shown != en and SHOW.role_label("p1") in shown and english_left(shown, lang) == [], (verb, shown)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("lang,words", [
    ("ko", ("마을 장소", "사기", "A 공동체", "입구", "전투력", "둥지")),
    ("ja", ("町の場所", "士気", "コロニー A", "入口", "戦闘力", "巣穴")),
    ("es", ("Lugares del pueblo", "Moral", "Colonia A", "Entradas", "Fuerza", "la Guarida"))])
def test_the_board_speaks_each_language(lang, words):
    fight, *_ = grocery_store_fight()
    with translation.override(lang):
        pages = [render(fight, "p1"), render(game(5, seed=2), "p5"), render(game(7, seed=4), None)]
    every = " ".join(text_of(html) for html in pages)
    for word in words:
        assert word in every, word
    for html in pages:
        assert english_left(text_of(html), lang) == [], (lang, english_left(text_of(html), lang))
    with translation.override("en"):  # the check catches the English board
        assert english_left(text_of(render(fight, "p1")), lang)


@pytest.mark.django_db
@pytest.mark.parametrize("lang,word", [("ko", "마을 장소"), ("ja", "町の場所"), ("es", "Lugares del pueblo")])
def test_the_game_page_reads_in_the_players_language(client, make_user, lang, word):
    from accounts.models import Profile
    from games.play import services

    users = [make_user(f"colonist{n}") for n in range(1, 5)]
    created = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": 4})
    for user in users[1:]:
        services.seat_join(game_id=created.pk, user=user)
    Profile.objects.filter(user=users[0]).update(language=lang)
    client.force_login(users[0])
    html = client.get(reverse("games:detail", args=[created.pk])).content.decode()
    board = html[html.index('class="dow"'):]
    assert word in board
    assert english_left(text_of(board[:board.index("dow-packs")]), lang) == []
    # the prompt above the board is in the reader's words too
    from games.models import Game

    row = Game.objects.get(pk=created.pk)
    role = row.seats.get(user=users[0]).role
    with translation.override(lang):
        asked_here = SHOW.prompt_text(RULES.prompt(row.state, role))
    assert asked_here in html and "Keep a survivor as your" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_options_read_in_each_language(lang):
    with translation.override("en"):
        english = SHOW.options_summary({})
    with translation.override(lang):
        shown = SHOW.options_summary({})
    assert len(shown) == len(english) == 6
    for en, text in zip(english, shown):
        assert text != en and "house numbers" not in text and "public facts" not in text, (en, text)


@pytest.mark.parametrize("lang,start", [("en", "The Lone Wolf"), ("es", "El Lobo Solitario")])
def test_a_sentence_that_opens_with_the_lone_wolf_begins_with_a_capital(lang, start):
    with translation.override(lang):
        text = sentence({"kind": "morale", "side": "w", "n": -1, "why": "waste", "morale": 3})
    assert text.startswith(start), text
