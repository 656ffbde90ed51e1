"""Private notes per player and game (issue 28, item 4; games/notes/): saved as
the player types, read only by their writer (never by the opponent, a
spectator or a moderator), kept after the game, in the player's data download;
bad input gets a clear message and loses nothing."""
import threading

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.urls import reverse

from games import notes
from games.models import Note
from games.play import services

pytestmark = pytest.mark.django_db
CANARY = "canary-5e1d: bluff the Iran coup next turn"


def login(client, user):
    client.force_login(user)
    return client


def test_a_note_is_saved_as_typed_and_read_back_only_by_its_writer(client, duel, alice, bob, carol):
    login(client, alice)
    saved = client.post(reverse("games:note", args=[duel.pk]), {"text": CANARY}, HTTP_HX_REQUEST="true")
    assert saved.status_code == 200 and "Saved at" in saved.content.decode()
    assert CANARY in client.get(reverse("games:note", args=[duel.pk])).content.decode()
    assert CANARY not in client.get(reverse("games:detail", args=[duel.pk])).content.decode()  # loaded on demand
    for reader in (bob, carol):
        login(client, reader)
        assert CANARY not in client.get(reverse("games:detail", args=[duel.pk])).content.decode()
        assert CANARY not in client.get(reverse("games:note", args=[duel.pk])).content.decode()
        assert CANARY not in client.get(reverse("api:game", args=[duel.pk])).content.decode()
        assert CANARY not in client.get(reverse("api:log", args=[duel.pk])).content.decode()
    login(client, carol)
    assert client.get(reverse("games:note", args=[duel.pk])).status_code == 404
    assert client.get(reverse("api:note", args=[duel.pk])).status_code == 403


def test_a_moderator_does_not_read_notes(client, duel, alice, make_user):
    notes.save(game_id=duel.pk, user=alice, text=CANARY)
    moderator = make_user("mod")
    moderator.groups.add(Group.objects.get_or_create(name="moderators")[0])
    moderator.is_staff = True
    moderator.save()
    login(client, moderator)
    for url in (reverse("games:detail", args=[duel.pk]), reverse("moderation:timeline", args=[duel.pk])):
        response = client.get(url)
        assert CANARY not in response.content.decode(), url


def test_a_too_long_note_is_refused_with_a_message_and_the_old_one_kept(client, duel, alice):
    notes.save(game_id=duel.pk, user=alice, text="keep me")
    login(client, alice)
    long = "x" * (notes.MAX_CHARS + 1)
    answer = client.post(reverse("games:note", args=[duel.pk]), {"text": long}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 422 and "at most 20000 characters" in answer.content.decode()
    api = client.put(reverse("api:note", args=[duel.pk]), {"text": long}, content_type="application/json")
    assert api.status_code == 400
    assert Note.objects.get(game=duel, user=alice).text == "keep me"


def test_the_api_reads_and_replaces_the_note_and_it_outlives_the_game(client, duel, alice, bob):
    login(client, alice)
    assert client.get(reverse("api:note", args=[duel.pk])).json() == {"text": ""}
    put = client.put(reverse("api:note", args=[duel.pk]), {"text": CANARY}, content_type="application/json")
    assert put.status_code == 200 and put.json() == {"text": CANARY}
    services.game_resign(game_id=duel.pk, user=bob)
    assert client.get(reverse("api:note", args=[duel.pk])).json() == {"text": CANARY}
    data = client.get(reverse("api:my_data")).json()
    assert data["notes"][0]["game"] == duel.pk and data["notes"][0]["text"] == CANARY
    assert [g["id"] for g in data["games"]] == [duel.pk] and data["games"][0]["role"] == "north"
    login(client, bob)
    assert client.get(reverse("api:my_data")).json()["notes"] == []


@pytest.mark.django_db(transaction=True)
def test_two_tabs_saving_at_once_leave_one_note(duel, alice):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite serialises writers")
    texts, errors = ["from the first tab", "from the second tab"], []

    def save(text):
        try:
            notes.save(game_id=duel.pk, user=alice, text=text)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=(t,)) for t in texts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and Note.objects.filter(game=duel, user=alice).count() == 1
    assert Note.objects.get(game=duel, user=alice).text in texts
