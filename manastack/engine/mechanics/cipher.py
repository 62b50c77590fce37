"""Cipher (CR 702.99): encoding a resolving spell on a creature, and casting a copy of the
encoded card when that creature deals combat damage to a player (CR 707.12)."""
from __future__ import annotations

from manastack.mana import ManaCost
from manastack.oracle import ir

from .. import characteristics as ch
from .. import events
from ..casting import count_cast, pay_mana
from ..decisions import Action, ActionKind, Decision, DecisionKind
from ..event_types import SpellCast
from ..mana.abilities import can_afford
from ..costs.spell_costs import log_total, total_cost
from ..state import Obj, StackItem
from ..timing import split_second
from ..targets import choose_modes_and_targets, spell_ability_index
from ..triggers import announce_targets
from ..zones import EXILE, STACK


def encode_cipher(ctx, spell, controller: int) -> bool:
    """CR 702.99a: as a spell with cipher represented by a card finishes resolving, its
    controller may exile it encoded on a creature they control. Returns whether it was."""
    s = ctx.s
    has_cipher = any(type(ab) is ir.Keyword and ab.name == "cipher" for ab in spell.card.abilities)
    if spell.is_token or not has_cipher:
        return False
    creatures = [o for o in s.permanents(controller) if ch.is_creature(s, o)]
    if not creatures:
        return False
    options = tuple(Action(ActionKind.ENCODE, (o.id,), f"encode {spell.card.name} on {o.card.name}")
                    for o in creatures) + (Action(ActionKind.NO, (), f"put {spell.card.name} into the graveyard"),)
    answer = ctx.ask(Decision(controller, DecisionKind.CIPHER,
                              f"Cipher: exile {spell.card.name} encoded on a creature "
                              "you control? (CR 702.99a)", options))
    if answer.kind == ActionKind.NO:
        return False
    host = s.objs[answer.args[0]]
    new = events.move(ctx, spell, EXILE, cause="cipher", rules=("702.99a",))
    if new is not None:
        events.link_exiled(ctx, new, host.id)
    s.add_log(f"{spell.card.name} is encoded on {host.card.name}", ("702.99a", "702.99b"), "effect")
    return True


def cast_encoded_copy(ctx, e: ir.CastEncodedCopy, rc) -> None:
    """CR 702.99a, 707.12: the controller may copy the encoded card (in exile) and cast the copy
    without paying its mana cost; targets are chosen as for any spell (CR 601.2c). Cost increases
    still apply to that alternative cost (CR 118.9d, Damping Sphere)."""
    s = ctx.s
    encoded = s.objs.get(rc.event.encoded) if rc.event.encoded is not None else None
    if encoded is None or encoded.zone != EXILE:
        return
    player = rc.controller
    card = encoded.card
    locked = split_second(s)
    if locked is not None:        # casting a copy is casting a spell (CR 707.12)
        s.add_log(f"a copy of {card.name} can't be cast: {locked.card.name} with split second is on the stack",
                  ("702.99a", "702.61a"), "cast")
        return
    free = ManaCost(())
    total, why = total_cost(s, player, encoded, base=free)
    if not can_afford(s, player, total):
        s.add_log(f"{s.players[player].name} can't pay {total} to cast a copy of {card.name}: "
                  + ", ".join(why), ("118.9d", "601.2f"), "cast")
        return
    answer = ctx.ask(Decision(player, DecisionKind.MAY,
                              f"Cipher: cast a copy of {card.name} without paying its "
                              "mana cost? (CR 702.99a)", (Action(ActionKind.YES, (), "yes"), Action(ActionKind.NO, (), "no"))))
    s.add_log(f"{s.players[player].name} chooses {answer.kind} for casting a copy of {card.name}",
              ("702.99a", "603.5"), "choice")
    if answer.kind == ActionKind.NO:
        return
    copy = Obj(s.next_id, card, player, STACK)
    s.next_id += 1
    copy.is_token = True          # a copy, not a card: it ceases to exist off the stack (CR 704.5e)
    s.objs[copy.id] = copy
    item = StackItem(s.next_id, "spell", copy.id, player, card, spell_ability_index(card),
                     f"Copy of {card.name}")
    s.next_id += 1
    s.stack.append(item)
    s.add_log(f"{s.players[player].name} casts a copy of {card.name} without paying its mana cost",
              ("707.12", "601.2a", "118.9"), "cast")
    if not choose_modes_and_targets(ctx, item, copy, player, item.ability):
        s.stack.remove(item)
        del s.objs[copy.id]
        s.add_log(f"The copy of {card.name} can't be cast: it has no legal targets", ("601.2c",), "cast")
        return
    log_total(s, card, free, total, why, "the alternative cost")
    pay_mana(ctx, player, total, f"the copy of {card.name}")
    count_cast(s, player, copy)
    s.add_log(f"The copy of {card.name} is cast", ("601.2i",), "cast")
    events.collect(ctx, SpellCast(player, copy.id, item.id))
    announce_targets(ctx, item)
