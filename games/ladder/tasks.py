"""Celery tasks: thin wrappers over the ladder services."""
from celery import shared_task

from . import ladders


@shared_task
def remove_inactive_ladder_players() -> int:
    """Run daily by beat: players idle past their ladder's limit lose their rung."""
    return ladders.ladder_remove_inactive()
