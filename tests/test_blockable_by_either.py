""""~ can't be blocked except by creatures with flying or reach." (Signal Pest, Orchard Spirit;
CR 509.1b, 702.9b, 702.17b): a blocker needs one of the two keywords."""
from __future__ import annotations

from manastack.engine import combat

from .game_helpers import board, on_battlefield

ALICE, BOB = 0, 1


def test_only_flying_or_reach_creatures_may_block_signal_pest(db):
    g = board(db, """
  - name: Alice
    battlefield: [Signal Pest]
  - name: Bob
    battlefield: [Grizzly Bears, Suntail Hawk, Giant Spider]
""")
    s = g.current_state()
    pest = on_battlefield(g, "Signal Pest")[0]
    able = {name: combat.can_block(s, on_battlefield(g, name)[0], pest)
            for name in ("Grizzly Bears", "Suntail Hawk", "Giant Spider")}
    assert able == {"Grizzly Bears": False, "Suntail Hawk": True, "Giant Spider": True}
