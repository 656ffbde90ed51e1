"""Dead of Winter: Warring Colonies: one self-contained title package (see README.md)."""
