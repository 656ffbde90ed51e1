"""Real concurrency for database tests: threads with their own connections."""
import threading

from django.db import connection


def run_together(calls: list) -> list:
    """Start every call at the same instant, each thread on its own connection;
    return what each returned or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def worker(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as error:  # noqa: BLE001 - the test inspects it
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()  # every thread ends (and closes its connection) before the test's teardown
    return results
