"""The README's API table names every endpoint of the JSON API (issue 29, item 21)."""
import re
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

ROOT = Path(__file__).resolve().parent.parent


def api_paths(patterns=None, prefix: str = "") -> set[str]:
    out = set()
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            out |= api_paths(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and "api/" in route and not route.startswith("api/schema") \
                and not route.startswith("api/docs"):
            out.add("/" + re.sub(r"<(?:\w+:)?(\w+)>", "{id}", route).replace("^", "").replace("$", ""))
    return out


def test_every_api_endpoint_is_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"(/(?:moderation/)?api/[\w{}/.-]*)", readme))
    missing = sorted(p for p in api_paths() if p not in documented)
    assert len(api_paths()) >= 20 and missing == []
