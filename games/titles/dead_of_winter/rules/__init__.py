"""Dead of Winter: Warring Colonies rules engine (preview); see ../README.md."""
from .rules import RULES

__all__ = ["RULES"]
