from tests.test_accounts import *  # noqa

def test_probe(client, db, mailoutbox):
    make_verified_user()
    client.post(reverse("account_reset_password"), {"email": "alice@example.com"})
    reset_url = link_in(mailoutbox[0], r"/accounts/password/reset/key/[^\s]+/")
    r = client.get(reset_url, follow=True)
    print("chain", r.redirect_chain, r.context.get("token_fail"))
    form_url = r.redirect_chain[-1][0]
    r = client.post(form_url, {"password1": "brand-new-secret-77", "password2": "brand-new-secret-77"})
    print(r.status_code, r.url)
    other = client.__class__()
    r = other.get(reset_url, follow=True)
    print("reuse", r.status_code, r.redirect_chain, r.context.get("token_fail"), "form" in r.context)
    print(r.content.decode()[-1500:])
