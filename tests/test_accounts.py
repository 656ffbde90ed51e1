"""Accounts: sign-up with email verification, log in/out, password reset,
case-insensitive usernames, rate limits, profile page, API token, seed_demo."""
import re

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.urls import reverse
from rest_framework.authtoken.models import Token

from accounts.models import Profile

User = get_user_model()
PASSWORD = "correct-horse-42"


@pytest.fixture(autouse=True)
def _clear_cache():
    """Rate-limit counters live in the (LocMem) cache: start every test afresh."""
    cache.clear()
    yield
    cache.clear()


def signup(client, username="Alice", email="alice@example.com", password=PASSWORD):
    return client.post(reverse("account_signup"), {
        "username": username, "email": email, "password1": password, "password2": password})


def login(client, login, password=PASSWORD):
    return client.post(reverse("account_login"), {"login": login, "password": password})


def is_logged_in(client):
    return "_auth_user_id" in client.session


def link_in(mail, pattern):
    match = re.search(r"https?://[^/\s]+(" + pattern + r")", mail.body)
    assert match, f"no link matching {pattern!r} in:\n{mail.body}"
    return match.group(1)


def make_verified_user(username="alice", email="alice@example.com", password=PASSWORD):
    user = User.objects.create_user(username=username, email=email, password=password)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def smallest_limit(action):
    """The smallest amount among the configured rates, e.g. "10/m/ip,5/5m/key" -> 5."""
    return min(int(rate.split("/")[0]) for rate in settings.ACCOUNT_RATE_LIMITS[action].split(","))


# --- sign up, verification, log in/out ---------------------------------------

def test_signup_requires_email_confirmation_before_login(client, db, mailoutbox):
    response = signup(client)
    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert not is_logged_in(client)
    user = User.objects.get(username="Alice")
    assert not EmailAddress.objects.get(user=user).verified
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["alice@example.com"]
    confirm_url = link_in(mailoutbox[0], r"/accounts/confirm-email/[^\s]+/")

    # Not confirmed yet: the right password does not log in.
    response = login(client, "Alice")
    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert not is_logged_in(client)

    # The link in the mail shows a confirmation page; confirming verifies the address.
    assert client.get(confirm_url).status_code == 200
    client.post(confirm_url)
    assert EmailAddress.objects.get(user=user).verified

    response = login(client, "Alice")
    assert response.status_code == 302
    assert is_logged_in(client)
    assert int(client.session["_auth_user_id"]) == user.pk


def test_signup_creates_profile_with_defaults(client, db, mailoutbox):
    signup(client)
    profile = Profile.objects.get(user__username="Alice")
    assert profile.timezone == "UTC"
    assert profile.email_your_turn and profile.email_invitations and profile.email_game_over


@pytest.mark.parametrize("identifier", ["alice", "ALICE", "alice@example.com", "Alice@Example.com"])
def test_login_by_username_or_email(client, db, identifier):
    user = make_verified_user()
    response = login(client, identifier)
    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == user.pk


def test_login_with_wrong_password_fails(client, db):
    make_verified_user()
    response = login(client, "alice", "not-the-password")
    assert response.status_code == 200
    assert not is_logged_in(client)
    assert response.context["form"].errors


def test_logout(client, db):
    make_verified_user()
    login(client, "alice")
    assert is_logged_in(client)
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert not is_logged_in(client)
    assert client.get(reverse("accounts:profile")).status_code == 302  # back to login


def test_password_reset_by_email(client, db, mailoutbox):
    make_verified_user()
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.com"})
    assert response.status_code == 302
    assert len(mailoutbox) == 1
    reset_url = link_in(mailoutbox[0], r"/accounts/password/reset/key/[^\s]+/")

    response = client.get(reset_url, follow=True)  # allauth moves the key into the session
    assert response.status_code == 200
    form_url = response.redirect_chain[-1][0] if response.redirect_chain else reset_url
    new_password = "brand-new-secret-77"
    response = client.post(form_url, {"password1": new_password, "password2": new_password})
    assert response.status_code == 302

    assert login(client, "alice", PASSWORD).status_code == 200  # old password refused
    assert not is_logged_in(client)
    login(client, "alice", new_password)
    assert is_logged_in(client)


def test_password_reset_link_cannot_be_reused(client, db, mailoutbox):
    make_verified_user()
    client.post(reverse("account_reset_password"), {"email": "alice@example.com"})
    reset_url = link_in(mailoutbox[0], r"/accounts/password/reset/key/[^\s]+/")
    response = client.get(reset_url, follow=True)
    form_url = response.redirect_chain[-1][0]
    client.post(form_url, {"password1": "brand-new-secret-77", "password2": "brand-new-secret-77"})
    response = client.__class__().get(reset_url, follow=True)
    assert response.context["token_fail"] is True
    assert "invalid, possibly because it has already been used" in response.content.decode()


# --- case-insensitive usernames ------------------------------------------------

def test_signup_keeps_username_casing_but_rejects_case_variant(client, db, mailoutbox):
    signup(client, "Alice", "alice@example.com")
    assert User.objects.filter(username="Alice").exists()  # stored as typed

    response = signup(client, "aLICE", "other@example.com")
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert User.objects.filter(username__iexact="alice").count() == 1


def test_adapter_rejects_case_variant_directly(db):
    from accounts.adapter import AccountAdapter
    from django import forms

    User.objects.create_user(username="Bob", password=PASSWORD)
    with pytest.raises(forms.ValidationError):
        AccountAdapter().clean_username("bOB")
    assert AccountAdapter().clean_username("Bobby") == "Bobby"


def test_database_constraint_rejects_case_variant(db):
    User.objects.create_user(username="Carol", password=PASSWORD)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="cAROL", password=PASSWORD)
    assert User.objects.count() == 1


# --- rate limits ---------------------------------------------------------------

def test_login_is_refused_after_too_many_failures_even_with_right_password(client, db):
    make_verified_user()
    for _ in range(smallest_limit("login_failed")):
        response = login(client, "alice", "wrong-password")
        assert response.status_code == 200
        assert "Too many failed login attempts" not in response.content.decode()
    response = login(client, "alice", PASSWORD)
    assert not is_logged_in(client)
    assert response.status_code == 200
    assert "Too many failed login attempts. Try again later." in response.content.decode()


def test_failed_login_limit_does_not_block_other_accounts(client, db):
    make_verified_user()
    make_verified_user("bob", "bob@example.com")
    for _ in range(smallest_limit("login_failed")):
        login(client, "alice", "wrong-password")
    login(client, "bob")
    assert is_logged_in(client)


def test_signup_is_rate_limited(client, db, mailoutbox):
    for _ in range(smallest_limit("signup")):
        assert client.post(reverse("account_signup"), {}).status_code == 200  # invalid, but counted
    response = signup(client, "Dora", "dora@example.com")
    assert response.status_code == 429
    html = response.content.decode()
    assert "too many requests in a short time" in html and 'id="main"' in html  # our page
    assert not User.objects.filter(username="Dora").exists()
    assert mailoutbox == []


# --- allauth pages use the site layout -------------------------------------------

@pytest.mark.parametrize("name", ["account_login", "account_signup", "account_reset_password"])
def test_allauth_pages_render_inside_site_layout(client, db, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="site-header"' in html and 'id="main"' in html
    assert "<form" in html and 'name="csrfmiddlewaretoken"' in html
    assert "accounts/accounts.css" in html


# --- profile -------------------------------------------------------------------

PROFILE_DATA = {"display_name": "  Alice   the Bold ", "timezone": "Asia/Seoul", "language": "ja",
                "email_your_turn": "on", "email_game_over": "on"}


def test_profile_requires_login(client, db):
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("account_login"))


def test_profile_page_shows_form(client, db):
    client.force_login(make_verified_user())
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 200
    html = response.content.decode()
    for field in ["display_name", "timezone", "language", "email_your_turn",
                  "email_invitations", "email_game_over"]:
        assert f'name="{field}"' in html
        assert f'for="id_{field}"' in html  # every control is labelled
    assert 'name="viewport"' in html


def test_profile_edit_saves(client, db):
    user = make_verified_user()
    client.force_login(user)
    response = client.post(reverse("accounts:profile"), PROFILE_DATA)
    assert response.status_code == 302
    profile = Profile.objects.get(user=user)
    assert profile.display_name == "Alice the Bold"
    assert profile.timezone == "Asia/Seoul"
    assert profile.language == "ja"
    assert profile.email_your_turn and profile.email_game_over
    assert not profile.email_invitations
    user.refresh_from_db()
    assert user.display == "Alice the Bold"
    page = client.get(response.url)
    assert "プロフィールを保存しました。" in page.content.decode()  # message in the new language


def test_profile_rejects_invalid_timezone(client, db):
    user = make_verified_user()
    client.force_login(user)
    response = client.post(reverse("accounts:profile"), {**PROFILE_DATA, "timezone": "Mars/Olympus_Mons"})
    assert response.status_code == 200
    assert "timezone" in response.context["form"].errors
    html = response.content.decode()
    assert "Your changes were not saved" in html
    assert 'aria-invalid="true"' in html
    profile = Profile.objects.get(user=user)
    assert profile.timezone == "UTC" and profile.display_name == ""


def test_profile_rejects_unknown_language(client, db):
    user = make_verified_user()
    client.force_login(user)
    response = client.post(reverse("accounts:profile"), {**PROFILE_DATA, "language": "xx"})
    assert "language" in response.context["form"].errors
    assert Profile.objects.get(user=user).language == ""


def test_profile_works_for_user_without_profile_row(client, db):
    user = make_verified_user()
    Profile.objects.filter(user=user).delete()
    client.force_login(User.objects.get(pk=user.pk))
    assert client.get(reverse("accounts:profile")).status_code == 200
    assert Profile.objects.filter(user=user).exists()


def test_api_token_create_and_regenerate(client, db):
    user = make_verified_user()
    client.force_login(user)
    assert client.get(reverse("accounts:api_token")).status_code == 405
    assert "You have no API token yet." in client.get(reverse("accounts:profile")).content.decode()

    client.post(reverse("accounts:api_token"))
    first = Token.objects.get(user=user).key
    assert first in client.get(reverse("accounts:profile")).content.decode()

    client.post(reverse("accounts:api_token"))
    second = Token.objects.get(user=user).key
    assert second != first
    assert Token.objects.filter(user=user).count() == 1


def test_api_token_requires_login(client, db):
    response = client.post(reverse("accounts:api_token"))
    assert response.status_code == 302
    assert not Token.objects.exists()


def test_profile_timezone_becomes_current_timezone(client, db):
    from django.utils import timezone

    seen = {}

    def spy(request):
        seen["tz"] = str(timezone.get_current_timezone())
        from django.http import HttpResponse
        return HttpResponse()

    from accounts.middleware import ProfileLanguageMiddleware
    from django.test import RequestFactory

    user = make_verified_user()
    Profile.objects.filter(user=user).update(timezone="America/Lima")
    request = RequestFactory().get("/")
    request.user = User.objects.get(pk=user.pk)
    ProfileLanguageMiddleware(spy)(request)
    assert seen["tz"] == "America/Lima"
    assert str(timezone.get_current_timezone()) == "UTC"  # reset afterwards


# --- seed_demo -------------------------------------------------------------------

def test_seed_demo_creates_users_idempotently(client, db, settings, capsys):
    settings.HOTLINE_ALLOW_DEMO_USERS = True
    call_command("seed_demo")
    call_command("seed_demo")
    out = capsys.readouterr().out
    assert "hotline-demo" in out

    players = {"alice", "bob", "carol", "dave", "erin", "fay", "gus", "hana", "jun", "kemal", "lena"}
    assert set(User.objects.values_list("username", flat=True)) == {"mod"} | players
    assert len(players) == 11  # the largest Dead of Winter table, with demo users alone
    mod = User.objects.get(username="mod")
    assert mod.is_staff and mod.groups.filter(name="moderators").exists()
    assert not User.objects.get(username="alice").is_staff
    assert not User.objects.get(username="bob").groups.exists()
    for user in User.objects.all():
        assert user.check_password("hotline-demo")
        assert EmailAddress.objects.filter(user=user).count() == 1
        assert EmailAddress.objects.filter(user=user, verified=True, primary=True).exists()

    login(client, "alice", "hotline-demo")  # verified: no confirmation step
    assert is_logged_in(client)


def test_seed_demo_refuses_in_production(db, settings):
    settings.HOTLINE_ALLOW_DEMO_USERS = False
    with pytest.raises(CommandError, match="HOTLINE_ALLOW_DEMO_USERS"):
        call_command("seed_demo")
    assert not User.objects.exists()
