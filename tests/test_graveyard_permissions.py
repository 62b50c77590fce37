"""Permissions to cast a card from a graveyard, played with the real cards and checked against
their rulings: Emry, Lurker of the Loch's "Choose target artifact card in your graveyard. You may
cast that card this turn." (CR 601.3): its costs paid, its timing kept, not a land played
(CR 305.1), and not the new object it becomes (CR 400.7). Dreadhorde Arcanist's "you may cast
target instant or sorcery card with mana value less than or equal to ~'s power from your
graveyard without paying its mana cost. If that spell would be put into your graveyard this
turn, exile it instead." (CR 608.2g, 118.9, 614.1a). Kethis, the Hidden Hand's "each legendary
card in your graveyard gains "You may play this card from your graveyard."" (CR 611.2c, 305.2)."""
from __future__ import annotations

from manastack.engine.decisions import Action, DecisionKind

from .game_helpers import answer_until_stack_empty, board, cast_and_pay, labels, names, on_battlefield, pass_until

ALICE, BOB = 0, 1

_EMRY = """
  - name: Alice
    battlefield: ["Emry, Lurker of the Loch", Island, Island]
    graveyard: [{graveyard}]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
"""


def _emry(db, graveyard: str = "Mind Stone"):
    return board(db, _EMRY.format(graveyard=graveyard))


def _casts(g) -> list[str]:
    return [x for x in labels(g) if x.startswith("cast ")]


def test_emry_lets_the_target_artifact_be_cast_from_the_graveyard(db):
    """The targeted artifact card may be cast this turn from the graveyard, paying its mana cost."""
    g = _emry(db)
    assert _casts(g) == []
    cast_and_pay(g, "activate Emry", "Mind Stone")
    answer_until_stack_empty(g)
    assert _casts(g) == ["cast Mind Stone from the graveyard"]
    cast_and_pay(g, "cast Mind Stone")
    answer_until_stack_empty(g)
    assert on_battlefield(g, "Mind Stone") and names(g, ALICE, "graveyard") == []
    assert all(o.tapped for o in on_battlefield(g, "Island") + on_battlefield(g, "Emry, Lurker of the Loch"))


def test_emry_does_not_let_an_artifact_land_be_played(db):
    """Emry's ruling: an effect that lets you cast a card doesn't let you play a land (CR 305.1)."""
    g = _emry(db, "Seat of the Synod")
    cast_and_pay(g, "activate Emry", "Seat of the Synod")
    answer_until_stack_empty(g)
    assert not any("Seat of the Synod" in x for x in labels(g) if not x.startswith("activate"))
    assert names(g, ALICE, "graveyard") == ["Seat of the Synod"]


def test_emry_keeps_the_cards_timing(db):
    """Emry's ruling: the normal timing rules apply: a sorcery-speed artifact can't be cast
    while an ability is on the stack (CR 307.1)."""
    g = board(db, """
  - name: Alice
    battlefield: ["Emry, Lurker of the Loch", Prodigal Sorcerer, Island, Island]
    graveyard: [Mind Stone]
  - name: Bob
""")
    cast_and_pay(g, "activate Emry", "Mind Stone")
    answer_until_stack_empty(g)
    cast_and_pay(g, "activate Prodigal Sorcerer", "Bob")
    assert g.current_state().stack and _casts(g) == []


def test_emry_permission_is_for_that_object_only(db):
    """Emry's ruling: once cast, the card is a new object; back in the graveyard the same turn
    (countered), it can't be cast again (CR 400.7)."""
    g = board(db, """
  - name: Alice
    battlefield: ["Emry, Lurker of the Loch", Island, Island, Island, Island]
    graveyard: [Mind Stone]
  - name: Bob
    hand: [Counterspell]
    battlefield: [Island, Island]
""")
    cast_and_pay(g, "activate Emry", "Mind Stone")
    answer_until_stack_empty(g)
    cast_and_pay(g, "cast Mind Stone")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Counterspell", "Mind Stone")
    answer_until_stack_empty(g)
    assert names(g, ALICE, "graveyard") == ["Mind Stone"] and _casts(g) == []


def test_emry_permission_ends_with_the_turn(db):
    """"this turn": in Bob's turn the card can no longer be cast from the graveyard (CR 514.2)."""
    g = board(db, """
  - name: Alice
    hand: [Mox Opal]
    battlefield: ["Emry, Lurker of the Loch", Island, Island]
    graveyard: [Mox Opal]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""")
    cast_and_pay(g, "activate Emry", "Mox Opal")
    answer_until_stack_empty(g)
    assert "cast Mox Opal from the graveyard" in _casts(g)
    for _ in range(60):
        s = g.current_state()
        if s.active == BOB and g.pending.kind == DecisionKind.PRIORITY and g.pending.player == ALICE:
            break
        g.push(Action("pass") if g.pending.kind == DecisionKind.PRIORITY else g.legal_actions()[0])
    assert not any("from the graveyard" in x for x in labels(g))


# ------------------------------------------------ casting a graveyard card as an ability resolves


def _arcanist(db, graveyard: str, bob_hand: str = "[]", bob_battlefield: str = "[]", equipped: bool = False):
    g = board(db, f"""
  - name: Alice
    battlefield: [Dreadhorde Arcanist{', Bonesplitter, Mountain' if equipped else ''}]
    graveyard: [{graveyard}]
    library: [Island, Island, Island]
  - name: Bob
    hand: {bob_hand}
    battlefield: {bob_battlefield}
""", turn=3)
    if equipped:
        cast_and_pay(g, "activate Bonesplitter", "Dreadhorde Arcanist")
        answer_until_stack_empty(g)
    pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if a.label == "attack with Dreadhorde Arcanist"))
    while g.pending.kind != DecisionKind.PRIORITY:
        g.push(g.legal_actions()[0])
    return g


def test_dreadhorde_arcanist_casts_a_card_from_the_graveyard_for_free_and_exiles_it(db):
    """Dreadhorde Arcanist: as the attack trigger resolves its controller casts the target
    without paying its mana cost (CR 608.2g, 118.9); the spell then goes to exile, not to the
    graveyard (CR 614.1a). Only cards with mana value up to its power (1) can be targeted."""
    g = _arcanist(db, "Lightning Bolt, Lightning Helix")
    s = g.current_state()
    assert len(s.stack) == 1 and [s.objs[t].card.name for grp in s.stack[0].targets for t in grp] == ["Lightning Bolt"]
    answer_until_stack_empty(g, "yes", "Bob")
    s = g.current_state()
    assert s.players[BOB].life == 17
    assert names(g, ALICE, "exile") == ["Lightning Bolt"] and names(g, ALICE, "graveyard") == ["Lightning Helix"]


def test_dreadhorde_arcanist_reads_its_power_as_it_attacks(db):
    """Its power as the ability triggers decides the targets: with Bonesplitter (+2/+0) a card of
    mana value 3 may be targeted and cast, one of mana value 4 not."""
    g = _arcanist(db, "Divination, Harmonize", equipped=True)
    s = g.current_state()
    assert [s.objs[t].card.name for grp in s.stack[0].targets for t in grp] == ["Divination"]
    answer_until_stack_empty(g, "yes")
    assert names(g, ALICE, "exile") == ["Divination"] and len(names(g, ALICE, "hand")) == 2


def test_dreadhorde_arcanist_may_decline(db):
    """"you may": declined, the card stays in the graveyard."""
    g = _arcanist(db, "Lightning Bolt")
    answer_until_stack_empty(g, "no")
    assert names(g, ALICE, "graveyard") == ["Lightning Bolt"] and g.current_state().players[BOB].life == 20


def test_a_spell_dreadhorde_arcanist_cast_is_exiled_when_countered(db):
    """"If that spell would be put into your graveyard this turn, exile it instead": countered,
    it goes to exile too (CR 614.1a, 701.5a)."""
    g = _arcanist(db, "Lightning Bolt", bob_hand="[Counterspell]", bob_battlefield="[Island, Island]")
    answer_until_stack_empty(g, "yes", "Bob")
    assert names(g, ALICE, "exile") == ["Lightning Bolt"]


# ------------------------------------------------ Kethis: legendary cards played from the graveyard


_ISAMARU, _URBORG = "Isamaru, Hound of Konda", "Urborg, Tomb of Yawgmoth"


def _kethis(db, graveyard: list[str], hand: list[str] = ()):
    quoted = ", ".join(f'"{n}"' for n in graveyard)
    g = board(db, f"""
  - name: Alice
    hand: [{", ".join(f'"{n}"' for n in hand)}]
    battlefield: ["Kethis, the Hidden Hand", Plains, Plains, Swamp, Forest]
    graveyard: [{quoted}]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.label.startswith("activate Kethis")))
    while g.pending.kind != DecisionKind.PRIORITY:      # the two legendary cards exiled as the cost
        g.push(Action("autopay") if g.pending.kind == DecisionKind.PAY else g.legal_actions()[0])
    return g


def test_kethis_lets_legendary_cards_in_the_graveyard_be_played(db):
    """Kethis: each legendary card in the graveyard as the ability resolves may be cast (a
    legendary spell, its cost {1} less) or, a land, played from there this turn (CR 601.3, 305.1)."""
    g = _kethis(db, [_ISAMARU, _ISAMARU, _ISAMARU, _URBORG, "Llanowar Elves"])
    answer_until_stack_empty(g)
    assert len(names(g, ALICE, "exile")) == 2
    assert "play Urborg, Tomb of Yawgmoth" in labels(g)
    assert _casts(g) == ["cast Isamaru, Hound of Konda from the graveyard"]
    g.push(next(a for a in g.legal_actions() if a.label == "play Urborg, Tomb of Yawgmoth"))
    assert on_battlefield(g, "Urborg, Tomb of Yawgmoth")
    cast_and_pay(g, "cast Isamaru")
    answer_until_stack_empty(g)
    assert on_battlefield(g, "Isamaru, Hound of Konda") and names(g, ALICE, "graveyard") == ["Llanowar Elves"]


def test_kethis_land_from_the_graveyard_uses_the_land_play(db):
    """Kethis's ruling: a legendary land is played only with a land play left (CR 305.2)."""
    g = _kethis(db, [_ISAMARU, _ISAMARU, _URBORG], hand=["Swamp"])
    answer_until_stack_empty(g)
    g.push(next(a for a in g.legal_actions() if a.label == "play Swamp"))
    assert not any("Urborg" in x for x in labels(g))


def test_kethis_affects_only_cards_in_the_graveyard_as_it_resolves(db):
    """Kethis's ruling: a legendary card put into the graveyard later in the turn can't be
    played from there (CR 611.2c)."""
    g = _kethis(db, [_ISAMARU, _ISAMARU], hand=[_ISAMARU])
    answer_until_stack_empty(g)
    assert _casts(g) == ["cast Isamaru, Hound of Konda"]
    cast_and_pay(g, "cast Isamaru")
    answer_until_stack_empty(g)
    assert on_battlefield(g, "Isamaru, Hound of Konda")
