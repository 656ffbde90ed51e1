"""Room: limits — how much anyone may send, whichever door they use.

Owns: request throttles shared by the API, the HTML forms and the htmx
partials (throttles.py), and the size and depth limits of JSON bodies
(json_limits.py).
May import: the foundation.
"""
