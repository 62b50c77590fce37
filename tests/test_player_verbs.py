"""A player's verbs chained without repeating the subject ("Target player draws two cards and
loses 2 life"): each verb is the same player's (CR 608.2c), with real cards and rulings."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, resolve
from .test_oracle_compiler import card


def spell_effects(db, name: str):
    c = db.get(name)
    assert c.unsupported == (), c.unsupported
    ab = next(a for a in c.abilities if isinstance(a, ir.SpellAbility))
    return ab.effects, ab.targets


def test_chained_verbs_share_the_player_named_first(corpus_db):
    effects, targets = spell_effects(corpus_db, "Painful Lesson")
    assert effects == (ir.Draw(2, ir.Target(0)), ir.LoseLife(2, ir.Target(0)))
    assert [t.kind for t in targets] == ["player"]          # one target, named once
    effects, _ = spell_effects(corpus_db, "Mind Drain")
    assert effects[:3] == (ir.Discard(2, ir.Target(0)), ir.Mill(1, ir.Target(0)), ir.LoseLife(1, ir.Target(0)))
    assert effects[3] == ir.GainLife(1, ir.Ref("you"))
    effects, _ = spell_effects(corpus_db, "Burning Inquiry")
    every = ir.Ref("each_player")
    assert effects == (ir.Draw(3, every), ir.Discard(3, every, random=True))
    effects, _ = spell_effects(corpus_db, "Geth's Verdict")
    assert effects[0].who == ir.Target(0) and effects[1] == ir.LoseLife(1, ir.Target(0))
    # "You draw two cards, lose 2 life, then mill two cards."
    effects, _ = spell_effects(corpus_db, "Funeral Rites")
    assert effects == (ir.Draw(2), ir.LoseLife(2), ir.Mill(2))


def test_a_verb_with_no_player_before_it_is_refused():
    assert card("Test", "Destroy target creature, then loses 2 life.", "Sorcery").unsupported
    assert card("Test", "Draws two cards.", "Sorcery").unsupported


def test_cephalid_looter_target_draws_then_discards(corpus_db):
    """Cephalid Looter: the targeted player both draws and discards; Alice doesn't."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Cephalid Looter]
    library: [Island]
  - name: Bob
    hand: [Forest]
    library: [Mountain]
""", turn=3)
    cast_and_pay(g, "activate Cephalid Looter", "Bob")
    resolve(g)
    g.push(next(a for a in g.legal_actions() if a.label == "Forest"))   # Bob chooses his discard
    assert names(g, 1, "hand") == ["Mountain"] and names(g, 1, "graveyard") == ["Forest"]
    assert names(g, 0, "hand") == [] and names(g, 0, "library") == ["Island"]
