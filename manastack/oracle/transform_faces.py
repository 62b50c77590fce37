"""Transformer rules for cards of several faces and other nonstandard layouts: transforming a
double-faced permanent (CR 701.27, 712), flipping a flip permanent (CR 710), the werewolves'
conditions on the spells cast in the previous turn, and Sagas' chapter abilities (CR 714)."""
from __future__ import annotations

from manastack.oracle import ir
from manastack.oracle.transform_base import _need, _permanent, bind


class FaceRules:
    def transform_it(self, c):
        """"Transform ~" / "transform it" (CR 701.27a)."""
        _need(_permanent(c[0]), "transform")
        return [ir.Transform(c[0])]

    def flip_it(self, c):
        """"Flip ~" / "flip it" (CR 710.2)."""
        _need(_permanent(c[0]), "flip")
        return [ir.Flip(c[0])]

    def e_self_or_haunted_dies(self, c):
        """"When ~ enters or the creature it haunts dies" (CR 702.55b-c): one ability per event."""
        _need(c[-1] == ir.TriggerEvent.ENTERS, "haunt: an event other than entering")
        return ir.Trigger(ir.TriggerEvent.ENTERS), ir.Trigger(ir.TriggerEvent.DIES, "haunted")

    # Intervening "if" clauses of the werewolves (CR 603.4), as condition names.
    def cond_no_spells_last_turn(self, c):
        """No player cast a spell during the previous turn."""
        return "no_spells_cast_last_turn"

    def cond_two_spells_last_turn(self, c):
        """One player cast two or more spells during the previous turn."""
        return "a_player_cast_two_spells_last_turn"


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}


class SagaRules:
    def chapter(self, c):
        """"I, II — [effect]": one chapter ability per numeral, each triggered when lore counters
        put on the Saga bring their number from below N to N or more (CR 714.2b-c)."""
        numerals, effects = str(c[0]), c[-1]
        _need(isinstance(effects, list) and bool(effects), "chapter")
        effects, targets = bind(effects, ir.Ref("self"))
        return "abilities", [ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.CHAPTER, chapter=_ROMAN[n.strip()]),
                                                 tuple(effects), tuple(targets))
                             for n in numerals.split(",")]
