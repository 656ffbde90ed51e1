"""The shape of the code: one folder per title, dependencies pointing one way.

* Apps never import each other in a cycle; `games` (the title-agnostic core)
  never imports the apps that build on it (ladder, moderation) nor any title.
* Nothing outside a title's folder imports from it or names it: the one line
  of settings (HOTLINE_TITLES) aside. The registry loads titles by the
  module paths in that setting.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
CODE_DIRS = ["games", "accounts", "config", "tests"]
TEXT_DIRS = CODE_DIRS + ["templates", "static"]
TITLES = sorted(p.name for p in (ROOT / "games" / "titles").iterdir() if (p / "apps.py").exists())


def app_of(module: str) -> str | None:
    """The app a module belongs to: games, ladder, moderation, accounts, config, tests, title:<id>."""
    parts = module.split(".")
    if parts[0] == "games" and len(parts) > 2 and parts[1] == "titles":
        return f"title:{parts[2]}"
    if parts[0] == "games" and len(parts) > 1 and parts[1] in ("ladder", "moderation"):
        return parts[1]
    return parts[0] if parts[0] in ("games", "accounts", "config", "tests") else None


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Absolute module names a file imports, wherever in the file (function-level too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).rsplit(".", 0 if path.name == "__init__.py" else 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            out.add(base)
            out |= {f"{base}.{alias.name}" for alias in node.names}
    return out


def python_files(dirs) -> list[Path]:
    return sorted(p for d in dirs for p in (ROOT / d).rglob("*.py") if "__pycache__" not in p.parts)


def app_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in python_files(["games", "accounts", "config"]):
        source = app_of(module_name(path))
        if source is None or "tests" in path.relative_to(ROOT).parts:
            continue
        for target in filter(None, map(app_of, imported(path))):
            if target != source:
                graph.setdefault(source, set()).add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Pairs (a, b) where b imports a back, directly or through other apps."""
    def reaches(start, goal, seen=()):
        return any(n == goal or (n not in seen and reaches(n, goal, seen + (n,))) for n in graph.get(start, ()))
    return sorted((a, b) for a in graph for b in graph[a] if reaches(b, a))


def test_there_are_no_import_cycles_between_apps():
    assert cycles(app_graph()) == []


def test_the_cycle_check_finds_a_cycle():
    assert cycles({"games": {"ladder"}, "ladder": {"moderation"}, "moderation": {"games"}}) != []


def test_games_never_imports_the_apps_built_on_it():
    assert app_graph().get("games", set()) & {"ladder", "moderation", *[f"title:{t}" for t in TITLES]} == set()


def test_the_title_folders_are_the_ones_in_settings():
    assert [f"games.titles.{t}" for t in TITLES] == sorted(settings.HOTLINE_TITLES)


@pytest.mark.parametrize("title", TITLES)
def test_nothing_outside_a_title_folder_imports_from_it(title):
    inside = ROOT / "games" / "titles" / title
    offenders = [str(p.relative_to(ROOT)) for p in python_files(CODE_DIRS)
                 if inside not in p.parents and any(m.startswith(f"games.titles.{title}") for m in imported(p))]
    assert offenders == []


@pytest.mark.parametrize("title", TITLES)
def test_only_the_title_folder_names_the_title(title):
    """Code, templates and static files outside the folder never name it (settings' one line aside)."""
    inside = ROOT / "games" / "titles" / title
    pattern = re.compile(re.escape(title))
    offenders = []
    for path in sorted(p for d in TEXT_DIRS for p in (ROOT / d).rglob("*") if p.is_file()):
        if inside in path.parents or "__pycache__" in path.parts or path.suffix in (".pyc", ".mo"):
            continue
        hits = [n for n, line in enumerate(path.read_text(errors="ignore").splitlines(), 1) if pattern.search(line)]
        if path == ROOT / "config" / "settings.py":
            hits = hits[1:]  # the one line in HOTLINE_TITLES
        offenders += [f"{path.relative_to(ROOT)}:{n}" for n in hits]
    assert offenders == []
