"""1989: Dawn of Freedom: one self-contained title package (see README.md)."""
