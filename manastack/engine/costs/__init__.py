"""Costs (CR 118, 601.2f-h): the parts of a cost, checking and paying them, what a spell costs in total, alternative and "unless" costs."""
