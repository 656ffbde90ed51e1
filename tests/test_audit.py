"""Issue 27, item 13: the dependency audit fails when it could not check a
pinned package (pip-audit's "No known vulnerabilities found" after 404s)."""
from pathlib import Path

from config.audit import pins, problems

ROOT = Path(__file__).resolve().parent.parent
PINNED = pins((ROOT / "requirements.txt").read_text(encoding="utf-8"))


def report(names, skipped=(), vulns=None):
    deps = [{"name": n, "skip_reason": "Dependency not found on PyPI and could not be audited"} for n in skipped]
    deps += [{"name": n, "version": "1", "vulns": (vulns or {}).get(n, [])} for n in names]
    return {"dependencies": deps}


def test_every_requirement_is_pinned_and_read():
    assert len(PINNED) >= 20 and PINNED["django-allauth"] and PINNED["django"]


def test_an_audit_that_skipped_every_package_fails_and_says_how_many_it_checked():
    found = problems(report([], skipped=list(PINNED)), PINNED)
    assert found and found[0].startswith(f"the audit checked 0 of {len(PINNED)} pinned packages")


def test_one_package_skipped_is_enough_to_fail():
    names = sorted(PINNED)
    found = problems(report(names[1:], skipped=names[:1]), PINNED)
    assert len(found) == 1 and names[0] in found[0]


def test_a_complete_clean_audit_passes_and_names_spelled_differently_match():
    names = [n.replace("-", "_").upper() for n in PINNED]
    assert problems(report(names + ["a-transitive-dependency"]), PINNED) == []


def test_a_known_vulnerability_fails():
    found = problems(report(list(PINNED), vulns={"django": [{"id": "PYSEC-0000-1"}]}), PINNED)
    assert found == ["django 1: PYSEC-0000-1"]


def test_django_allauth_is_on_its_newest_release_when_this_was_written():
    major, minor, patch = (int(x) for x in PINNED["django-allauth"].split("."))
    assert (major, minor, patch) >= (65, 22, 1)
