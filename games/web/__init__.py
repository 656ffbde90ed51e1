"""Room: web — the HTML pages and htmx partials of games.

Owns: the views of my games, the lobby, the game page, its panel, status,
log and replay (views.py), forms (forms.py), the correspondence controls
(correspondence_views.py), the read-only queries the pages and the API
share (selectors.py), and the middleware that names a game's seats' players
for its pages and API answers (middleware.py).
May import: every room below it (store, engine, limits, clocks, play, mail,
tables, live) and the foundation.
"""
