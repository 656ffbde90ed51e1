"""1989's prompts: the core's `make` (`games.rules.core.prompts`), keyed on
content only. This title's tables are plain dicts, so their prompts are built
each time (never keyed on a table's ``id()``, which a freed table's successor
could inherit); naming a table with `Table` would let the core share its prompts.
"""
from games.rules.core.prompts import make  # noqa: F401

__all__ = ["make"]
