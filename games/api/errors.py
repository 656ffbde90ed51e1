"""Every API error is JSON: {"error": <code>, "detail": <message>}.

A 429 also says when to come back: the ``Retry-After`` header (set by DRF's
throttles) and ``retry_after`` (seconds) in the body."""
import math

from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.errors import GameError

RATE_LIMITED = "rate_limited"


def exception_handler(exc, context):
    if isinstance(exc, GameError):
        response = Response({"error": exc.code, "detail": exc.message}, status=exc.status)
        return _with_wait(response, getattr(exc, "wait", None))
    response = drf_handler(exc, context)
    if response is not None:
        detail = response.data.get("detail") if isinstance(response.data, dict) else None
        code = getattr(detail, "code", None) or getattr(exc, "default_code", "error")
        response.data = {"error": code, "detail": str(detail) if detail else response.data}
        if isinstance(exc, exceptions.Throttled):
            response.data["error"] = RATE_LIMITED
            _with_wait(response, exc.wait)
    return response


def _with_wait(response, wait):
    if wait is not None:
        response.data["retry_after"] = math.ceil(wait)
        response["Retry-After"] = str(math.ceil(wait))
    return response
