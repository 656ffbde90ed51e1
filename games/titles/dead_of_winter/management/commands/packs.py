"""``manage.py packs validate [PATH]``: check Dead of Winter content packs.

Without PATH every pack in ``games/titles/dead_of_winter/packs/`` is checked
against ``schema.json`` and the engine's vocabulary, and every content pack
is checked for completeness together with the facts packs. With PATH (a file
or a folder) those packs are checked too, as if they were installed.
"""
from __future__ import annotations

import json
import pathlib

from django.core.management.base import BaseCommand, CommandError

from games.titles.dead_of_winter.rules.data import PACK_DIR, load_packs
from games.titles.dead_of_winter.rules.packcheck import check_content, check_pack, merge


def schema_errors(pack: dict) -> list[str]:
    try:
        import jsonschema
    except ImportError:  # the structural checks of packcheck still run
        return []
    schema = json.loads((PACK_DIR / "schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in validator.iter_errors(pack)]


def validate(packs: list[dict]) -> dict:
    """pack id -> list of problems (empty when fine)."""
    report = {p.get("pack", "?"): schema_errors(p) + check_pack(p) for p in packs}
    facts = [p for p in packs if p.get("kind") == "facts" and not report[p["pack"]]]
    for pack in packs:
        if pack.get("kind") == "content" and not report[pack["pack"]]:
            report[pack["pack"]] += [f"with the facts packs: {e}" for e in check_content(merge(facts + [pack]))]
    return report


def read(path: pathlib.Path) -> list[dict]:
    if path.is_dir():
        return load_packs(path)
    return [json.loads(path.read_text(encoding="utf-8"))]


class Command(BaseCommand):
    help = "Validate Dead of Winter content packs: manage.py packs validate [PATH]"

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["validate"])
        parser.add_argument("path", nargs="?", default=None)

    def handle(self, *args, action, path, **options):
        packs = load_packs()
        if path:
            extra = read(pathlib.Path(path))
            names = {p.get("pack") for p in extra}
            packs = [p for p in packs if p.get("pack") not in names] + extra
        report = validate(packs)
        bad = 0
        for name, problems in report.items():
            pack = next(p for p in packs if p.get("pack", "?") == name)
            head = f"{name} ({pack.get('kind')}, source: {pack.get('source', '?')[:40]}, licence: {pack.get('licence')})"
            if problems:
                bad += 1
                self.stdout.write(f"FAIL {head}")
                for problem in problems:
                    self.stdout.write(f"  - {problem}")
            else:
                self.stdout.write(f"ok   {head}")
        if bad:
            raise CommandError(f"{bad} pack(s) failed validation")
