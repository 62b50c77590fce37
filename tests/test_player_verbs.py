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


def test_a_named_player_creates_tokens(corpus_db):
    """CR 111.2: "Its controller creates ..." (Beast Within), "target opponent creates ..."
    (Baffling End): that player creates the tokens and controls them."""
    effects, _ = spell_effects(corpus_db, "Beast Within")
    assert effects[1].who == ir.Ref("target_controller")
    leaves = [a for a in corpus_db.get("Baffling End").abilities if isinstance(a, ir.TriggeredAbility)][-1]
    assert leaves.effects[0].who == ir.Target(0) and leaves.targets[0].kind == "opponent"
    g = board(corpus_db, """
  - name: Alice
    hand: [Beast Within]
    battlefield: [Forest, Forest, Forest]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Beast Within", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    (beast,) = [o for o in s.objs.values() if o.zone == "battlefield" and o.card.name == "Beast Token"]
    assert beast.controller == 1 and beast.owner == 1


def test_players_get_poison_counters(corpus_db):
    """CR 122.1: "[player] gets N poison counters", also chained (Caress of Phyrexia); only
    poison counters are read on a player."""
    effects, _ = spell_effects(corpus_db, "Caress of Phyrexia")
    assert effects == (ir.Draw(3, ir.Target(0)), ir.LoseLife(3, ir.Target(0)), ir.GetPoison(3, ir.Target(0)))
    (viper,) = [a for a in corpus_db.get("Marsh Viper").abilities if isinstance(a, ir.TriggeredAbility)]
    assert viper.effects == (ir.GetPoison(2, ir.Ref("triggering_player")),)
    assert card("Test", "Target player gets two time counters.", "Sorcery").unsupported
    g = board(corpus_db, """
  - name: Alice
    hand: [Caress of Phyrexia]
    battlefield: [{card: Swamp, count: 5}]
  - name: Bob
    poison: 6
    library: [Forest, Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Caress of Phyrexia", "Bob")
    resolve(g)
    s = g.current_state()
    assert (s.players[1].poison, s.players[1].life, len(s.players[1].hand)) == (9, 17, 3)


def test_a_player_searches_their_own_library(corpus_db):
    """CR 701.23a: "Its controller may search their library ..." (Assassin's Trophy): the
    permanent's controller chooses, searches and gets the land (each player searching their own
    library, Jungle Wayfinder, is in test_staples_a_to_k.py)."""
    effects, _ = spell_effects(corpus_db, "Assassin's Trophy")
    may = effects[1]
    assert may.who == ir.Ref("target_controller")
    assert may.effects[0].who == ir.Ref("target_controller") and may.effects[0].own
    g = board(corpus_db, """
  - name: Alice
    hand: [Assassin's Trophy]
    battlefield: [Swamp, Forest]
    library: [Plains]
  - name: Bob
    battlefield: [Darksteel Myr]
    library: [Island, Forest]
""", turn=3)
    cast_and_pay(g, "cast Assassin's Trophy", "Darksteel Myr")
    resolve(g)
    # Assassin's Trophy ruling (2018-10-05): indestructible, not destroyed, the controller may search
    assert g.pending.player == 1
    g.push(next(a for a in g.legal_actions() if a.label == "yes"))
    assert g.pending.player == 1
    g.push(next(a for a in g.legal_actions() if a.label == "Island"))
    s = g.current_state()
    (island,) = [o for o in s.objs.values() if o.zone == "battlefield" and o.card.name == "Island"]
    assert island.controller == 1 and not island.tapped
    assert [o.card.name for o in s.objs.values() if o.zone == "battlefield" and o.controller == 1] == \
        ["Darksteel Myr", "Island"]
    assert names(g, 0, "library") == ["Plains"]


def test_unless_they_pay(corpus_db):
    """CR 118.12: "that player loses 2 life unless they pay {2}" (Isolation Cell), "... deals 2
    damage to that player unless they pay {2}" (Soul Barrier): the player the effect names may
    pay; "they" never means "you"."""
    (cell,) = [a for a in corpus_db.get("Isolation Cell").abilities if isinstance(a, ir.TriggeredAbility)]
    (unless,) = cell.effects
    assert unless.who == ir.Ref("triggering_player") and unless.effects == (ir.LoseLife(2, unless.who),)
    assert unless.cost.mana is not None and str(unless.cost.mana) == "{2}"
    (barrier,) = [a for a in corpus_db.get("Soul Barrier").abilities if isinstance(a, ir.TriggeredAbility)]
    assert barrier.effects[0].effects[0].to == barrier.effects[0].who
    assert card("Test", "You lose 2 life unless they pay {2}.", "Sorcery").unsupported
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Soul Barrier]
  - name: Bob
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest, Forest, Forest]
""", turn=4, active="Bob")
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert g.pending.player == 1
    assert [a.label for a in g.legal_actions()] == ["pay {2}", "don't pay {2}"]
    g.push(next(a for a in g.legal_actions() if a.label == "don't pay {2}"))
    assert g.current_state().players[1].life == 18


def test_discard_hand_and_exile_the_top_cards(corpus_db):
    """"Each player discards their hand, then draws seven cards" (Wheel of Fortune, CR 701.9a);
    "target opponent exiles the top card of their library" (Thought Harvester, CR 406.1)."""
    effects, _ = spell_effects(corpus_db, "Wheel of Fortune")
    assert effects == (ir.DiscardHand(ir.Ref("each_player")), ir.Draw(7, ir.Ref("each_player")))
    effects, _ = spell_effects(corpus_db, "One with Nothing")
    assert effects == (ir.DiscardHand(),)
    harvester = [a for a in corpus_db.get("Thought Harvester").abilities if isinstance(a, ir.TriggeredAbility)][-1]
    assert harvester.effects == (ir.ExileTopCard(1, ir.Target(0)),) and harvester.targets[0].kind == "opponent"
    g = board(corpus_db, """
  - name: Alice
    hand: [Wheel of Fortune, Shock]
    battlefield: [Mountain, Mountain, Mountain]
    library: [{card: Island, count: 7}]
  - name: Bob
    hand: [Forest, Forest]
    library: [{card: Plains, count: 7}]
""", turn=3)
    cast_and_pay(g, "cast Wheel of Fortune")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Shock", "Wheel of Fortune"] and names(g, 1, "graveyard") == ["Forest", "Forest"]
    assert names(g, 0, "hand") == ["Island"] * 7 and names(g, 1, "hand") == ["Plains"] * 7


def test_a_named_player_gains_control(corpus_db):
    """CR 613.1b: "Target opponent gains control of target permanent you control" (Harmless
    Offering): the player is the first target, the permanent the second."""
    effects, targets = spell_effects(corpus_db, "Harmless Offering")
    assert effects == (ir.GainControl(ir.Target(1), "permanent", ir.Target(0)),)
    assert [t.kind for t in targets] == ["opponent", "permanent"]
    g = board(corpus_db, """
  - name: Alice
    hand: [Harmless Offering]
    battlefield: [Mountain, Mountain, Mountain, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Harmless Offering", "Bob", "Grizzly Bears")
    resolve(g)
    (bears,) = [o for o in g.current_state().objs.values() if o.card.name == "Grizzly Bears"]
    assert bears.controller == 1 and bears.owner == 0


def test_target_opponent_may(corpus_db):
    """"Target opponent may draw a card." (Phelddagrif): the targeted player chooses and draws
    (CR 608.2d)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Phelddagrif, Island]
  - name: Bob
    library: [Forest]
""", turn=3)
    cast_and_pay(g, "activate Phelddagrif: {U}", "Bob")
    resolve(g)
    assert g.pending.player == 1 and [a.label for a in g.legal_actions()] == ["yes", "no"]
    g.push(next(a for a in g.legal_actions() if a.label == "yes"))
    assert names(g, 1, "hand") == ["Forest"] and names(g, 0, "hand") == ["Phelddagrif"]
