"""1989: Dawn of Freedom rules engine; see ../README.md."""
from .rules import RULES

__all__ = ["RULES"]
