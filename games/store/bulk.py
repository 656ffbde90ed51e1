"""Bulk writes that send all rows as one JSON parameter on PostgreSQL.

Django's ``bulk_create`` and ``bulk_update`` adapt every value in Python
(JSON columns are escaped character by character into text arrays), which
costs most of a timeout sweep that writes a thousand moves, snapshots and
games. Here the rows become one JSON text (orjson) and PostgreSQL unpacks
them with ``jsonb_to_recordset``. Other databases get the ORM's own methods.
"""
from __future__ import annotations

import contextlib
import datetime
import functools

from django.db import connection, models
from django.db.models import Lookup
from django.db.models.lookups import In

from games.fields import dumps


def insert(objs: list[models.Model]) -> list[models.Model]:
    """``bulk_create`` for new rows of one model; sets their primary keys."""
    if not objs:
        return objs
    model = type(objs[0])
    if connection.vendor != "postgresql":
        return model.objects.bulk_create(objs)
    fields = _insert_fields(model)
    rows = [{"_n": n, **{f.column: _json_value(f, f.pre_save(obj, True)) for f in fields}}
            for n, obj in enumerate(objs)]
    with _binding_cursor() as cursor:
        cursor.execute(_insert_sql(model), [dumps(rows)])
        for obj, (pk,) in zip(objs, cursor.fetchall()):
            obj.pk = pk
            obj._state.adding, obj._state.db = False, connection.alias
    return objs


def _insert_fields(model) -> list:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


@functools.cache
def _insert_sql(model) -> str:
    fields = _insert_fields(model)
    columns = ", ".join(_quote(f.column) for f in fields)
    return (f"INSERT INTO {_quote(model._meta.db_table)} ({columns}) SELECT {columns} "
            f"FROM jsonb_to_recordset(%s::jsonb) AS r({_column_types(fields)}, _n integer) "
            f"ORDER BY _n RETURNING {_quote(model._meta.pk.column)}")


def update(objs: list[models.Model], names: list[str]) -> None:
    """``bulk_update`` of ``names`` on saved rows of one model, in one statement."""
    if not objs:
        return
    model = type(objs[0])
    if connection.vendor != "postgresql":
        model.objects.bulk_update(objs, names, batch_size=500)
        return
    pk = model._meta.pk
    fields = [model._meta.get_field(name) for name in names]
    rows = [{pk.column: obj.pk, **{f.column: _json_value(f, getattr(obj, f.attname)) for f in fields}}
            for obj in objs]
    with _binding_cursor() as cursor:
        cursor.execute(_update_sql(model, tuple(names)), [dumps(rows)])


@functools.cache
def _update_sql(model, names: tuple) -> str:
    pk = model._meta.pk
    fields = [model._meta.get_field(name) for name in names]
    table = _quote(model._meta.db_table)
    assignments = ", ".join(f"{_quote(f.column)} = r.{_quote(f.column)}" for f in fields)
    return (f"UPDATE {table} SET {assignments} FROM jsonb_to_recordset(%s::jsonb) AS r({_column_types([pk] + fields)}) "
            f"WHERE {table}.{_quote(pk.column)} = r.{_quote(pk.column)}")


@contextlib.contextmanager
def _binding_cursor():
    """A cursor that sends the JSON beside the statement (server-side binding)
    instead of escaping megabytes of it into the SQL text for the server to
    lex again; Django's wrappers (query logging, error translation) still apply."""
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.ensure_connection()
    with connection.wrap_database_errors:
        cursor = connection._prepare_cursor(ServerBindingCursor(connection.connection))
    try:
        yield cursor
    finally:
        cursor.close()


PLAIN = (str, int, float, type(None))  # bool is an int


def _json_value(field, value):
    if isinstance(value, PLAIN) or isinstance(field, models.JSONField):
        return value
    if isinstance(value, (datetime.datetime, datetime.date)):
        return value.isoformat()
    return field.get_db_prep_save(value, connection)


def _column_types(fields) -> str:
    return ", ".join(f"{_quote(f.column)} {f.db_type(connection)}" for f in fields)


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


@models.Field.register_lookup
class Any(Lookup):
    """``field__any=[...]``: ``= ANY(%s)`` with one array parameter on PostgreSQL.

    ``__in`` writes one placeholder per value, and the driver parses a long
    query every time; a thousand ids cost more to send than to look up.
    """

    lookup_name = "any"
    prepare_rhs = False

    def get_prep_lookup(self):
        return [v.pk if isinstance(v, models.Model) else v for v in self.rhs]

    def as_sql(self, compiler, connection):
        if connection.vendor != "postgresql":
            return In(self.lhs, self.rhs).as_sql(compiler, connection)
        lhs, params = self.process_lhs(compiler, connection)
        return f"{lhs} = ANY(%s)", [*params, self.rhs]


models.ForeignObject.register_lookup(Any)  # relations keep their own lookup table
