"""The rules contract shared by every title (see docs/architecture.md)."""
from .protocol import Action, Choice, IllegalAction, Prompt, Result, Rules

__all__ = ["Action", "Choice", "IllegalAction", "Prompt", "Result", "Rules"]
