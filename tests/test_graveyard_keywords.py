"""Keyword abilities that work from the graveyard or change where a card goes, run with real
cards from the card corpus and their official rulings (cited by date, paraphrased): unearth
(CR 702.84) and scavenge (CR 702.97). The scenarios/cards/ files play the main cases."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.engine.legality import why_not_activate
from manastack.engine.abilities import graveyard_activated

from .game_helpers import board

ALICE, BOB = 0, 1


def resolve(g: Game) -> None:
    g.push(Action("pass"))
    g.push(Action("pass"))


def names(g: Game, player: int, zone: str) -> list[str]:
    s = g.current_state()
    return sorted(s.objs[i].card.name for i in s.players[player].zone(zone))


def in_zone(g: Game, player: int, zone: str, name: str):
    s = g.current_state()
    return next(s.objs[i] for i in s.players[player].zone(zone) if s.objs[i].card.name == name)


def activations(g: Game, name: str) -> list[Action]:
    s = g.current_state()
    return [a for a in g.legal_actions() if a.kind == "activate" and s.objs[a.args[0]].card.name == name]


def finish(g: Game, prefer: str = "") -> None:
    """Answer a cast's or activation's questions: pay automatically, else the first answer
    whose label has ``prefer``, else the first answer."""
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "autopay"),
                    next((a for a in acts if prefer and prefer in a.label), acts[0])))


def on_battlefield(g: Game, name: str):
    s = g.current_state()
    return [o for o in s.objs.values() if o.zone == "battlefield" and o.card.name == name]


# ------------------------------------------------------------------------------ unearth


def test_unearth_returns_with_haste_and_exiles_at_end_step(db):
    """Hellspark Elemental (unearth {1}{R}): back from the graveyard with haste (CR 702.84a)."""
    g = board(db, """
  - name: Alice
    graveyard: [Hellspark Elemental]
    battlefield: [Mountain, Mountain]
  - name: Bob
""")
    [act] = activations(g, "Hellspark Elemental")
    g.push(act)
    finish(g)
    assert names(g, ALICE, "graveyard") == ["Hellspark Elemental"]     # the card stays until it resolves
    resolve(g)
    [elemental] = on_battlefield(g, "Hellspark Elemental")
    assert "haste" in ch.keywords(g.current_state(), elemental)
    assert "unearth" in g.explain() and "702.84a" in g.explain()


def test_unearth_only_as_a_sorcery_and_only_from_your_graveyard(db):
    g = board(db, """
  - name: Alice
    graveyard: [Dregscape Zombie]
    battlefield: [Swamp]
  - name: Bob
    graveyard: [Dregscape Zombie]
    battlefield: [Swamp]
""", step="upkeep")
    assert activations(g, "Dregscape Zombie") == []          # not Alice's main phase (CR 602.5d)
    s = g.current_state()
    zombie = in_zone(g, ALICE, "graveyard", "Dregscape Zombie")
    [(idx, ab)] = graveyard_activated(zombie.card)
    assert "sorcery" in why_not_activate(s, ALICE, zombie, ab, idx)
    theirs = in_zone(g, BOB, "graveyard", "Dregscape Zombie")
    assert "not in Alice's graveyard" in why_not_activate(s, ALICE, theirs, ab, idx)


def test_unearth_does_nothing_if_the_card_left_the_graveyard(db):
    """Ruling 2008-10-01: the card removed from the graveyard before the ability resolves: the
    ability resolves and does nothing."""
    g = board(db, """
  - name: Alice
    graveyard: [Dregscape Zombie]
    battlefield: [Swamp]
  - name: Bob
    hand: [Coffin Purge]
    battlefield: [Swamp]
""")
    [act] = activations(g, "Dregscape Zombie")
    g.push(act)
    finish(g)
    g.push(Action("pass"))                                   # Bob gets priority
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    finish(g)
    resolve(g)                                               # Coffin Purge exiles the Zombie
    assert names(g, ALICE, "exile") == ["Dregscape Zombie"]
    resolve(g)                                               # the unearth ability
    assert on_battlefield(g, "Dregscape Zombie") == []
    assert "unearth ability does nothing" in g.explain()


def test_unearthed_creature_that_dies_is_exiled(db):
    """Ruling 2008-10-01: it would leave the battlefield for any reason: exiled instead; the
    replacement is no ability of the creature (CR 702.84a, 614.1a)."""
    g = board(db, """
  - name: Alice
    graveyard: [Dregscape Zombie]
    battlefield: [Swamp]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
""")
    g.push(activations(g, "Dregscape Zombie")[0])
    finish(g)
    resolve(g)
    g.push(Action("pass"))
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    finish(g, "Dregscape Zombie")
    resolve(g)
    assert names(g, ALICE, "graveyard") == []
    assert names(g, ALICE, "exile") == ["Dregscape Zombie"]


# ------------------------------------------------------------------------------ scavenge


def test_scavenge_exiles_as_a_cost_and_counts_the_cards_power(db):
    """Slitherhead (1/1, scavenge {0}): one +1/+1 counter on target creature (CR 702.97a)."""
    g = board(db, """
  - name: Alice
    graveyard: [Slitherhead]
    battlefield: [Grizzly Bears]
  - name: Bob
""")
    [act] = activations(g, "Slitherhead")
    g.push(act)
    finish(g)                                               # the target: the only creature
    assert names(g, ALICE, "exile") == ["Slitherhead"]      # paid before it resolves
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert bears.counters == {"+1/+1": 1}


def test_scavenge_needs_a_target(db):
    g = board(db, """
  - name: Alice
    graveyard: [Slitherhead]
  - name: Bob
""")
    assert activations(g, "Slitherhead") == []


# ------------------------------------------------------------------------------ rebound


def test_rebound_declined_stays_exiled(db):
    """Staggershock (rebound): cast from the hand, exiled as it resolves; at the next upkeep
    its controller may decline to cast it, and the card stays exiled for good (ruling
    2010-06-15; CR 702.88a)."""
    g = board(db, """
  - name: Alice
    hand: [Staggershock]
    library: [Mountain, Mountain, Mountain]
    battlefield: [Mountain, Mountain, Mountain]
  - name: Bob
    library: [Island, Island, Island]
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    finish(g, "Bob")
    resolve(g)
    assert names(g, ALICE, "exile") == ["Staggershock"]
    assert g.current_state().players[BOB].life == 18
    while g.pending.kind != "may":            # no creatures: every other answer is a pass
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    assert "rebound" in g.pending.prompt and " upkeep " in g.explain().splitlines()[-1]
    g.push(Action("no"))
    assert names(g, ALICE, "exile") == ["Staggershock"]
    assert "it stays exiled" in g.explain()


def test_rebound_needs_a_cast_from_the_hand(db):
    """A rebound spell cast from anywhere but the hand has no rebound (ruling 2010-06-15): the
    marker is set only by a cast from the hand."""
    from manastack.engine.costs import alternative as alt_costs
    assert "rebound" in alt_costs.MARKS
    g = board(db, """
  - name: Alice
    hand: [Staggershock]
    battlefield: [Mountain, Mountain, Mountain]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    finish(g, "Bob")
    s = g.current_state()
    [spell] = [s.objs[i.source] for i in s.stack]
    assert spell.cast_costs == ("rebound", "from_hand")


# ------------------------------------------------------------------------------ retrace


def test_retrace_needs_a_land_card_to_discard(db):
    """Flame Jab (retrace): cast from the graveyard only by discarding a land card as an
    additional cost (CR 702.81a); a nonland card in hand can't pay it."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt]
    graveyard: [Flame Jab]
    battlefield: [Mountain]
  - name: Bob
""")
    s = g.current_state()
    jab = in_zone(g, ALICE, "graveyard", "Flame Jab")
    assert not any(a.kind == "cast" and a.args[0] == jab.id for a in g.legal_actions())
    from manastack.engine.legality import why_not_cast
    assert "retrace" in why_not_cast(s, ALICE, jab)
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt, Forest]
    graveyard: [Flame Jab]
    battlefield: [Mountain]
  - name: Bob
""")
    [cast] = [a for a in g.legal_actions() if a.kind == "cast" and "Flame Jab" in a.label]
    assert cast.label == "cast Flame Jab from the graveyard with retrace, discarding a land card"
    g.push(cast)
    finish(g, "Bob")
    assert names(g, ALICE, "hand") == ["Lightning Bolt"]
    assert names(g, ALICE, "graveyard") == ["Forest"]


# ------------------------------------------------------------------------------ dredge


def test_dredge_replaces_a_draw_from_an_effect_too(db):
    """Darkblast (dredge 3) replaces a draw of Divination's, one draw at a time: the first draw
    is dredged, the second (Darkblast gone from the graveyard) is a plain draw (CR 702.52a,
    121.2; Golgari Thug ruling 2013-06-07: any draw)."""
    g = board(db, """
  - name: Alice
    hand: [Divination]
    graveyard: [Darkblast]
    library: [Forest, Forest, Forest, Island, Plains]
    battlefield: [Island, Island, Island]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    finish(g)
    resolve(g)
    assert g.pending.kind == "dredge"
    assert [a.label for a in g.legal_actions()] == ["dredge 3: Darkblast", "draw a card"]
    g.push(Action("choose", (in_zone(g, ALICE, "graveyard", "Darkblast").id,)))
    assert names(g, ALICE, "hand") == ["Darkblast", "Island"]       # then the second draw
    assert names(g, ALICE, "graveyard") == ["Divination", "Forest", "Forest", "Forest"]


def test_dredge_may_be_declined(db):
    g = board(db, """
  - name: Alice
    graveyard: [Darkblast]
    library: [Forest, Forest, Forest, Island]
  - name: Bob
""", step="upkeep", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "dredge"
    g.push(Action("decline"))
    assert names(g, ALICE, "hand") == ["Forest"]          # the top card (listed first)
    assert names(g, ALICE, "graveyard") == ["Darkblast"]
