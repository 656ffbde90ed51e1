"""``Server-Timing`` on every response: time in Django, and in the database.

``app;dur=<ms>`` is the whole request inside Django, ``db;dur=<ms>`` the
part spent waiting on SQL (with the query count as its description).
Browsers' developer tools show both, and ``bench/load.py`` uses them to
split latency into application, database and waiting outside the app.
"""
import time

from django.db import connection


class ServerTimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        clock = _QueryClock()
        started = time.perf_counter()
        with connection.execute_wrapper(clock):
            response = self.get_response(request)
        app = (time.perf_counter() - started) * 1000
        response["Server-Timing"] = f'app;dur={app:.1f}, db;dur={clock.seconds * 1000:.1f};desc="{clock.count} queries"'
        return response


class _QueryClock:
    def __init__(self):
        self.seconds, self.count = 0.0, 0

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - started
            self.count += 1
