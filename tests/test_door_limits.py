"""Issue 27, items 7 and 9: one limit per action whichever door it comes
through (API, HTML form, htmx), and a generous limit on pages and polls.

games/limits/doors.py counts an HTML POST in the API's scope for the same
action (the same cache entry per user and scope), and every page, partial
and poll per user and per address."""
import pytest
from django.core.cache import cache
from django.urls import reverse

from games.models import Game
from games.moderation.models import Report
from tests.test_security_limits import api_for, rates  # noqa: F401

pytestmark = pytest.mark.django_db
FORM = {"title_id": "duel", "side": "", "rated": "on", "time_kind": "per_move", "days": "3"}


@pytest.fixture(autouse=True)
def door_limits(settings):
    settings.HOTLINE_DOOR_LIMITS = True
    cache.clear()
    yield
    cache.clear()


def test_the_create_page_and_the_api_share_one_create_budget(client, rates, alice, bob):
    rates(create="3/hour")
    client.force_login(alice)
    assert [client.post(reverse("games:create"), FORM).status_code for _ in range(2)] == [302, 302]
    assert api_for(alice).post("/api/games/", {"title_id": "duel"}, format="json").status_code == 201
    refused = client.post(reverse("games:create"), FORM)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many requests" in refused.content.decode()
    assert api_for(alice).post("/api/games/", {"title_id": "duel"}, format="json").status_code == 429
    assert Game.objects.filter(created_by=alice).count() == 3
    client.force_login(bob)
    assert client.post(reverse("games:create"), FORM).status_code == 302  # bob's own budget


def test_reports_from_the_form_count_in_the_create_budget(client, rates, duel, alice):
    rates(create="2/hour")
    client.force_login(alice)
    url = reverse("moderation:report_create", args=[duel.pk])
    codes = [client.post(url, {"kind": "stalling", "text": f"slow {n}"}).status_code for n in range(3)]
    assert codes[2] == 429 and 429 not in codes[:2]
    assert Report.objects.filter(reporter=alice).count() <= 2


def test_a_move_by_htmx_counts_in_the_actions_budget_and_a_refused_one_changes_nothing(client, rates, duel, alice):
    rates(actions="1/min")
    client.force_login(alice)
    card = sorted(duel.state["hands"]["north"])[0]
    api = api_for(alice).post(f"/api/games/{duel.pk}/actions/", {"verb": "pick", "arg": card,
                                                                  "expected_seq": duel.seq}, format="json")
    assert api.status_code == 200
    duel.refresh_from_db()
    refused = client.post(reverse("games:act", args=[duel.pk]), {"verb": "resign"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 429
    assert Game.objects.get(pk=duel.pk).seq == duel.seq


def test_pages_and_polls_are_limited_per_user_and_per_address(client, rates, duel, alice, bob):
    rates(pages="5/min", pages_address="8/min")
    client.force_login(alice)
    status = reverse("games:status", args=[duel.pk])
    codes = [client.get(status).status_code for _ in range(6)]
    assert codes == [200] * 5 + [429]
    client.force_login(bob)  # the same address: bob has his own 5, the address 3 more
    codes = [client.get(reverse("games:detail", args=[duel.pk])).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_the_site_limits_are_generous_for_a_player(settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert rates["pages"] == "300/min" and rates["pages_address"] == "1200/min"  # 5 tabs polling: 100/min
