"""title_id -> rules object, from the title apps in settings.HOTLINE_TITLES
(each `games/titles/<id>/rules/` exposes RULES) plus HOTLINE_EXTRA_TITLES."""
from importlib import import_module

from django.conf import settings


class UnknownTitle(LookupError):
    pass


def _load() -> dict:
    titles = {}
    paths = [f"{app}.rules" for app in settings.HOTLINE_TITLES] + list(settings.HOTLINE_EXTRA_TITLES)
    for path in paths:
        try:
            module = import_module(path)
        except ModuleNotFoundError as error:
            if error.name and path.startswith(error.name):
                continue  # a built-in title not written yet
            raise
        rules = getattr(module, "RULES", None)
        if rules is not None:  # a package without RULES is not a playable title yet
            titles[rules.title_id] = rules
    return titles


_TITLES: dict | None = None


def titles() -> dict:
    global _TITLES
    if _TITLES is None:
        _TITLES = _load()
    return _TITLES


def get(title_id: str):
    try:
        return titles()[title_id]
    except KeyError:
        raise UnknownTitle(f"unknown title {title_id!r}") from None


def offered() -> list:
    """Titles shown on the create-game page (previews only when enabled)."""
    show_previews = settings.HOTLINE_ENABLE_PREVIEW_TITLES
    return [r for r in titles().values() if show_previews or not getattr(r, "preview", False)]


def reset() -> None:
    global _TITLES
    _TITLES = None
