"""title_id -> rules object, from the title apps in settings.HOTLINE_TITLES
(each `games/titles/<id>/rules/` exposes RULES) plus HOTLINE_EXTRA_TITLES."""
from importlib import import_module

from django.conf import settings

from games.engine.presentation import Presentation


class UnknownTitle(LookupError):
    pass


def _optional(path: str):
    """The module at ``path``, or None when it does not exist (yet)."""
    try:
        return import_module(path)
    except ModuleNotFoundError as error:
        if error.name and path.startswith(error.name):
            return None
        raise


def _load() -> tuple[dict, dict]:
    titles, shows = {}, {}
    sources = [(f"{app}.rules", f"{app}.presentation") for app in settings.HOTLINE_TITLES]
    sources += [(path, None) for path in settings.HOTLINE_EXTRA_TITLES]
    for rules_path, show_path in sources:
        rules = getattr(_optional(rules_path), "RULES", None)
        if rules is None:  # a package without RULES is not a playable title yet
            continue
        titles[rules.title_id] = rules
        show = getattr(_optional(show_path), "PRESENTATION", None) if show_path else None
        shows[rules.title_id] = show or Presentation(rules)
    return titles, shows


_TITLES: dict | None = None
_SHOWS: dict | None = None


def titles() -> dict:
    global _TITLES, _SHOWS
    if _TITLES is None:
        _TITLES, _SHOWS = _load()
    return _TITLES


def presentation(title_id: str) -> Presentation:
    """The title's presentation (words, board template, option labels)."""
    titles()
    try:
        return _SHOWS[title_id]
    except KeyError:
        raise UnknownTitle(f"unknown title {title_id!r}") from None


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
    global _TITLES, _SHOWS
    _TITLES = _SHOWS = None
