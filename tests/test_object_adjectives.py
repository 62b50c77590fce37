"""Words that narrow an object description: "untapped" and "non-[subtype]" (CR 205.3), checked
as targets are chosen and again on resolution (CR 608.2b)."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, labels, names, on_battlefield, pick, resolve


def test_non_elf_excludes_elves_and_changelings(corpus_db):
    """Eyeblight's Ending: a changeling is every creature type (CR 702.73a), an Elf too."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Eyeblight's Ending]
    battlefield: [{card: Swamp, count: 3}]
  - name: Bob
    battlefield: [Llanowar Elves, Avian Changeling, Grizzly Bears]
""")
    pick(g, "cast Eyeblight's Ending")       # the only legal target is chosen: no question
    assert g.pending.kind == "pay"
    g.push(Action("autopay"))
    resolve(g)
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]


def test_non_aura_enchantments(corpus_db):
    """Tranquil Domain destroys every enchantment but Auras."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Tranquil Domain]
    battlefield: [{card: Forest, count: 2}, Glorious Anthem]
  - name: Bob
    battlefield: [Grizzly Bears, {card: Pacifism, attached_to: Grizzly Bears}]
""")
    cast_and_pay(g, "cast Tranquil Domain")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Glorious Anthem", "Tranquil Domain"]
    assert on_battlefield(g, "Pacifism")


def test_untapped_target_checked_again_on_resolution(corpus_db):
    """Traitor's Roar ruling (2008-05-01): a conspired copy with the same target taps it first, so
    the original's target is no longer an untapped creature and the original doesn't resolve
    (CR 608.2b): Bob takes the damage once. A tapped creature is never a choice."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Traitor's Roar]
    battlefield: [{card: Swamp, count: 5}, Dross Crocodile, Vulshok Berserker]
  - name: Bob
    battlefield: [Hill Giant, {card: Grizzly Bears, tapped: true}]
""")
    pick(g, "cast Traitor's Roar")
    pick(g, "pay conspire")
    assert labels(g) == ["target Dross Crocodile", "target Vulshok Berserker", "target Hill Giant"]
    pick(g, "target Hill Giant")
    g.push(Action("autopay"))
    pick(g, "Dross Crocodile")          # the other of the two is tapped too
    resolve(g)                          # conspire's trigger: the copy, same target
    resolve(g)                          # the copy taps the Giant: 3 damage to Bob
    assert g.current_state().players[1].life == 17
    resolve(g)                          # the original: its target is tapped now
    s = g.current_state()
    assert s.players[1].life == 17 and not s.stack
    assert [o.tapped for o in on_battlefield(g, "Hill Giant")] == [True]


def test_historic_is_an_artifact_a_legendary_or_a_saga(corpus_db):
    """CR 700.6: Cabal Paladin sees an artifact spell and a legendary spell, not Savannah Lions."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Ornithopter, Savannah Lions, "Isamaru, Hound of Konda"]
    battlefield: [{card: Plains, count: 3}, Cabal Paladin]
  - name: Bob
""")
    for name, hits in (("Ornithopter", 1), ("Savannah Lions", 0), ("Isamaru, Hound of Konda", 1)):
        cast_and_pay(g, f"cast {name}")
        assert len(g.current_state().stack) == 1 + hits, name
        while g.current_state().stack:
            resolve(g)
    assert g.current_state().players[1].life == 16


def test_nontoken_creatures_dying(corpus_db):
    """Golgari Germination: a nontoken creature dying makes a Saproling; a token dying doesn't
    (CR 111.1), so the Saprolings it makes don't feed it."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Golgari Germination, Grizzly Bears, {card: Grizzly Bears, token: true, id: bear token}]
  - name: Bob
    hand: [Pyroclasm]
    battlefield: [{card: Mountain, count: 2}]
""", active="Bob", turn=4)
    cast_and_pay(g, "cast Pyroclasm")
    resolve(g)
    assert [i.label for i in g.current_state().stack] == ["Golgari Germination's ability"]
    resolve(g)
    assert len(on_battlefield(g, "Saproling Token")) == 1
