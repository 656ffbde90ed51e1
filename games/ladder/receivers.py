"""Listens to games.signals (ratings and ladders follow finished games)."""
