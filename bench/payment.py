"""Benchmark: one priority decision with many varied mana sources.

    python bench/payment.py [--repeat 5]

Builds boards of 30 and 60 mana sources (basic lands of every color plus mana creatures,
artifacts, filter and restricted-mana lands) with a hand of spells of many costs, and prints the
median milliseconds of CPU time (``time.process_time``, so that other work on the machine
doesn't count) to reach the priority decision and list its actions (which checks every spell
in hand for a way to pay, CR 601.2g-h) and to cast the most expensive spell with the automatic payment.
"""
from __future__ import annotations

import argparse
import statistics
import time

from manastack import Game, raise_gc_threshold
from manastack.scenario import Scenario

OTHERS = ["Birds of Paradise", "Llanowar Elves", "Sol Ring", "Fellwar Stone", "Exotic Orchard",
          "Reflecting Pool", "Vivid Crag", "Cavern of Souls", "Ancient Ziggurat", "Pillar of the Paruns",
          "Eldrazi Temple", "Guildmages' Forum", "Sunken Ruins", "Springleaf Drum", "Mutavault"]
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
HAND = ["Colossal Dreadmaw", "Serra Angel", "Stroke of Genius", "Air Elemental", "Vampire Nighthawk",
        "Sword of Fire and Ice", "Charging Monstrosaur", "Glissa Sunslayer", "Hill Giant", "Cancel"]


def board(n: int) -> Scenario:
    """Alice's first main phase with ``n`` untapped mana sources: a fifth of them non-basic."""
    others = [OTHERS[i % len(OTHERS)] for i in range(n // 5)]
    basics = [BASICS[i % len(BASICS)] for i in range(n - len(others))]
    perms = ", ".join(basics + others)
    text = (f"players:\n  - name: Alice\n    hand: [{', '.join(HAND)}]\n    battlefield: [{perms}]\n"
            "  - name: Bob\n    battlefield: [Forest]\n")
    return Scenario.from_text(text)


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times)


def cast_biggest(sc: Scenario) -> None:
    game = Game.from_state(sc.state, sc.db)
    s = game.current_state()
    casts = [a for a in game.legal_actions() if a.kind == "cast"]
    biggest = max(casts, key=lambda a: s.objs[a.args[0]].card.mana_cost.mana_value())
    game.push(biggest)
    while game.pending is not None and game.pending.kind != "priority":
        pay = [a for a in game.legal_actions() if a.kind == "autopay"]
        game.push(pay[0] if pay else game.legal_actions()[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    raise_gc_threshold()            # as a process that plays games in bulk (manastack.gc_tuning)
    for n in (30, 60):
        sc = board(n)
        decide = median_ms(lambda: Game.from_state(sc.state, sc.db).legal_actions(), args.repeat)
        cast = median_ms(lambda: cast_biggest(sc), args.repeat)
        castable = sum(a.kind == "cast" for a in Game.from_state(sc.state, sc.db).legal_actions())
        print(f"{n} sources: priority decision {decide:.1f} ms ({castable} castable of {len(HAND)}), "
              f"cast with automatic payment {cast:.1f} ms")


if __name__ == "__main__":
    main()
