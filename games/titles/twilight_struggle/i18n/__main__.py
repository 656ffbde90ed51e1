"""Regenerate ``data_strings.py`` from the JSON data: ``python -m games.titles.twilight_struggle.i18n``."""
from games.titles.twilight_struggle.i18n.generate import PATH, render

PATH.write_text(render(), encoding="utf-8")
print(f"wrote {PATH}")
