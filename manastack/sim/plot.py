"""The win-rate chart of a run: deck A's win rate as games accumulate, with its Wilson 95% band.

Needs the ``plot`` extra (``pip install 'manastack[plot]'``, matplotlib). matplotlib is imported
when a chart is drawn (it takes most of a second), and drawn without pyplot, so no window or GUI
backend is involved.
"""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from manastack.sim.local import SimulationError
from manastack.sim.run import SimResult
from manastack.sim.stats import running_rates

MATPLOTLIB_INSTALLED = importlib.util.find_spec("matplotlib") is not None
INSTALL_HINT = "--plot needs matplotlib: pip install 'manastack[plot]'"


def plot_win_rate(result: SimResult, path: str | Path) -> None:
    """Write a PNG of deck A's running win rate and interval to ``path``."""
    if not MATPLOTLIB_INSTALLED:
        raise SimulationError(INSTALL_HINT)
    figure_mod = importlib.import_module("matplotlib.figure")
    agg = importlib.import_module("matplotlib.backends.backend_agg")
    points = running_rates(list(result.records), deck=0)
    xs = [n for n, _ in points]
    rates = [r.rate for _, r in points]
    lows = [r.interval[0] for _, r in points]
    highs = [r.interval[1] for _, r in points]
    fig = figure_mod.Figure(figsize=(8, 4.5), dpi=100)
    agg.FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.fill_between(xs, lows, highs, alpha=0.25, label="Wilson 95% interval")
    ax.plot(xs, rates, label=f"{result.deck_names[0]} win rate")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel("finished games")
    ax.set_ylabel("win rate")
    ax.set_title(f"{result.deck_names[0]} vs {result.deck_names[1]} "
                 f"({result.agents[0]} vs {result.agents[1]}, seed {result.seed})")
    ax.legend(loc="lower right")
    try:
        fig.savefig(path, format="png")
    except OSError as exc:
        raise SimulationError(f"{path}: can't write the chart ({exc.strerror or exc})") from None
