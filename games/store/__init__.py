"""Room: store — how game data is written and read back fast and safely.

Owns: the JSON field loaders live in games/fields.py (foundation); here the
bulk writes (bulk.py), batched reads (batching.py), the Game row lock
(locking.py), PostgreSQL timestamp loaders (pgtime.py), and the
transactional outbox that hands Celery tasks to the broker after the commit
(outbox.py, its beat tasks in tasks.py).
May import: the foundation (models, fields, errors, signals); nothing else of games.
"""
