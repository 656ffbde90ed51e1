"""The suite cleans up after itself: the broker queues of test processes,
the threads a test starts, a flush that meets a deadlock."""
import os
import subprocess
import threading

import pytest
from django.conf import settings

from tests.fixtures import clean_broker, retry_on_deadlock
from tests.threads import run_together


@pytest.fixture
def broker():
    import redis

    return redis.Redis.from_url(os.environ["CELERY_BROKER_URL"])


def _dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


@pytest.mark.redis
def test_the_broker_loses_this_process_queue_and_dead_runs_queues_but_keeps_live_ones(broker):
    mine, dead, live = settings.CELERY_TASK_DEFAULT_QUEUE, f"celery-test-{_dead_pid()}", "celery-test-1"
    for queue in (mine, dead, live):
        broker.sadd(f"_kombu.binding.{queue}", f"{queue}\x06\x16\x06\x16{queue}")
        broker.lpush(queue, "a message nobody consumed")
    try:
        assert clean_broker() >= 4
        assert not broker.exists(f"_kombu.binding.{mine}", mine, f"_kombu.binding.{dead}", dead)
        assert broker.exists(f"_kombu.binding.{live}", live) == 2  # pid 1 runs: another run's queue
    finally:
        broker.delete(f"_kombu.binding.{live}", live)


def test_run_together_returns_only_after_every_thread_ended():
    before = threading.active_count()
    results = run_together([lambda: 1, lambda: 2, lambda: 3])
    assert results == [1, 2, 3] and threading.active_count() == before


def test_a_call_that_meets_a_deadlock_is_tried_again_and_other_errors_are_not():
    from django.db.utils import OperationalError

    calls = []

    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise OperationalError("deadlock detected")
        return "flushed"

    assert retry_on_deadlock(flaky) == "flushed" and len(calls) == 3
    with pytest.raises(OperationalError, match="disk full"):
        retry_on_deadlock(lambda: (_ for _ in ()).throw(OperationalError("disk full")))


def test_the_flush_of_transactional_tests_goes_through_the_retry():
    from django.test import TransactionTestCase

    assert "retry_on_deadlock" in TransactionTestCase._fixture_teardown.__code__.co_names
