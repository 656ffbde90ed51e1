"""Twilight Struggle (Deluxe) rules engine; see README.md."""
from .rules import RULES

__all__ = ["RULES"]
