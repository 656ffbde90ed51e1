"""Game and snapshot states compressed with LZ4 on PostgreSQL 14+ (built with
lz4): writing a thousand 4.5 kB states in a deadline sweep took 0.45 s with
the default pglz and 0.2 s with LZ4 (bench/deadlines.py). Elsewhere, or
without LZ4 support, nothing changes."""
from django.db import DatabaseError, migrations, transaction

COLUMNS = [("games_game", "state"), ("games_snapshot", "state")]


def use_lz4(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql" or connection.pg_version < 140000:
        return
    for table, column in COLUMNS:
        try:
            with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
                cursor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET COMPRESSION lz4')
        except DatabaseError:
            return  # a server built without lz4: keep pglz


def use_default(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql" or connection.pg_version < 140000:
        return
    with connection.cursor() as cursor:
        for table, column in COLUMNS:
            cursor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET COMPRESSION DEFAULT')


class Migration(migrations.Migration):
    dependencies = [("games", "0006_team_tables")]
    operations = [migrations.RunPython(use_lz4, use_default)]
