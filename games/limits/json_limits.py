"""JSON that the site can store and handle: a depth limit, no NUL, no lone
surrogates. Used by the API's parser and by the HTML move form."""
from __future__ import annotations

import json

MAX_DEPTH = 16


class JSONTooDeep(ValueError):
    pass


def _strict_constant(name):
    raise ValueError(f"{name} is not valid JSON")


def loads(text: str, strict: bool = True):
    """``json.loads`` plus ``check``; a ``ValueError`` for anything refused."""
    try:
        data = json.loads(text, parse_constant=_strict_constant if strict else None)
    except RecursionError:
        raise JSONTooDeep(f"JSON nested more than {MAX_DEPTH} deep.")
    check(data)
    return data


def check(data) -> None:
    """Walk without recursion: depth, and every string and key."""
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise JSONTooDeep(f"JSON nested more than {MAX_DEPTH} deep.")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                _check_text(key)
                pending.append((item, depth + 1))
        else:
            _check_text(value)


def _check_text(value) -> None:
    if not isinstance(value, str):
        return
    if "\x00" in value:
        raise ValueError("text may not contain NUL characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text may not contain unpaired surrogates")
