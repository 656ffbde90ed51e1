from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from .forms import ProfileForm
from .models import Profile
from .signals import night_hours_changed


@never_cache  # the page shows the API token: no browser or proxy may keep it
@login_required
def profile_edit(request):
    profile, _created = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=profile)
    night = (profile.night_start, profile.night_end)  # is_valid() writes the form's values into profile
    if request.method == "POST" and form.is_valid():
        form.save()
        if (profile.night_start, profile.night_end) != night:
            night_hours_changed.send(sender=Profile, user=request.user)
        # Say "saved" in the language the next page will be shown in.
        translation.activate(profile.language or translation.get_language_from_request(request))
        messages.success(request, _("Your profile has been saved."))
        return redirect("accounts:profile")
    token = Token.objects.filter(user=request.user).first()
    return render(request, "accounts/profile.html", {"form": form, "token": token})


@login_required
@require_POST
def api_token(request):
    Token.objects.filter(user=request.user).delete()
    Token.objects.create(user=request.user)
    messages.success(request, _("A new API token has been created. Any previous token no longer works."))
    return redirect("accounts:profile")
