from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from . import text


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username, shallow=False):
        """NFKC first ("Ｂｏｂ" is "Bob"), then no mixed alphabets, lookalikes,
        staff words, nor a name that looks like someone else's."""
        username = text.normalise(username or "")
        username = super().clean_username(username, shallow=shallow)
        try:
            text.check_name(username)
        except ValidationError as error:
            raise forms.ValidationError(error.messages[0])
        if not shallow and text.imitated_user(username) is not None:
            raise forms.ValidationError(_("This username is already taken."))
        return username

    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        """Failed logins lock an (account, address) pair, not the account:
        five wrong passwords from one address never lock the owner out from
        another (``login_failed`` in settings.ACCOUNT_RATE_LIMITS; each address
        is also limited on its own, 10 a minute)."""
        account = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}:{self.get_client_ip(request)}"
