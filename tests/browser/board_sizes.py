"""Shared figure: the smallest text size the board drawing uses, in design units (900 x 640)."""

MIN_DESIGN_SIZE = 13.0
