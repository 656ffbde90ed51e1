"""Timestamps read by psycopg's C parser instead of Django's Python one.

Django (5.2) registers its own ``timestamptz`` loader on every PostgreSQL
connection: a Python subclass of psycopg's pure-Python loader, so even with
``psycopg[binary]`` every datetime of every row is parsed by a regular
expression in Python. A deadline sweep reads tens of thousands of seat
timestamps; the C parser does the same work about three times faster.

The loader below keeps Django's contract (aware datetimes in the connection's
time zone, and a ``timezone`` attribute that Django compares on each cursor)
and delegates the parsing to the C loader when the C extension is present.
"""
from __future__ import annotations

import psycopg
from django.db.backends.signals import connection_created
from psycopg.adapt import Loader
from psycopg.pq import Format

TIMESTAMPTZ = psycopg.postgres.types["timestamptz"].oid


def _c_loader():
    """psycopg's own text loader for timestamptz: the C one with psycopg[binary]."""
    loader = psycopg.adapters.get_loader(TIMESTAMPTZ, Format.TEXT)
    return loader if loader.__module__.startswith("psycopg_") else None


def loader_for(tz, parser):
    class FastTzLoader(Loader):
        timezone = tz

        def __init__(self, oid, context=None):
            super().__init__(oid, context)
            self._parse = parser(oid, context).load

        def load(self, data):
            return self._parse(data).replace(tzinfo=tz)

    return FastTzLoader


def install(sender, connection, **kwargs) -> None:
    """On each new PostgreSQL connection whose time zone Django set (USE_TZ)."""
    parser = _c_loader()
    if connection.vendor != "postgresql" or parser is None or connection.timezone is None:
        return
    connection.connection.adapters.register_loader("timestamptz", loader_for(connection.timezone, parser))


def connect() -> None:
    connection_created.connect(install, dispatch_uid="games.store.pgtime")
