"""Issue 29 item 19: the log-in and sign-up pages use the site's layout and words
("Log in", "Sign up"), in the reader's language, and still log in and sign up."""
import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def words(response) -> str:
    main = response.content.decode().split('id="main"', 1)[-1]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


def test_the_log_in_page_says_log_in_and_keep_me_logged_in():
    text = words(client_get(reverse("account_login")))
    assert text.count("Log in") >= 2 and "Keep me logged in on this device" in text and "Username or email" in text
    for theirs in ("Sign In", "Sign in", "Remember Me", "Signup", "Sign Up"):
        assert theirs not in text, theirs


def test_the_sign_up_page_says_sign_up():
    text = words(client_get(reverse("account_signup")))
    assert text.count("Sign up") >= 2 and "Log in" in text
    for theirs in ("Sign Up", "Signup", "Sign In", "sign in"):
        assert theirs not in text, theirs


@pytest.mark.parametrize("lang", ["ko", "ja", "es"])
def test_both_pages_speak_the_readers_language(lang):
    for name, english in (("account_login", "Keep me logged in on this device"),
                          ("account_signup", "Already have an account?")):
        text = words(client_get(reverse(name), HTTP_ACCEPT_LANGUAGE=lang))
        assert english not in text and "Log in" not in text, (name, lang)


def test_the_site_form_still_logs_in(client, alice):
    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    response = client.post(reverse("account_login"), {"login": "alice", "password": "pw-for-tests-1"})
    assert response.status_code == 302 and int(client.session["_auth_user_id"]) == alice.pk


def client_get(url, **headers):
    from django.test import Client

    return Client().get(url, **headers)
