"""Names, not ids, on the moderator and player pages of any title (the example Duel here):
moves in words, secret picks hidden on the moderator timeline, audit details in words,
the whole log as a page with a replay for players (spectators after the game)."""
import re

import pytest
from django.urls import reverse

from games.engine import registry
from games.play import services
from games.models import Game
from games.moderation import actions
from games.moderation.models import AuditEntry
from tests.test_moderation_fixtures import fresh_cache, mod, play, suspension_middleware  # noqa: F401

pytestmark = pytest.mark.django_db
WHY = "checked the log with both players"
RAW = re.compile(r"\bpick \d+|\bmark \d+|\broll null|[{}\[\]]|&quot;")


def seen(response) -> str:
    """The page as read: no styles, scripts or tags."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def pick(game, user, role):
    game.refresh_from_db()
    card = sorted(game.state["hands"][role])[0]
    services.move_submit(game_id=game.pk, user=user, verb="pick", arg=card, expected_seq=game.seq)
    return card


def test_the_timeline_describes_every_move_and_hides_a_pending_secret_pick(client, duel, alice, mod):
    pick(duel, alice, "north")
    client.force_login(mod)
    page = seen(client.get(reverse("moderation:timeline", args=[duel.pk])))
    assert "The game was set up." in page and "North made a secret choice." in page
    assert not RAW.search(page), RAW.search(page)


def test_the_timeline_shows_a_pick_once_both_are_revealed_by_the_log(client, duel, alice, bob, mod):
    play(duel, alice, bob, rounds=1)
    client.force_login(mod)
    page = seen(client.get(reverse("moderation:timeline", args=[duel.pk])))
    show = registry.presentation("duel")
    for move in duel.moves.exclude(verb=".setup"):
        assert show.move_text(move, hide_arg=True) in page
    assert not RAW.search(page), RAW.search(page)


def test_a_rollback_in_the_audit_pages_names_the_move_it_went_back_to(client, duel, alice, bob, mod):
    play(duel, alice, bob, rounds=2)
    actions.mod_rollback(game_id=duel.pk, to_seq=3, moderator=mod, reason=WHY)
    client.force_login(alice)
    page = seen(client.get(reverse("moderation:game_audit", args=[duel.pk])))
    assert "Back to just after move 3. Move 3:" in page and not RAW.search(page)
    client.force_login(mod)
    page = seen(client.get(reverse("moderation:audit")))
    assert "Back to just after move 3." in page and "to_seq" not in page


def test_an_adjudication_reads_as_a_result_not_json(client, duel, mod):
    actions.mod_adjudicate(game_id=duel.pk, winners=["south"], moderator=mod, reason=WHY)
    client.force_login(mod)
    page = seen(client.get(reverse("moderation:timeline", args=[duel.pk])))
    assert page.count("South won (set by a moderator).") >= 2  # the result line and the audit entry
    assert "adjudicated" not in page and AuditEntry.objects.filter(action="adjudicate").exists()


def test_the_takeback_picker_offers_own_moves_in_words(client, duel, alice):
    pick(duel, alice, "north")
    duel.refresh_from_db()
    client.force_login(alice)
    html = client.get(reverse("moderation:game_panel", args=[duel.pk])).content.decode()
    option = re.search(r'<option value="%d">([^<]*)</option>' % duel.seq, html).group(1)
    assert option.startswith(f"Move {duel.seq}: North") and "(pick)" not in option


def test_the_whole_log_is_a_site_page_with_a_replay_for_players(client, duel, alice, bob, carol):
    play(duel, alice, bob, rounds=1)
    client.force_login(bob)
    page = client.get(reverse("games:log", args=[duel.pk])).content.decode()
    assert "<html" in page and 'id="replay-seq"' in page
    assert client.get(reverse("games:replay", args=[duel.pk]) + "?seq=2").status_code == 302
    board = client.get(reverse("games:replay", args=[duel.pk]) + "?seq=2", HTTP_HX_REQUEST="true")
    assert board.status_code == 200 and "Move 2:" in board.content.decode()
    client.force_login(carol)
    assert 'id="replay-seq"' not in client.get(reverse("games:log", args=[duel.pk])).content.decode()
    assert client.get(reverse("games:at_move", args=[duel.pk, 2])).status_code == 404
    Game.objects.filter(pk=duel.pk).update(status=Game.Status.FINISHED)
    assert client.get(reverse("games:at_move", args=[duel.pk, 2])).status_code == 200


def test_a_report_about_a_move_says_which_move_in_words(client, duel, alice, bob, mod):
    from games.moderation.models import Report

    play(duel, alice, bob, rounds=1)
    report = Report.objects.create(game=duel, reporter=bob, kind=Report.Kind.choices[0][0], text="that roll",
                                   move_seq=4)
    client.force_login(mod)
    page = seen(client.get(reverse("moderation:timeline", args=[duel.pk]) + f"?report={report.pk}"))
    move = duel.moves.get(seq=4)
    assert f"About move 4: {registry.presentation('duel').move_text(move, hide_arg=True)}" in page
