"""Escape (CR 702.138): a card cast from its owner's graveyard for its escape cost, mana and
other cards of that graveyard exiled; "escapes with" counters and "unless it escaped"
(CR 702.138c). Real cards and their Theros Beyond Death rulings."""
from __future__ import annotations

from .game_helpers import board, names, on_battlefield, resolve

ALICE, BOB = 0, 1


def _escape(g, name: str) -> None:
    """Cast ``name`` from the graveyard with escape, paying automatically (the first cards
    offered are exiled)."""
    g.push(next(a for a in g.legal_actions() if a.label.startswith(f"cast {name} from the graveyard with escape")))
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "autopay"), acts[0]))


def test_rage_hound_escapes_with_a_counter_exiling_three_other_cards(db):
    """Underworld Rage-Hound is cast from the graveyard for {3}{R} and three other cards of
    that graveyard are exiled (CR 702.138a); it enters with a +1/+1 counter (CR 702.138c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Mountain, Mountain, Mountain, Mountain]
    graveyard: [Underworld Rage-Hound, Shock, Lightning Bolt, Forest]
  - name: Bob
""")
    _escape(g, "Underworld Rage-Hound")
    assert names(g, ALICE, "exile") == ["Forest", "Lightning Bolt", "Shock"]
    resolve(g)
    hound = on_battlefield(g, "Underworld Rage-Hound")[0]
    assert hound.counters.get("+1/+1") == 1 and "escape" in hound.cast_costs


def test_no_escape_without_enough_other_cards(db):
    """Two other cards can't pay "exile three other cards": the card itself doesn't count,
    so it can't be cast (CR 601.2h, 702.138a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Mountain, Mountain, Mountain, Mountain]
    graveyard: [Underworld Rage-Hound, Shock, Forest]
  - name: Bob
""")
    assert not any(a.label.startswith("cast Underworld Rage-Hound") for a in g.legal_actions())


def test_escape_keeps_sorcery_timing(db):
    """Escape's permission doesn't change when the card may be cast (ruling 2020-01-24): not
    on Bob's turn."""
    g = board(db, """
  - name: Alice
    battlefield: [Mountain, Mountain, Mountain, Mountain]
    graveyard: [Underworld Rage-Hound, Shock, Lightning Bolt, Forest]
  - name: Bob
""", turn=2, active="Bob", priority="Alice")
    assert g.pending.player == ALICE
    assert not any(a.label.startswith("cast Underworld Rage-Hound") for a in g.legal_actions())


def test_cast_from_the_hand_it_has_no_counter(db):
    """Cast from the hand it didn't escape: no counter."""
    g = board(db, """
  - name: Alice
    hand: [Underworld Rage-Hound]
    battlefield: [Mountain, Mountain]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.label.startswith("cast Underworld Rage-Hound")))
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind == "autopay"))
    resolve(g)
    assert not on_battlefield(g, "Underworld Rage-Hound")[0].counters


def _resolve_all(g) -> None:
    """Order the triggers as they triggered, resolve them, and put no land from the hand."""
    while g.current_state().stack or g.pending.kind != "priority":
        if g.pending.kind == "priority":
            resolve(g)
        else:
            acts = g.legal_actions()
            g.push(next((a for a in acts if a.label.startswith(("put the rest", "don't", "no", "decline"))), acts[-1]))


def test_uro_cast_from_hand_is_sacrificed_but_still_draws(db):
    """Uro cast from the hand didn't escape: its first ability sacrifices it, and its second
    still triggers on entering (rulings 2020-01-24): Alice gains 3 and draws."""
    g = board(db, """
  - name: Alice
    hand: ["Uro, Titan of Nature's Wrath"]
    battlefield: [Forest, Island, Island]
    library: [Island, Island, Island]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.label.startswith("cast Uro")))
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind == "autopay"))
    resolve(g)      # Uro enters: both abilities trigger
    _resolve_all(g)
    s = g.current_state()
    assert not on_battlefield(g, "Uro, Titan of Nature's Wrath")
    assert "Uro, Titan of Nature's Wrath" in names(g, ALICE, "graveyard")
    assert s.players[ALICE].life == 23 and len(s.players[ALICE].hand) == 1


def test_uro_that_escaped_stays(db):
    """Cast with escape ({G}{G}{U}{U}, five other cards exiled), Uro stays on the battlefield."""
    g = board(db, """
  - name: Alice
    battlefield: [Forest, Forest, Island, Island]
    graveyard: ["Uro, Titan of Nature's Wrath", Shock, Lightning Bolt, Forest, Island, Grizzly Bears]
    library: [Island, Island, Island]
  - name: Bob
""")
    _escape(g, "Uro, Titan of Nature's Wrath")
    assert len(names(g, ALICE, "exile")) == 5
    resolve(g)
    _resolve_all(g)
    assert on_battlefield(g, "Uro, Titan of Nature's Wrath")
    assert g.current_state().players[ALICE].life == 23


def test_an_escaped_instant_returns_to_the_graveyard(db):
    """After an escaped spell that is not a permanent spell resolves, it goes back to its
    owner's graveyard (ruling 2020-01-24): Cling to Dust is there, not in exile."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp, Swamp]
    graveyard: [Cling to Dust, Shock, Lightning Bolt, Forest, Island, Plains]
    library: [Island]
  - name: Bob
    graveyard: [Grizzly Bears]
""")
    g.push(next(a for a in g.legal_actions() if a.label.startswith("cast Cling to Dust from the graveyard with escape")))
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "autopay"), next((a for a in acts if "Grizzly Bears" in a.label), acts[0])))
    assert len(names(g, ALICE, "exile")) == 5
    resolve(g)
    assert names(g, ALICE, "graveyard") == ["Cling to Dust"]
    assert names(g, BOB, "exile") == ["Grizzly Bears"] and g.current_state().players[ALICE].life == 23
