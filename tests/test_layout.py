"""The shape of the code: one folder per title, one room per capability,
dependencies pointing one way.

* No two modules of the project import each other, directly or round a
  circle, counting imports wherever they are written (inside functions too).
* `games` is rooms (docs/architecture.md): each room imports only the
  foundation and the rooms below it (`ROOMS`), says in its docstring what
  it owns and what it may import, and is on the architecture page.
* A title's code imports only the rules core, the engine's contract for
  titles and its own folder.
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


# -- modules and rooms -----------------------------------------------------------
GRAPH_DIRS = ["games", "accounts", "config", "tests", "bench"]
FOUNDATION = ["models", "fields", "errors", "signals"]
# Bottom to top: a room imports the foundation and the rooms before it in this list.
ROOMS = ["store", "engine", "limits", "clocks", "play", "briefing", "mail", "reach", "tables", "live", "notes", "web", "api"]
TITLE_MAY_IMPORT = ("games.rules", "games.engine.presentation", "games.engine.i18n_tables")


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in python_files(GRAPH_DIRS) if "migrations" not in p.parts}


def _resolve(name: str, known) -> str | None:
    """The project module ``name`` means: itself, else the nearest package above it."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def module_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the project modules it imports, wherever the import is
    written. ``from pkg import name`` is an edge to ``pkg.name`` when that is
    a module, else to ``pkg`` (so a submodule importing a name back from its
    own package is an edge to the package)."""
    return {name: _edges(name, path, modules) - {name, None} for name, path in modules.items()}


def _edges(name: str, path: Path, modules) -> set:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {_resolve(alias.name, modules) for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if full in modules else _resolve(base, modules))
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import each other round a circle (strongly
    connected components of more than one module), found without recursion."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter[0]; counter[0] += 1; stack.append(root); on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]; counter[0] += 1; stack.append(child); on.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop(); on.discard(member); group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def test_no_module_imports_itself_round_a_circle():
    assert circles(module_graph(all_modules())) == []


def test_the_circle_finder_finds_circles_and_nothing_else():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"f"}, "f": {"e"}}
    assert circles(graph) == [["a", "b", "c"], ["e", "f"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_a_submodule_importing_from_its_own_package_is_an_edge_to_it():
    graph = module_graph(all_modules())
    assert "games.engine" in graph["games.engine.teams"]  # `from games import engine`
    assert "games.engine.registry" in graph["games.engine"]  # `from games.engine import registry`
    assert "games.play.journal" in graph["games.play.services"]


def room_of(module: str) -> str | None:
    """The room (or foundation module) a module of `games` is in; None outside."""
    parts = module.split(".")
    if parts[0] != "games" or len(parts) < 2 or parts[1] in ("titles", "rules", "ladder", "moderation"):
        return None
    return parts[1]


def room_breaches() -> list[str]:
    rank = {room: k for k, room in enumerate(ROOMS)}
    breaches = []
    for source, targets in sorted(module_graph(all_modules()).items()):
        mine = room_of(source)
        if mine not in rank and mine not in FOUNDATION:
            continue  # the doors (apps, urls, admin, tasks, templatetags, management) may import any room
        for target in sorted(targets):
            theirs = room_of(target)
            if target.startswith(("games.ladder", "games.moderation", "games.titles")):
                breaches.append(f"{source} -> {target}")
            elif theirs is None or theirs == mine or theirs in FOUNDATION and theirs != mine:
                if mine in FOUNDATION and theirs not in (None, *FOUNDATION):
                    breaches.append(f"{source} -> {target}")
            elif theirs not in rank or mine in FOUNDATION or rank[theirs] > rank[mine]:
                breaches.append(f"{source} -> {target}")
    return breaches


def test_every_room_imports_only_the_foundation_and_the_rooms_below_it():
    assert room_breaches() == []


def test_every_room_is_a_package_of_games():
    assert [r for r in ROOMS if not (ROOT / "games" / r / "__init__.py").exists()] == []
    assert [f for f in FOUNDATION if not (ROOT / "games" / f"{f}.py").exists()] == []


@pytest.mark.parametrize("room", ROOMS)
def test_every_room_says_what_it_owns_and_may_import(room):
    doc = ast.get_docstring(ast.parse((ROOT / "games" / room / "__init__.py").read_text(encoding="utf-8"))) or ""
    assert "Owns:" in doc and "May import:" in doc


@pytest.mark.parametrize("room", ROOMS)
def test_every_room_is_on_the_architecture_page(room):
    assert f"games/{room}/" in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def test_a_title_imports_only_the_rules_the_engine_contract_and_itself():
    offenders = []
    for path in python_files(["games/titles"]):
        rel = path.relative_to(ROOT / "games" / "titles")
        if rel.parts[1:2] == ("tests",) or len(rel.parts) < 2:
            continue
        own = f"games.titles.{rel.parts[0]}"
        offenders += [f"{rel}: {m}" for m in sorted(imported(path)) if m.startswith("games")
                      and not m.startswith((own, *TITLE_MAY_IMPORT)) and m != "games.engine"]
    assert offenders == []


def test_no_package_defines_a_name_its_submodule_would_replace():
    """Importing ``pkg.sub`` sets ``pkg.sub``: a function ``sub`` in the
    package would silently become the module (``engine.replay`` did)."""
    clashes = []
    for init in python_files(["games", "accounts", "config"]):
        if init.name != "__init__.py":
            continue
        subs = {p.stem for p in init.parent.glob("*.py") if p.name != "__init__.py"}
        subs |= {p.name for p in init.parent.iterdir() if (p / "__init__.py").exists()}
        tree = ast.parse(init.read_text(encoding="utf-8"))
        defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        defined |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
        clashes += [f"{init.relative_to(ROOT)}: {name}" for name in sorted(defined & subs)]
    assert clashes == []
