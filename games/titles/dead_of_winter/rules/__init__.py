"""Dead of Winter: Warring Colonies rules engine; see ../README.md."""
from .rules import RULES

__all__ = ["RULES"]
