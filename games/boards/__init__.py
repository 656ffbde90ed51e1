"""Presentation data for game boards (layouts, card blurbs): not rules, never imported by rules."""
