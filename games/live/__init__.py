"""Room: live — who is at the board right now.

Owns: presence (presence.py): the short-lived "seen at the table" marks
the game page and the mail room read.
May import: the foundation.
"""
