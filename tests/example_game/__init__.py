"""A tiny two-player game that exercises the whole pipeline.

Never registered on the site; tests and the load benchmark register it.
"""
from .rules import RULES

__all__ = ["RULES"]
