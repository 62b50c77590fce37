"""Splice (CR 702.47): as a player casts a spell of the kind a splice ability names ("Splice onto
Arcane"), they may reveal cards with that ability from their hand; the text box of each is
copied onto the spell and each splice cost is paid as an additional cost (CR 702.47a-b).

The spell on the stack has its own characteristics and the spliced text boxes (CR 702.47c): its
definition is the card's face with those texts appended, each card's own name in them read as
the spell's (so "~" is the spell), compiled like any card (:func:`spliced`). A text that doesn't
compile together is never offered. The spell keeps the card it was as ``printed`` and is that
card again once it leaves the stack (CR 702.47e)."""
from __future__ import annotations

import re
from functools import lru_cache

from manastack.cards import CardDef
from manastack.mana import ManaCost
from manastack.oracle import ir

from ..costs import alternative as alt_costs
from .. import exercise
from ..decisions import Action, ActionKind, Decision, DecisionKind
from ..mana.abilities import can_afford
from ..mana.spend import spell_use
from ..costs.spell_costs import total_cost


def splice_cost(card, onto) -> ManaCost | None:
    """The mana cost of ``card``'s splice ability that fits the spell ``onto`` (CR 702.47a):
    "Splice onto [subtype]" with a cost in mana only; None when it has none."""
    for ab in card.abilities:
        if type(ab) is ir.Keyword and ab.name == "splice" and ab.arg in onto.subtypes and ab.cost is not None \
                and ab.cost.mana is not None and not ab.cost.parts and not ab.cost.mana.x_count:
            return ab.cost.mana
    return None


@lru_cache(maxsize=1024)
def spliced(card: CardDef, others: tuple[CardDef, ...]) -> CardDef | None:
    """``card`` with the text boxes of ``others`` copied onto it (CR 702.47c), each card's name
    in its own text read as the spell's name; None unless every part of it compiles and runs."""
    texts = [card.text] + [re.sub(rf"\b{re.escape(o.name)}\b", card.name, o.text) for o in others]
    new = CardDef.from_face({**card.face, "name": card.name, "text": "\n".join(texts)})
    return new if new.fully_supported else None


def choose(ctx, player: int, spell, card, base: ManaCost) -> tuple[CardDef, tuple[ManaCost, ...]]:
    """CR 601.2b, 702.47a-b: offer each card in ``player``'s hand whose splice ability fits the
    spell being cast, one at a time; each may be spliced once. Only cards whose text compiles
    with the spell's and whose cost the player could pay on top of ``base`` (the spell's cost so
    far) are offered. Returns the spell's definition with the chosen texts and their splice
    costs, to be added to the total cost (CR 601.2f)."""
    s = ctx.s
    chosen: list[CardDef] = []
    added: list[ManaCost] = []
    for oid in list(s.players[player].hand):
        o = s.objs[oid]
        cost = splice_cost(o.card, card)
        if oid == spell.id or cost is None or not o.card.fully_supported:
            continue
        new = spliced(card, tuple(chosen) + (o.card,))
        mana = alt_costs.plus(base, cost)
        if new is None or not can_afford(s, player, total_cost(s, player, spell, 0, mana)[0], use=spell_use(spell)):
            continue
        answer = ctx.ask(Decision(player, DecisionKind.MAY, f"Reveal {o.card.name} and splice it onto "
                                  f"{card.name}, paying {cost} more? (CR 702.47a)",
                                  (Action(ActionKind.YES, (), "yes"), Action(ActionKind.NO, (), "no")), {"splice": o.card.name}))
        if answer.kind != ActionKind.YES:
            continue
        chosen.append(o.card)
        added.append(cost)
        base = mana
        if exercise.RECORD is not None:
            exercise.note("KEYWORDS", "splice", o.card)
        s.add_log(f"{s.players[player].name} reveals {o.card.name} and splices it onto {card.name}: its text "
                  f"is copied onto the spell, and {cost} is added to its cost", ("702.47a", "601.2b"), "cast")
    together = spliced(card, tuple(chosen)) if chosen else None
    if together is None:        # offered only when the spliced spell compiles
        return card, ()
    return together, tuple(added)
