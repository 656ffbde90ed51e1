"""Room: api — the JSON API beside the web pages (Django REST framework).

Owns: serializers, views, URLs, token auth, the JSON parser and the error
shape of /api/.
May import: every room (the API is a door like web) and the foundation.
"""
