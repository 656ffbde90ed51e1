"""Names in a sentence that point at the map or open a card's text.

A log line, a briefing paragraph or a prompt is a sentence in the reader's
language; the title's presentation says which names it holds (`Ref`: a place
on the board, or a card with what it does in our own words). `linked` escapes
the sentence and turns the first occurrence of each name into:
- a place: a button with ``data-places`` — hovering or focusing it rings the
  place on the map, a click scrolls the map to it (static/js/board_marks.js);
- a card: a button that opens a popover with the card's text (the HTML
  ``popover`` attribute: no script, keyboard and screen-reader friendly).
The sentence's words never change; a name the sentence does not contain is
left out. Part of the engine (foundation): imports only Django's HTML helpers.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe


@dataclass(frozen=True)
class Ref:
    """A name in a sentence: a place (``place`` = (data attribute, key)) or a card (``text``)."""

    name: str
    place: tuple | None = None
    text: str = ""


def linked(text: str, refs, scope: str = "") -> SafeString:
    """``text`` escaped, with each ref's name (first occurrence, longest names
    first, never overlapping) made a link; ``scope`` makes popover ids unique on a page."""
    spans: list[tuple[int, int, Ref]] = []
    unique = list(dict.fromkeys(r for r in refs if r.name))  # in the given order: ties keep it
    for ref in sorted(unique, key=lambda r: -len(r.name)):
        at = _find(text, ref.name, spans)
        if at >= 0:
            spans.append((at, at + len(ref.name), ref))
    out, popovers, done = [], [], 0
    for n, (start, end, ref) in enumerate(sorted(spans, key=lambda s: s[0])):
        out += [escape(text[done:start]), _html(ref, text[start:end], f"{scope}-{n}")]
        popovers += [_popover(ref, text[start:end], f"{scope}-{n}")] if not ref.place else []
        done = end
    out.append(escape(text[done:]))
    return mark_safe("".join(out + popovers))  # the popovers after the sentence: its words stay together


def _find(text: str, name: str, taken) -> int:
    """The first occurrence of ``name`` that is a whole word (where the name
    starts or ends with a letter of a spaced script) and overlaps no other link."""
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        whole = not (_wordy(name[0]) and at and _wordy(text[at - 1])) and \
            not (_wordy(name[-1]) and end < len(text) and _wordy(text[end]))
        if whole and not any(at < e and s < end for s, e, _ in taken):
            return at
        at = text.find(name, at + 1)
    return -1


def _wordy(char: str) -> bool:
    """A letter or digit of a script that spaces its words and attaches nothing to
    them (Latin, Greek, Cyrillic); Korean, Japanese and Chinese names take particles."""
    return char.isalnum() and ord(char) < 0x1100


def _html(ref: Ref, name: str, uid: str) -> str:
    if ref.place:
        return format_html('<button type="button" class="place-link" data-places="{}">{}</button>',
                           json.dumps([list(ref.place)]), name)
    return format_html('<button type="button" class="card-link" popovertarget="card-{}">{}</button>', uid, name)


def _popover(ref: Ref, name: str, uid: str) -> str:
    return format_html('<span class="card-pop" id="card-{}" popover><strong>{}</strong> {}</span>',
                       uid, name, ref.text)
