"""The win-rate chart of a run: each deck's win rate as games accumulate, with its Wilson 95%
band, and the rate of a deck as good as the others (1 in the number of decks).

Needs the ``plot`` extra (``pip install 'manastack[plot]'``, matplotlib). matplotlib is imported
when a chart is drawn (it takes most of a second), and drawn without pyplot, so no window or GUI
backend is involved.
"""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from manastack.sim.games import LETTERS
from manastack.sim.local import SimulationError
from manastack.sim.run import SimResult
from manastack.sim.stats import running_rates

MATPLOTLIB_INSTALLED = importlib.util.find_spec("matplotlib") is not None
INSTALL_HINT = "--plot needs matplotlib: pip install 'manastack[plot]'"


def plot_win_rate(result: SimResult, path: str | Path) -> None:
    """Write a PNG of every deck's running win rate and interval to ``path``."""
    if not MATPLOTLIB_INSTALLED:
        raise SimulationError(INSTALL_HINT)
    figure_mod = importlib.import_module("matplotlib.figure")
    agg = importlib.import_module("matplotlib.backends.backend_agg")
    fig = figure_mod.Figure(figsize=(8, 4.5), dpi=100)
    agg.FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    for deck, name in enumerate(result.deck_names):
        points = running_rates(list(result.records), deck=deck)
        xs = [n for n, _ in points]
        line, = ax.plot(xs, [r.rate for _, r in points], label=f"{LETTERS[deck]}: {name}")
        ax.fill_between(xs, [r.interval[0] for _, r in points], [r.interval[1] for _, r in points],
                        color=line.get_color(), alpha=0.15)
    ax.axhline(1 / len(result.deck_names), color="grey", linewidth=0.8, linestyle="--",
               label=f"1 in {len(result.deck_names)}")
    ax.set_ylim(0, 1)
    ax.set_xlabel("finished games")
    ax.set_ylabel("win rate (shaded: Wilson 95% interval)")
    agents = result.agents[0] if len(set(result.agents)) == 1 else " vs ".join(result.agents)
    ax.set_title(f"{len(result.deck_names)} decks, {result.summary.games} games ({agents}, seed {result.seed})")
    ax.legend(loc="upper right", fontsize="small")
    try:
        fig.savefig(path, format="png")
    except OSError as exc:
        raise SimulationError(f"{path}: can't write the chart ({exc.strerror or exc})") from None
