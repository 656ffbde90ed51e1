"""The private calendar of deadlines (issue 30, item 4; games/reach/calendar.py):
a secret address per player, revocable, listing every running deadline of
their games with a link to each, updated by every move, in their language."""
from __future__ import annotations

import pytest
from django.urls import reverse
from icalendar import Calendar

from accounts.models import Profile
from games.engine import registry
from games.models import CalendarFeed, Seat
from games.play import services

pytestmark = pytest.mark.django_db


def second(moment):
    return moment.replace(microsecond=0)  # iCalendar times are to the second


def address(client, user) -> str:
    client.force_login(user)
    client.post(reverse("games:calendar_renew"))
    return reverse("games:calendar_feed", args=[CalendarFeed.objects.get(user=user).token])


def events(client, url: str) -> list:
    client.logout()  # a calendar application fetches without logging in
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    assert "no-store" in response["Cache-Control"]
    return list(Calendar.from_ical(response.content).walk("VEVENT"))


def test_the_feed_lists_each_running_deadline_with_a_link_and_follows_the_moves(client, alice, bob, clocked_duel):
    running = Seat.objects.filter(game=clocked_duel, deadline_at__isnull=False).select_related("user")
    due = {s.user.username: s for s in running}
    assert due, "the game's clock runs"
    url = address(client, alice)
    found = events(client, url)
    assert sorted(e.decoded("dtstart") for e in found) == sorted(second(s.deadline_at) for s in due.values())
    assert all(str(e["url"]).endswith(f"/games/{clocked_duel.pk}/") and f"#{clocked_duel.pk}" in str(e["summary"])
               for e in found)
    mine = [e for e in found if "your move" in str(e["summary"])]
    assert len(mine) == ("alice" in due)
    if "bob" in due:
        assert any("bob" in str(e["summary"]) and "must move" in str(e["summary"]) for e in found)
    if mine and due["alice"].next_reminder_at:
        assert list(mine[0].walk("VALARM")), "the reminder is an alarm"

    mover = due.get("alice") or next(iter(due.values()))
    choice = registry.get(clocked_duel.title_id).prompt(clocked_duel.state, mover.role).choices[0]
    services.move_submit(game_id=clocked_duel.pk, user=mover.user, verb=choice.verb, arg=choice.arg,
                         expected_seq=clocked_duel.seq)
    after = events(client, url)
    now_due = Seat.objects.filter(game=clocked_duel, deadline_at__isnull=False)
    assert sorted(e.decoded("dtstart") for e in after) == sorted(second(s.deadline_at) for s in now_due)
    assert len({str(e["uid"]) for e in after}) == len(after)


def test_a_new_address_revokes_the_old_one_and_off_turns_it_off(client, alice, clocked_duel):
    old = address(client, alice)
    client.force_login(alice)
    client.post(reverse("games:calendar_renew"))
    new = reverse("games:calendar_feed", args=[CalendarFeed.objects.get(user=alice).token])
    assert new != old
    client.logout()
    assert client.get(old).status_code == 404 and client.get(new).status_code == 200
    client.force_login(alice)
    client.post(reverse("games:calendar_off"))
    client.logout()
    assert client.get(new).status_code == 404 and not CalendarFeed.objects.filter(user=alice).exists()
    assert client.get("/games/calendar/not-a-token.ics").status_code == 404


def test_the_page_shows_the_secret_address_only_to_its_owner_and_is_never_cached(client, alice, bob):
    url = address(client, alice)
    page = client.get(reverse("games:calendar"))
    assert url in page.content.decode() and "no-store" in page["Cache-Control"] or "max-age=0" in page["Cache-Control"]
    client.force_login(bob)
    assert url not in client.get(reverse("games:calendar")).content.decode()
    client.logout()
    assert client.get(reverse("games:calendar")).status_code == 302  # log in first
    assert client.get(reverse("games:calendar_renew")).status_code in (302, 405)  # a GET changes nothing
    assert CalendarFeed.objects.count() == 1


def test_the_feed_speaks_its_owners_language(client, alice, bob, clocked_duel):
    Profile.objects.filter(user__in=[alice, bob]).update(language="ko")
    found = events(client, address(client, alice))
    assert found
    for event in found:
        summary = str(event["summary"])
        assert "your move" not in summary and "must move" not in summary and f"#{clocked_duel.pk}" in summary


def test_the_api_door_reads_renews_and_turns_off_the_same_address(alice):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    assert api.get("/api/me/calendar/").json() == {"address": ""}
    first = api.post("/api/me/calendar/").json()["address"]
    assert first.endswith(".ics") and api.get("/api/me/calendar/").json()["address"] == first
    second = api.post("/api/me/calendar/").json()["address"]
    assert second != first and APIClient().get(first).status_code == 404 and APIClient().get(second).status_code == 200
    response = api.delete("/api/me/calendar/")
    assert response.json() == {"address": ""} and response["Cache-Control"] == "no-store"
    assert APIClient().get(second).status_code == 404 and APIClient().get("/api/me/calendar/").status_code in (401, 403)
