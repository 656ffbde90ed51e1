from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username, shallow=False):
        username = super().clean_username(username, shallow=shallow)
        if not shallow and get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This username is already taken."))
        return username
