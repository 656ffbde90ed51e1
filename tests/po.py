"""A minimal .po reader for the catalog-completeness tests (site and titles)."""
from __future__ import annotations

import ast
import re
from pathlib import Path


def _unquote(text: str) -> str:
    return ast.literal_eval(text) if text else ""


def read_po(path: Path) -> list[dict]:
    """Live entries of a .po file (obsolete ``#~`` ones left out): msgid, msgid_plural,
    msgctxt, msgstr (form index -> text), flags, refs."""
    entries, current, key = [], None, None
    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line or line.startswith("#~"):
            if current and "msgid" in current:
                entries.append(current)
            current, key = (None, None) if not line else (current, key)
            continue
        if current is None:
            current = {"flags": set(), "refs": [], "msgstr": {}}
        if line.startswith("#,"):
            current["flags"] |= {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#:"):
            current["refs"] += line[2:].split()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if key[0] == "msgstr":
                current["msgstr"][key[1]] += _unquote(line)
            else:
                current[key[0]] += _unquote(line)
        else:
            word, value = line.split(" ", 1)
            match = re.fullmatch(r"msgstr\[(\d+)\]", word)
            if match or word == "msgstr":
                key = ("msgstr", int(match.group(1)) if match else 0)
                current["msgstr"][key[1]] = _unquote(value)
            else:
                key = (word,)
                current[word] = _unquote(value)
    return [e for e in entries if e.get("msgid")]
