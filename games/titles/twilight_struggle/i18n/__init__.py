"""Translation helpers for Twilight Struggle's data strings (names from the JSON data).

``makemessages`` cannot see strings that live in JSON, so ``data_strings.py``
repeats them as ``gettext_noop`` markers. It is generated from the data by
``python -m games.titles.twilight_struggle.i18n`` and a test fails when it is
out of date.
"""
