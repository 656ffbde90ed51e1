"""Twilight Struggle (Deluxe edition): one self-contained title package."""
