"""Builders of layout tile ops (tinterleave, tdeinterleave, treshape, tsort32)."""
