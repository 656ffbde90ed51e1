"""The dependency audit that really audits (``make audit``, scripts/audit).

pip-audit reports "No known vulnerabilities found" even when it checked
nothing (an index that answers 404 for every version marks each package
"skipped"). ``problems`` reads pip-audit's JSON report and fails the audit
when a package pinned in requirements.txt was not checked, as well as when
one has a known vulnerability.

Usage: ``python -m config.audit REPORT.json [requirements.txt]``; exit 1 with
the problems printed, 0 when every pin was checked and none is vulnerable.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

PIN = re.compile(r"^\s*([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*==\s*([^\s;#]+)")


def pins(requirements: str) -> dict[str, str]:
    """{normalised name: version} of every ``name==version`` line."""
    found = {}
    for line in requirements.splitlines():
        match = PIN.match(line)
        if match:
            found[normalise(match.group(1))] = match.group(2)
    return found


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def problems(report: dict, pinned: dict[str, str]) -> list[str]:
    """What is wrong: pins the audit did not check, and known vulnerabilities."""
    checked = {normalise(d["name"]): d for d in report.get("dependencies", []) if "skip_reason" not in d}
    missing = sorted(set(pinned) - set(checked))
    out = []
    if missing:
        out.append(f"the audit checked {len(pinned) - len(missing)} of {len(pinned)} pinned packages; "
                   f"not checked: {', '.join(missing[:10])}{' ...' if len(missing) > 10 else ''}")
    for name, dep in sorted(checked.items()):
        ids = [v["id"] for v in dep.get("vulns", [])]
        if ids:
            out.append(f"{name} {dep.get('version', '')}: {', '.join(ids)}")
    return out


def main(argv: list[str]) -> int:
    report = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    requirements = Path(argv[2] if len(argv) > 2 else "requirements.txt").read_text(encoding="utf-8")
    found = problems(report, pins(requirements))
    for line in found:
        print(f"audit: {line}")
    if not found:
        print(f"audit: all {len(pins(requirements))} pinned packages checked, no known vulnerability")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
