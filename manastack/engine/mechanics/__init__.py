"""Keyword mechanics and card layouts, each with a rule of its own (CR 702, 709-715 and the like): one module each."""
