"""Shared helpers of the moderation views: access checks and error replies."""
from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render

from games.errors import GameError, NotFound

from . import access
from .services import game_get


def moderator_required(view):
    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not access.is_moderator(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped


def load_game(game_id):
    from django.http import Http404

    try:
        return game_get(game_id)
    except NotFound:
        raise Http404


def deny_unless(allowed: bool) -> None:
    if not allowed:
        raise PermissionDenied


def reply_error(request, error: GameError, url: str, template: str, context: dict):
    """403 stays 403; HTMX gets the partial with the message; pages get a message and a redirect."""
    if error.status == 403:
        raise PermissionDenied(error.message)
    if request.htmx:
        # base.html's htmx-config swaps only 409/422 error bodies: show the message.
        status = error.status if error.status in (409, 422) else 422
        return render(request, template, {**context, "error": error.message}, status=status)
    messages.error(request, error.message)
    return redirect(url)


def reply_done(request, message: str, url: str, template: str, context: dict):
    if request.htmx:
        return render(request, template, context)
    if message:
        messages.success(request, message)
    return redirect(url)
