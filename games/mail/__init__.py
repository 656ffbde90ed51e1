"""Room: mail — telling players what happened, by email.

Owns: the notices a commit produces (notifications.py), every mail and its
unsubscribe link (emails.py), reminders and digests (reminders.py), the
mail tasks (tasks.py) and the receivers of the pipeline's signals
(receivers.py).
May import: store, engine, clocks, play, the foundation.
"""
