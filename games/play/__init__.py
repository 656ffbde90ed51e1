"""Room: play — the move pipeline: checking and applying a move and logging it.

Owns: the services every door calls to create, join, move, resign, time
out, roll back or adjudicate (services.py); the journal that writes moves,
snapshots, hands and seat clocks in one commit and announces them with
``signals.moves_logged`` (journal.py); the deadline sweep task (tasks.py); who
sits where for sentences that name players (names.py).
May import: store, engine, limits, clocks, the foundation. Mail hears of
moves through signals (games/mail/receivers.py), never by import.
"""
