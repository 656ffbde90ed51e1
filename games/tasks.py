"""Every Celery task of the games app, in one place for the worker and beat.

The tasks live in their rooms (store/tasks.py: the outbox; clocks/tasks.py:
vacations and table pauses; play/tasks.py: the deadline sweep; mail/tasks.py:
every mail); their names stay ``games.tasks.<name>``, so the beat schedule and
outbox rows written before the move still find them. Rooms enqueue tasks by
those names (``outbox.enqueue("games.tasks.send_reminder", ...)``) or import
their own room's tasks, never this module.
"""
from games.clocks.tasks import *  # noqa: F401,F403
from games.mail.tasks import *  # noqa: F401,F403
from games.play.tasks import *  # noqa: F401,F403
from games.reach.tasks import *  # noqa: F401,F403
from games.store.tasks import *  # noqa: F401,F403
