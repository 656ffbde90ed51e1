"""Sealed steps: inputs kept on the server, revealed together, each with a
published commitment (correspondence-design §1, §7).

A title with sealed steps gives ``rules.sealed_step(state)``: the number of the
sealed step now collecting inputs, or None. An input made while one is open is
sealed: its move gets a random salt (``nonce``) and the SHA-256 commitment of
the game, move number, seat, verb, argument and salt, which the log publishes
at once. Once the step has closed (its number is no longer the open one, or
the game is over) the argument and salt are shown beside the hash, so anyone
can recompute it (`digest`) and check that nothing was changed after the fact.
"""
from __future__ import annotations

import hashlib
import json
import secrets


def open_step(rules, state: dict | None) -> int | None:
    hook = getattr(rules, "sealed_step", None)
    return hook(state) if hook is not None and state is not None else None


def digest(game_id: int, seq: int, role: str, verb: str, arg, nonce: str) -> str:
    """The commitment: SHA-256 of the compact JSON array
    ``[game_id, seq, role, verb, arg, nonce]`` (keys sorted, no spaces, UTF-8)."""
    return hashlib.sha256(_preimage(game_id, seq, role, verb, arg, nonce).encode()).hexdigest()


def _preimage(game_id: int, seq: int, role: str, verb: str, arg, nonce: str) -> str:
    """The exact text the commitment hashes (the sealed choices page shows it)."""
    return json.dumps([game_id, seq, role, verb, arg, nonce], sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def seal(move, step: int) -> dict:
    """Seal ``move`` (seq, role, verb and arg set) in step ``step``; returns its log line."""
    move.sealed_step = step
    move.nonce = secrets.token_hex(16)
    move.commitment = digest(move.game_id, move.seq, move.role, move.verb, move.arg, move.nonce)
    return sealed_line(move)


def sealed_line(move) -> dict:
    """The log line that publishes a sealed move's commitment (recomputed from
    the move, so a replay produces it the same way: games/engine/rebuild.py)."""
    return {"kind": "sealed", "role": move.role,
            "hash": digest(move.game_id, move.seq, move.role, move.verb, move.arg, move.nonce)}


SITE_FIRST = "defaulted"  # the site's line before a move it played or a deputy made


def move_log(lines: list, sealed: dict | None = None) -> list:
    """A move's log lines: the site's own first ("ran out of time; the default
    was played:"), then the commitment of a sealed move, before what the move
    revealed (the last pick opens the step), then the rules' lines."""
    if sealed is None:
        return list(lines)
    at = 0
    while at < len(lines) and lines[at].get("kind") == SITE_FIRST:
        at += 1
    return [*lines[:at], sealed, *lines[at:]]


def opened(move, game, open_now: int | None) -> bool:
    """May everyone see this sealed move's argument and salt now? Never for an
    input taken back or rolled back: it was not part of the reveal (a draft
    pick taken back would name a survivor the player did not keep)."""
    if move.undone or move.rolled_back:
        return False
    return game.is_over or move.sealed_step != open_now


def commitments(game, rules) -> list[dict]:
    """Every sealed input of the game, opened ones with what opens them."""
    open_now = open_step(rules, game.state)
    rows = []
    for move in game.moves.exclude(commitment="").order_by("seq"):
        row = {"seq": move.seq, "role": move.role, "step": move.sealed_step, "commitment": move.commitment,
               "opened": opened(move, game, open_now), "withdrawn": move.undone or move.rolled_back}
        if row["opened"]:
            row.update(verb=move.verb, arg=move.arg, nonce=move.nonce, game=game.pk,
                       arg_json=json.dumps(move.arg, sort_keys=True, separators=(",", ":"), ensure_ascii=False),
                       preimage=_preimage(game.pk, move.seq, move.role, move.verb, move.arg, move.nonce))
        rows.append(row)
    return rows
