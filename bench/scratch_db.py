"""Benchmarks run on a scratch PostgreSQL database; create it when missing."""


def ensure_database(url: str) -> None:
    """Create the scratch database when it does not exist yet."""
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
