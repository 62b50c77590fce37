"""Skipping steps, phases and turns (CR 614.1b, 614.10): "Skip your draw step." (a static
ability), "You skip your next turn.", "Target player skips their next untap step." (an effect that
waits for the next occurrence).

A skip is a replacement effect: the step, phase or turn is replaced with nothing, so nothing in it
happens, no turn-based action, no "at the beginning of" trigger; what waits for the "next"
occurrence waits for the first one not skipped (CR 614.10a). A "next" skip is used up by the
occurrence it replaces; two of them skip two occurrences. Once a step, phase or turn has begun
it can no longer be skipped (CR 614.10): :mod:`.turn` asks as each one would begin."""
from __future__ import annotations

from manastack.oracle import ir

from . import characteristics as ch
from . import exercise
from .effect_records import SkipNext
from .resolution import named_players
from .state import Step

# what a "skip" names, and the words for the log
SKIPPABLE = {"turn": "turn", "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
             "combat": "combat phase"}
# the step each skippable part of a turn begins with (CR 500.1)
FIRST_STEP: dict[str, str] = {Step.UNTAP: "untap", Step.UPKEEP: "upkeep", Step.DRAW: "draw", Step.BEGINNING_OF_COMBAT: "combat"}


def skip_next(ctx, e: ir.SkipNext, rc) -> None:
    """CR 614.10: each player named skips their next ``e.count`` occurrences of ``e.what``."""
    s = ctx.s
    for p in named_players(ctx, e.who, rc):
        s.effects.append(SkipNext(p, e.what, e.count, s.new_timestamp(), rc.card.name))
        times = "" if e.count == 1 else f" {e.count} times"
        s.add_log(f"{s.players[p].name} will skip their next {SKIPPABLE[e.what]}{times}", ("614.10",), "effect")


def skipped(ctx, player: int, what: str) -> bool:
    """Whether ``player``'s ``what`` ("turn", or the first step of a phase or step, see
    :data:`FIRST_STEP`), about to begin, is skipped (CR 614.10): a static "Skip your draw step."
    of a permanent applies each time; else a waiting "skip your next ..." is used up."""
    s = ctx.s
    for src, eff in ch.static_effects(s, ir.StaticSkipStep):
        if eff.step == what and (eff.affected == "each_player" or src.controller == player):
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", "skip_step", src.card)
            s.add_log(f"{s.players[player].name} skips their {SKIPPABLE[what]} ({src.card.name})",
                      ("614.1b", "614.10"), "step")
            return True
    found = next((e for e in s.effects if type(e) is SkipNext and e.player == player and e.what == what), None)
    if found is None:
        return False
    i = s.effects.index(found)
    rest = found.count - 1
    s.effects = s.effects[:i] + ([SkipNext(player, what, rest, found.timestamp, found.source)] if rest else []) \
        + s.effects[i + 1:]
    s.add_log(f"{s.players[player].name} skips their {SKIPPABLE[what]} ({found.source})", ("614.10", "614.10a"),
              "step")
    return True
