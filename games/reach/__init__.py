"""Room: reach — telling players about their games outside the site's pages
(issue 30): the private calendar of deadlines (`calendar.py`), chat webhooks
(`hooks.py`, through `safe_http.py`), web push (`push.py`), both delivered by
`delivery.py` (once per notice, locked while sent, backoff, night hours), the installable app
(manifest and service worker); per-channel preferences are to come here too.

Owns: the `CalendarFeed` rows (one secret address per player, revocable), the
feed itself (every running deadline of the player's games, their reminders as
alarms, a link to each game) and its page and URLs; the installable app: the
web app manifest and the service worker (static/js/sw.js, served from the root);
the `Webhook`, `HookDelivery`, `PushSubscription` and `PushDelivery` rows, their
pages, URLs and tasks.
May import: store, engine, limits, clocks, play, briefing, mail, the foundation, accounts.
"""
