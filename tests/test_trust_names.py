"""Issue 27, item 12: ASCII lookalikes are names of someone else too.

Names are compared by ``accounts.text.name_key``: the Unicode skeleton plus
the ASCII folds l/I/i/1/|, 0/O and rn/m, stored beside every username and
display name. Sign-up and the profile page refuse a name whose key is taken,
and a name whose words fold to a staff word."""
import pytest

from accounts.models import User
from accounts.text import name_key
from tests.test_security_limits import profile_post, signup


@pytest.mark.parametrize("a, b", [("VlCTlM", "victim"), ("vict1m", "Victim"), ("rnod1", "mod1"),
                                  ("B0B", "bob"), ("Carol the Great", "carolthegreat"), ("Ｖｉｃｔｉｍ", "victim")])
def test_lookalikes_share_a_key(a, b):
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize("a, b", [("victor", "victim"), ("mod1", "mods"), ("ann", "anm")])
def test_different_names_keep_different_keys(a, b):
    assert name_key(a) != name_key(b)


@pytest.mark.django_db
@pytest.mark.parametrize("username, why", [("rnod1", "already"), ("Rnoderator", "staff"), ("VlCTlM", "already"),
                                           ("vict1m", "already"), ("adrnin", "staff")])
def test_signup_refuses_ascii_lookalikes_of_users_and_staff(client, make_user, username, why):
    make_user("mod1")
    make_user("victim")
    response = signup(client, username, "new@example.com")
    assert response.status_code == 200 and why in response.content.decode()
    assert User.objects.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["VlCTlM", "vict1m", "V I C T I M", "Rnoderator", "rnod1"])
def test_display_names_refuse_ascii_lookalikes(client, alice, make_user, name):
    make_user("mod1")
    victim = make_user("bystander")
    victim.profile.display_name = "Victim"
    victim.profile.save()
    client.force_login(alice)
    response = profile_post(client, name)
    assert response.status_code == 200 and "errorlist" in response.content.decode()
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == ""


@pytest.mark.django_db
def test_keys_are_stored_on_save_and_follow_a_renamed_display_name(make_user):
    user = make_user("Vict1m")
    assert User.objects.get(pk=user.pk).name_key == "vlctlm"
    user.profile.display_name = "Rnaria"
    user.profile.save(update_fields=["display_name"])
    user.profile.refresh_from_db()
    assert user.profile.display_key == "marla"  # rn as m, i as l


@pytest.mark.django_db
def test_an_ordinary_name_still_passes(client, alice, make_user):
    make_user("victim")
    client.force_login(alice)
    assert profile_post(client, "Victoria").status_code == 302
    assert signup(client, "victor", "victor@example.com").status_code == 302
