"""Issue 22, part 3: limits on abuse.

DRF's throttles per user (per address when signed out) and scope answer 429
with ``Retry-After`` in the usual JSON error shape; invitations are counted
per invited player; the chat page and the chat API share one budget;
allauth limits the account pages. Names cannot hide, mix alphabets or
imitate someone else, and a chat line needs something visible.
"""
import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game
from games.moderation.models import ChatMessage

pytestmark = pytest.mark.django_db
User = get_user_model()
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def rates(settings):
    """Set some throttle rates for one test (the others keep the site's)."""
    def set_rates(**scoped):
        current = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**current, **scoped}}

    return set_rates


def api_for(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def assert_rate_limited(response):
    assert response.status_code == 429, response.content
    body = response.json()
    assert body["error"] == "rate_limited" and body["detail"]
    assert int(response["Retry-After"]) > 0 and body["retry_after"] == int(response["Retry-After"])


def test_creating_games_is_limited_per_user(rates, alice, bob):
    rates(create="3/hour")
    a = api_for(alice)
    codes = [a.post("/api/games/", {"title_id": "duel"}, format="json").status_code for _ in range(3)]
    assert codes == [201, 201, 201]
    assert_rate_limited(a.post("/api/games/", {"title_id": "duel"}, format="json"))
    assert Game.objects.count() == 3
    assert api_for(bob).post("/api/games/", {"title_id": "duel"}, format="json").status_code == 201  # own budget


def test_invitations_are_limited_per_invited_player_whoever_sends_them(rates, alice, bob, carol, make_user):
    rates(invitations="2/hour")
    dave = make_user("dave")
    a, c = api_for(alice), api_for(carol)
    assert a.post("/api/games/", {"title_id": "duel", "invite": "bob"}, format="json").status_code == 201
    assert c.post("/api/games/", {"title_id": "duel", "invite": "BOB"}, format="json").status_code == 201
    assert_rate_limited(a.post("/api/games/", {"title_id": "duel", "invite": "bob"}, format="json"))
    assert_rate_limited(c.post("/api/games/", {"title_id": "duel", "invite": " Bob "}, format="json"))
    assert Game.objects.filter(invited_user=bob).count() == 2
    assert c.post("/api/games/", {"title_id": "duel", "invite": dave.username}, format="json").status_code == 201
    assert a.post("/api/games/", {"title_id": "duel"}, format="json").status_code == 201  # a seek invites nobody


def test_the_create_page_shares_the_invitations_budget_of_the_invited_player(client, rates, alice, bob, carol):
    rates(invitations="2/hour")
    assert api_for(carol).post("/api/games/", {"title_id": "duel", "invite": "bob"}, format="json").status_code == 201
    client.force_login(alice)
    form = {"title_id": "duel", "side": "", "rated": "on", "invite": "bob", "time_kind": "per_move", "days": "3"}
    assert client.post(reverse("games:create"), form).status_code == 302
    page = client.post(reverse("games:create"), form)
    assert page.status_code == 422 and "too many invitations" in page.content.decode()
    assert Game.objects.filter(invited_user=bob).count() == 2


def test_reads_are_limited_per_user(rates, duel, alice, bob):
    rates(read="4/min")
    a = api_for(alice)
    assert [a.get(f"/api/games/{duel.pk}/prompt/").status_code for _ in range(4)] == [200] * 4
    assert_rate_limited(a.get(f"/api/games/{duel.pk}/prompt/"))
    assert api_for(bob).get(f"/api/games/{duel.pk}/prompt/").status_code == 200


def test_moves_are_limited_and_a_refused_move_changes_nothing(rates, duel, alice):
    rates(actions="2/min")
    a = api_for(alice)
    url = f"/api/games/{duel.pk}/actions/"
    for _ in range(2):
        a.post(url, {"verb": "nonsense", "arg": None, "expected_seq": duel.seq}, format="json")
    card = sorted(duel.state["hands"]["north"])[0]
    assert_rate_limited(a.post(url, {"verb": "pick", "arg": card, "expected_seq": duel.seq}, format="json"))
    duel.refresh_from_db()
    assert duel.seq == 1


def test_writes_are_limited_across_endpoints(rates, duel, alice):
    rates(write="2/min")
    a = api_for(alice)
    a.post(f"/api/games/{duel.pk}/actions/", {"verb": "x", "expected_seq": 1}, format="json")
    a.post("/moderation/api/reports/", {"game": duel.pk, "kind": "other", "text": "x"}, format="json")
    assert_rate_limited(a.post(f"/api/games/{duel.pk}/resign/"))
    duel.refresh_from_db()
    assert duel.status == Game.Status.ACTIVE


def test_signed_out_reads_are_limited_per_address_and_a_forged_forwarded_for_does_not_help(rates, duel):
    rates(read="2/min")
    client = APIClient()
    url = f"/api/games/{duel.pk}/"
    assert [client.get(url, REMOTE_ADDR="203.0.113.5").status_code for _ in range(2)] == [200, 200]
    assert_rate_limited(client.get(url, REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR="198.51.100.9"))
    assert client.get(url, REMOTE_ADDR="203.0.113.6").status_code == 200


def test_behind_one_proxy_the_forwarded_address_is_the_client(rates, settings, duel):
    rates(read="1/min")
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    client = APIClient()
    url = f"/api/games/{duel.pk}/"
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    assert client.get(url, HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy).status_code == 200
    assert_rate_limited(client.get(url, HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy))
    assert client.get(url, HTTP_X_FORWARDED_FOR="203.0.113.6", **proxy).status_code == 200


def test_the_chat_page_and_the_chat_api_share_one_budget(client, settings, duel, alice):
    settings.HOTLINE_CHAT_PER_MINUTE = 2
    client.force_login(alice)
    assert client.post(reverse("moderation:chat", args=[duel.pk]), {"body": "one"}, **HTMX).status_code == 200
    assert api_for(alice).post(f"/moderation/api/games/{duel.pk}/chat/", {"body": "two"},
                               format="json").status_code == 201
    assert_rate_limited(api_for(alice).post(f"/moderation/api/games/{duel.pk}/chat/", {"body": "three"},
                                            format="json"))
    page = client.post(reverse("moderation:chat", args=[duel.pk]), {"body": "four"}, **HTMX)
    assert page.status_code == 422 and "too fast" in page.content.decode()
    assert list(ChatMessage.objects.values_list("body", flat=True)) == ["one", "two"]


def test_password_reset_mails_to_one_address_are_capped_per_hour(client, alice):
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    codes = [client.post(reverse("account_reset_password"), {"email": alice.email}).status_code for _ in range(4)]
    assert codes[:3] == [302] * 3 and codes[3] == 429  # 3 an hour (allauth's default let 300 through)


def login(client, username, password, address):
    return client.post(reverse("account_login"), {"login": username, "password": password}, REMOTE_ADDR=address)


def test_wrong_passwords_lock_the_account_from_that_address_only(client, alice):
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    for _ in range(5):
        assert login(client, "alice", "wrong", "203.0.113.9").status_code == 200
    refused = login(client, "alice", "pw-for-tests-1", "203.0.113.9")
    assert "_auth_user_id" not in client.session and "Too many" in refused.content.decode()
    assert login(client, "alice", "pw-for-tests-1", "198.51.100.7").status_code == 302  # the owner, elsewhere
    assert client.session["_auth_user_id"] == str(alice.pk)


# --- names -----------------------------------------------------------------------------

def signup(client, username, email):
    return client.post(reverse("account_signup"), {"username": username, "email": email,
                                                   "password1": "a-long-pass-phrase-1", "password2": "a-long-pass-phrase-1"})


@pytest.mark.parametrize("username, why", [
    ("\u0430lice", "one alphabet"),  # Cyrillic а + Latin
    ("mod\u0131", "looks like another letter"),  # dotless ı
    ("Moderator", "staff"),
    ("the_m0d", "staff"),
    ("\uff22\uff4f\uff42", "already"),  # fullwidth Ｂｏｂ is Bob, and bob exists
    ("\u0440\u043e\u0441", "already"),  # Cyrillic "рос" looks like poc, who exists
])
def test_usernames_that_mix_imitate_or_hide_are_refused(client, bob, make_user, username, why):
    make_user("poc")
    response = signup(client, username, "new@example.com")
    assert response.status_code == 200 and why in response.content.decode()
    assert User.objects.count() == 2


@pytest.mark.parametrize("username, stored", [("\uff24\uff41\uff56\uff45", "Dave"), ("José", "José"),
                                              ("山田たろう", "山田たろう"), ("김철수", "김철수"), ("алиса", "алиса")])
def test_usernames_are_stored_normalised_and_other_alphabets_are_welcome(client, db, username, stored):
    response = signup(client, username, "new@example.com")
    assert response.status_code == 302, response.content.decode()[:2000]
    assert User.objects.get().username == stored


def profile_post(client, display_name):
    return client.post(reverse("accounts:profile"), {"display_name": display_name, "timezone": "UTC",
                                                     "language": "", "digest_hour": ""})


@pytest.mark.parametrize("name", ["bob", "BOB", "B\u043eb", "Moderator", "Site Moderator", "\u200b\u200b",
                                  "ali\u200bce", "\u202eecila", "Carol the Great"])
def test_display_names_cannot_hide_or_imitate_someone(client, alice, bob, carol, name):
    carol.profile.display_name = "Carol the Great"
    carol.profile.save()
    client.force_login(alice)
    response = profile_post(client, name)
    assert response.status_code == 200 and "errorlist" in response.content.decode()
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == ""


@pytest.mark.parametrize("name, stored", [("Alice Liddell", "Alice Liddell"), ("alice", "alice"),
                                          ("\uff21\uff4c\uff49", "Ali"), ("", "")])
def test_own_and_ordinary_display_names_are_kept(client, alice, bob, name, stored):
    client.force_login(alice)
    assert profile_post(client, name).status_code == 302
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == stored


@pytest.mark.parametrize("body", ["\u200b", "\u200b\u200d\ufeff", "\u202e\u202c", "\u2066 \u2069", "\u3164"])
def test_a_chat_line_with_nothing_visible_is_refused(client, duel, alice, body):
    client.force_login(alice)
    page = client.post(reverse("moderation:chat", args=[duel.pk]), {"body": body}, **HTMX)
    api = api_for(alice).post(f"/moderation/api/games/{duel.pk}/chat/", {"body": body}, format="json")
    assert page.status_code == 422 and api.status_code == 400 and api.json()["error"] == "bad_request"
    assert not ChatMessage.objects.exists()


def test_a_chat_line_with_text_and_a_zero_width_joiner_is_kept(duel, alice):
    response = api_for(alice).post(f"/moderation/api/games/{duel.pk}/chat/", {"body": "👩\u200d🚀 gg"}, format="json")
    assert response.status_code == 201 and ChatMessage.objects.get().body == "👩\u200d🚀 gg"
