"""Every API error is JSON: {"error": <code>, "detail": <message>}."""
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.errors import GameError


def exception_handler(exc, context):
    if isinstance(exc, GameError):
        return Response({"error": exc.code, "detail": exc.message}, status=exc.status)
    response = drf_handler(exc, context)
    if response is not None:
        detail = response.data.get("detail") if isinstance(response.data, dict) else None
        code = getattr(exc, "default_code", "error")
        response.data = {"error": code, "detail": str(detail) if detail else response.data}
    return response
