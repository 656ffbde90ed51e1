"""The beat lease (config/celery.py): one holder at a time, renewed by its
holder, taken over once it expires or is given up."""
from datetime import timedelta

import pytest
from django.utils import timezone

from config.celery import lease_hold, lease_release
from games.models import BeatLease

pytestmark = pytest.mark.django_db


def test_the_beat_lease_has_one_holder_until_it_expires_or_is_given_up():
    assert lease_hold("beat", "a", 30)
    assert not lease_hold("beat", "b", 30)
    assert lease_hold("beat", "a", 30)  # the holder renews it
    lease_release("beat", "b")  # only the holder can give it up
    assert not lease_hold("beat", "b", 30)
    lease_release("beat", "a")
    assert lease_hold("beat", "b", 30)
    BeatLease.objects.filter(name="beat").update(expires_at=timezone.now() - timedelta(seconds=1))
    assert lease_hold("beat", "a", 30)  # b stopped renewing: a takes over
    assert BeatLease.objects.get(name="beat").holder == "a"
