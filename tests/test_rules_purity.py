"""Rules packages stay pure: no Django, randomness, clock or I/O."""
import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
RULES_DIR = GAMES_DIR
FORBIDDEN_MODULES = {"django", "random", "time", "datetime", "secrets", "os", "socket", "requests",
                     "urllib", "subprocess", "sqlite3", "psycopg", "celery", "shutil", "tempfile"}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__", "breakpoint"}
# The one sanctioned read: a title's data.py loads its own JSON facts at import.
DATA_LOADERS = {"data.py"}


def rule_dirs() -> list[Path]:
    """The contract (games/rules/core) and every title's rules/ package."""
    return [GAMES_DIR / "rules"] + sorted((GAMES_DIR / "titles").glob("*/rules"))


def rule_files():
    return sorted(p for d in rule_dirs() for p in d.rglob("*.py") if "tests" not in p.relative_to(d).parts)


def offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        found += [f"imports {n}" for n in names if n.split(".")[0] in FORBIDDEN_MODULES]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            found.append(f"calls {node.func.id}()")
        if path.name not in DATA_LOADERS and isinstance(node, ast.Attribute) and node.attr in {
                "read_text", "read_bytes", "write_text", "write_bytes", "open"}:
            found.append(f"uses .{node.attr}")
    return [f"{path.relative_to(RULES_DIR)}:{o}" for o in found]


def test_there_are_rule_files_to_check():
    assert len(rule_files()) >= 6


@pytest.mark.parametrize("path", rule_files(), ids=lambda p: str(p.relative_to(RULES_DIR)))
def test_rules_module_is_pure(path):
    assert offences(path) == []


def test_the_checker_catches_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import random\nfrom django.db import models\nopen('x')\n")
    global RULES_DIR
    saved, RULES_DIR = RULES_DIR, tmp_path
    try:
        assert len(offences(bad)) == 3
    finally:
        RULES_DIR = saved
