"""Issue 15, part 3: Twilight Struggle read in Korean, Japanese and Spanish.

The rules write their prompts in English (pure code); `prompt_words.py` turns every
prompt text and choice label into the reader's words. Random games must produce no
text or label the table does not cover, and a mid-game page (the player's view, with
the prompt), the full log, a turn mail and the create form show no English country
or card name and no English prompt in ko, ja and es. Each check proves it would
catch an English name or prompt.
"""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from django.core import mail
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils import translation

from games.mail import emails
from games.engine import registry
from games.web.views import grouped_lines, log_lines
from games.rules.core import Choice, Prompt, rng
from games.rules.core.flow import take_log
from games.rules.core.testing import pick
from games.titles.twilight_struggle import names, prompt_words
from games.titles.twilight_struggle.rules import data

from .test_ts_board import login, play_random
from .test_ts_i18n import catalog
from .test_ts_i18n import english_left as _english_left_words

TITLE = "twilight_struggle"
LANGS = ("ko", "ja", "es")
SEEDS = range(36)
SHOW = registry.presentation(TITLE)
CUBA = data.BY_KEY["cuba"]


def english_left(text: str, lang: str) -> list[str]:
    """English country and card names left in ``text`` (see test_ts_i18n), also where a
    Korean or Japanese particle is glued to the name ("Canada에"): the names are
    bounded by Latin letters and digits only."""
    glued = re.sub(r"(?<=[A-Za-z0-9])(?=[^\x00-\x7f])|(?<=[^\x00-\x7f])(?=[A-Za-z0-9])", " ", text)
    return _english_left_words(glued, lang)


# -- every prompt of random games is covered ---------------------------------------------
def random_prompts(seeds=SEEDS):
    """Every prompt of random games over both editions, with and without the optional
    cards and the Chinese Civil War."""
    rules = registry.get(TITLE)
    for seed in seeds:
        options = rules.clean_options({"edition": "original" if seed % 2 else "deluxe",
                                       "chinese_civil_war": seed % 3 == 0, "optional_cards": seed % 4 < 2})
        state = rules.setup(seed, rules.scenarios()[0], options)
        picker = {"rng": rng.new(seed)}
        for _step in range(4000):
            if rules.result(state) is not None:
                break
            role = pick(picker, rules.active_roles(state))
            prompt = rules.prompt(state, role)
            yield prompt
            state = rules.apply(state, role, pick(picker, [c for c in prompt.choices if c.verb != "undo"]).action)
            take_log(state)


@pytest.fixture(scope="module")
def asked():
    """(the distinct texts, the distinct choices) the rules wrote in random games."""
    texts, choices = set(), {}
    for prompt in random_prompts():
        texts |= {prompt.text, prompt.waiting_text}
        for c in prompt.choices:
            choices.setdefault((c.verb, repr(c.arg), c.label), c)
    return texts, list(choices.values())


def test_every_prompt_text_and_label_of_random_games_is_covered(asked):
    texts, choices = asked
    assert len(texts) > 60 and len(choices) > 300  # the games went far enough to mean something
    assert [t for t in texts if prompt_words.text_template(t) is None] == []
    assert [c for c in choices if c.verb != "undo" and prompt_words.label_text(c) is None] == []
    # the check catches a prompt the table does not know
    assert prompt_words.text_template("Place 4 influence in Narnia") is None
    assert prompt_words.label_text(Choice("wave", None, "Wave the flag", "done")) is None


def untranslated(english: str, shown: str) -> bool:
    """Still the rules' English: the same text, unless it is only digits or punctuation."""
    return bool(english) and shown == english and bool(re.search(r"[A-Za-z]", english))


def is_name(label: str) -> bool:
    """A card or country name (Spanish keeps some: "Cuba", "Chile", "NATO")."""
    return label in prompt_words._CARD_NUMBER or label in names.tables().countries


@pytest.mark.parametrize("lang", LANGS)
def test_prompts_and_labels_read_in_each_language(asked, lang):
    texts, choices = asked
    with translation.override(lang):
        for text in texts:
            shown = SHOW.prompt_text(Prompt(text))
            assert not untranslated(text, shown) and english_left(shown, lang) == [], (text, shown)
        for c in choices:
            shown = SHOW.choice_label(c)
            if not (lang == "es" and is_name(c.label) and english_left(shown, lang) == []):
                assert not untranslated(c.label, shown), (c, shown)
            assert english_left(shown, lang) == [], (c, shown)
        # the check catches an English text
        other = "Place 4 influence in Narnia"
        assert untranslated(other, SHOW.prompt_text(Prompt(other)))
        cuba = Choice("place", CUBA, "Cuba", "countries")
        assert SHOW.choice_label(cuba) == names.country_name(CUBA)


@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_template_is_translated_with_its_placeholders(lang):
    entries = catalog(lang)
    msgids = [m for _p, m in prompt_words.TEXTS if m] + list(prompt_words.LABELS.values()) + list(
        prompt_words.MODE_WORDS.values()) + list(prompt_words.OPTION_WORDS.values()) + [prompt_words.CMC_LABEL]
    msgids = [m[0] if isinstance(m, tuple) else m for m in msgids]  # a plural pair by its singular
    for msgid in msgids:
        entry = entries.get(msgid)
        assert entry and entry["msgstr"][0] and "fuzzy" not in entry["flags"], (lang, msgid)
        assert set(re.findall(r"%\(\w+\)s", entry["msgstr"][0])) == set(re.findall(r"%\(\w+\)s", msgid)), msgid


def test_a_texts_names_come_translated():
    with translation.override("ko"):
        text = SHOW.prompt_text(Prompt("The US hand: Red Scare/Purge, Quagmire"))
        number = prompt_words._CARD_NUMBER
        assert text == (f"{names.side_label('us')} 손패: "
                        f"{names.card_name(number['Red Scare/Purge'])}, {names.card_name(number['Quagmire'])}")
        assert SHOW.waiting_text(Prompt("", (), "Waiting for the USSR setup")).startswith(names.side_label("ussr"))
        cmc = Choice("cancel_cmc", CUBA, "Remove 2 influence from Cuba (ends CMC)", "cmc")
        assert names.country_name(CUBA) in SHOW.choice_label(cmc) and "CMC" not in SHOW.choice_label(cmc)
    with translation.override("en"):  # English readers read the rules' own words
        for prompt in [p for p, _ in zip(random_prompts(range(2)), range(300))]:
            assert SHOW.prompt_text(prompt) == prompt.text
            assert [SHOW.choice_label(c) for c in prompt.choices] == [c.label for c in prompt.choices]


# -- the pages, the log and a mail -----------------------------------------------------------
class PageText(HTMLParser):
    """What a reader reads: text and readable attributes, no scripts or styles."""

    READABLE = ("title", "aria-label", "alt", "placeholder", "data-name", "data-confirm")

    def __init__(self):
        super().__init__()
        self.parts, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        self.parts += [v for k, v in attrs if k in self.READABLE and v]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def readable(page: str) -> str:
    parser = PageText()
    parser.feed(page)
    return html.unescape(" ".join(parser.parts))


@pytest.fixture
def mid_game(alice, bob, monkeypatch):
    from games.play import services

    monkeypatch.setattr(services.secrets, "randbits", lambda bits: 20261208)  # a fixed game seed
    game = services.game_create(user=alice, title_id=TITLE, creator_role="ussr",
                                time_control={"kind": "per_move", "days": 3})
    services.seat_join(game_id=game.pk, user=bob)
    play_random(game, {"ussr": alice, "us": bob}, 70, seed=5)
    game.refresh_from_db()
    assert game.status == "active" and game.active_roles
    return game


def speak(users, lang: str) -> None:
    from accounts.models import Profile

    Profile.objects.filter(user__in=users).update(language=lang, timezone="Asia/Seoul")


def player(game, alice, bob):
    return {"ussr": alice, "us": bob}[game.active_roles[0]]


def assert_no_english(text: str, lang: str, name_shown: str, english: str) -> None:
    assert english_left(text, lang) == [], lang
    # the check itself finds an English name left on the page
    assert name_shown in text and english_left(text.replace(name_shown, english), lang) == [english]


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_game_page_and_the_log_speak_the_readers_language(client, alice, bob, mid_game, lang):
    speak([alice, bob], lang)
    role = mid_game.active_roles[0]
    prompt = registry.get(TITLE).prompt(mid_game.state, role)
    page = readable(login(client, player(mid_game, alice, bob)).get(
        reverse("games:detail", args=[mid_game.pk])).content.decode())
    with translation.override(lang):
        shown, labels = SHOW.prompt_text(prompt), [SHOW.choice_label(c) for c in prompt.choices]
        korea = names.country_name(45)
    assert shown in page and not untranslated(prompt.text, shown)
    assert all(label in page for label in labels if label)
    assert_no_english(page, lang, korea, "South Korea")

    raw = client.get(reverse("games:log", args=[mid_game.pk])).content.decode()
    log, words = readable(raw), html.unescape(strip_tags(raw))  # names in sentences are links
    assert len(log) > 3000, "the whole log"
    with translation.override(lang):
        sentences = [line["text"] for line in grouped_lines(mid_game, log_lines(mid_game))]  # as the page groups them
    assert len(sentences) > 50 and sentences[0] in words and sentences[-1] in words
    english, name = next((e, t) for e, t in _names(lang).items() if t != e and t in log)
    assert_no_english(log, lang, name, english)


def _names(lang: str) -> dict:
    from games.titles.twilight_struggle.rules import data

    with translation.override(lang):
        return {e: translation.gettext(e) for e in
                [data.NAME[c] for c in data.COUNTRY_IDS] + list(data.CARD_NAME.values())}


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_mail_speaks_the_readers_language(settings, alice, bob, mid_game, lang):
    from games.models import Seat

    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0
    speak([alice, bob], lang)
    role = mid_game.active_roles[0]
    seat = Seat.objects.get(game=mid_game, role=role)
    mail.outbox.clear()
    assert emails.turn_notice(mid_game.pk, mid_game.seq, [role]) == 1
    message = mail.outbox[0]
    prompt = registry.get(TITLE).prompt(mid_game.state, role)
    with translation.override(lang):
        shown = SHOW.prompt_text(prompt)
        side = SHOW.role_label(role)
    for text in (message.body, readable(message.alternatives[0][0])):
        assert shown in text and side in text and not untranslated(prompt.text, shown)
        assert english_left(text, lang) == [], lang
        assert english_left(text.replace(shown, "South Korea"), lang) == ["South Korea"]
        assert "UTC" not in text and "Asia/Seoul" in text  # the reader's timezone
    date = {"ko": r"\d{4}년 \d{1,2}월 \d{1,2}일", "ja": r"\d{4}年\d{1,2}月\d{1,2}日",
            "es": r"\d{1,2} de \w+ de \d{4}"}[lang]
    assert re.search(date, message.body), message.body
    assert seat.deadline_at is not None and not re.search(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}", message.body)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_create_form_speaks_the_readers_language(client, alice, lang):
    speak([alice], lang)
    page = readable(login(client, alice).get(reverse("games:create")).content.decode())
    with translation.override(lang):
        side, label = SHOW.role_label("ussr"), SHOW.option_fields()[0].label
    assert side in page and label in page
    assert english_left(page, lang) == []
    assert english_left(page + " The China Card", lang) == ["The China Card"]


@pytest.mark.django_db
def test_the_api_prompt_keeps_the_rules_words_beside_the_readers(client, alice, bob, mid_game):
    speak([alice, bob], "ja")
    body = login(client, player(mid_game, alice, bob)).get(
        reverse("api:prompt", args=[mid_game.pk])).json()["prompt"]
    prompt = registry.get(TITLE).prompt(mid_game.state, mid_game.active_roles[0])
    assert body["text"] == prompt.text
    with translation.override("ja"):
        assert body["display_text"] == SHOW.prompt_text(prompt) != prompt.text
        assert [c["display_label"] for c in body["choices"]] == [SHOW.choice_label(c) for c in prompt.choices]
    assert [c["label"] for c in body["choices"]] == [c.label for c in prompt.choices]


def test_the_localized_prompt_keeps_every_choice_and_the_arguments_types():
    for prompt in [p for p, _ in zip(random_prompts(range(3)), range(200))]:
        with translation.override("ko"):
            local = SHOW.localize_prompt(prompt)
        assert [(c.verb, c.arg, type(c.arg), c.group) for c in local.choices] == \
               [(c.verb, c.arg, type(c.arg), c.group) for c in prompt.choices]
    one = Prompt("Choose a coup target", (Choice("option", 1, "1"),))
    same_but_true = Prompt("Choose a coup target", (Choice("option", True, "1"),))
    assert one == same_but_true  # equal in Python, so the memo must tell them apart
    with translation.override("ja"):
        assert type(SHOW.localize_prompt(one).choices[0].arg) is int
        assert type(SHOW.localize_prompt(same_but_true).choices[0].arg) is bool
        listed = SHOW.localize_prompt(Prompt("Choose a coup target", (Choice("option", [1], "1"),
                                                                        Choice("option", "boycott", "Boycott"))))
        assert listed.choices[0].arg == [1] and listed.choices[1].label == translation.gettext("Boycott")


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_reminder_mail_says_the_deadline_and_the_time_left_in_the_readers_words(alice, bob, mid_game, lang):
    from games.models import Seat

    speak([alice, bob], lang)
    seat = Seat.objects.get(game=mid_game, role=mid_game.active_roles[0])
    mail.outbox.clear()
    assert emails.reminder(seat.pk, seat.turn_started_at.isoformat(), 1) == 1
    body = mail.outbox[0].body
    date = {"ko": r"\d{4}년 \d{1,2}월 \d{1,2}일", "ja": r"\d{4}年\d{1,2}月\d{1,2}日",
            "es": r"\d{1,2} de \w+ de \d{4}"}[lang]
    assert re.search(date, body) and "Asia/Seoul" in body, body
    assert not re.search(r"\b(days?|hours?|minutes?)\b|\d:\d\d:\d\d", body), body
