"""Transformer rules for cards of several faces: transforming a double-faced permanent
(CR 701.27, 712) and the werewolves' conditions on the spells cast in the previous turn."""
from __future__ import annotations

from manastack.oracle import ir
from manastack.oracle.transform_base import _need, _permanent


class FaceRules:
    def transform_it(self, c):
        """"Transform ~" / "transform it" (CR 701.27a)."""
        _need(_permanent(c[0]), "transform")
        return [ir.Transform(c[0])]

    # Intervening "if" clauses of the werewolves (CR 603.4), as condition names.
    def cond_no_spells_last_turn(self, c):
        """No player cast a spell during the previous turn."""
        return "no_spells_cast_last_turn"

    def cond_two_spells_last_turn(self, c):
        """One player cast two or more spells during the previous turn."""
        return "a_player_cast_two_spells_last_turn"
