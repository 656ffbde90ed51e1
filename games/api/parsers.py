"""The API reads JSON only, and only JSON it can keep: at most ``MAX_BYTES``,
nested at most ``MAX_DEPTH`` deep, no NUL characters nor lone surrogates in
any string (PostgreSQL cannot store them). Anything else is a 400 (413 when
too large) in the usual error shape, never a ``RecursionError``."""
from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions, parsers, status

from games.limits.json_limits import JSONTooDeep, loads

MAX_BYTES = 64 * 1024


class TooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = "The request body is too large."


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        encoding = parsers.get_encoding(parser_context or {})
        raw = stream.read(MAX_BYTES + 1) if stream is not None else b""
        if len(raw) > MAX_BYTES:
            raise TooLarge()
        try:
            return loads(raw.decode(encoding), strict=self.strict)
        except JSONTooDeep as error:
            raise exceptions.ParseError(str(error))
        except (ValueError, UnicodeError) as error:
            raise exceptions.ParseError(_("JSON parse error - %(e)s") % {"e": error})

