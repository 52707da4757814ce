"""Shared figure: the smallest text size the board drawing uses, in design units."""

from dualpowers.drawing.layout import DESIGN_W, MIN_TEXT  # noqa: F401  (one relation, in layout.py)

MIN_DESIGN_SIZE = MIN_TEXT
