"""Each way to lose the game by a state-based action cites its own rule (CR 104.3b-d, 704.5a-c)."""
from __future__ import annotations

import pytest

from manastack.scenario import Scenario

BOARD = """
players:
  - name: Alice
    battlefield: [Forest]
    library: [{{card: Forest, count: 5}}]
  - name: Bob
    {bob}
    battlefield: [Forest]
script:
  - pass_until: game over
expect:
  result: {{winner: Alice, reason: "{reason}"}}
"""


@pytest.mark.parametrize("bob, reason, rules", [
    ("life: 0\n    library: [Forest]", "life total 0 or less", ("704.5a", "104.3b")),
    ("poison: 10\n    library: [Forest]", "ten or more poison counters", ("704.5c", "104.3d")),
    ("library: []", "drew from an empty library", ("704.5b", "104.3c")),
])
def test_each_loss_line_cites_its_rule(bob, reason, rules):
    run = Scenario.from_text(BOARD.format(bob=bob, reason=reason)).run()
    assert run.passed, [(o.what, o.actual) for o in run.failures]
    lost = [e for e in run.game.log if "loses the game" in e.text]
    assert len(lost) == 1
    assert lost[0].rules == rules
