"""Protection (CR 702.16) gained for a turn, granted by a static ability and chosen as an effect
happens ("from the color of your choice"), with real cards from the corpus."""
from __future__ import annotations

from manastack.engine import filters
from manastack import Game
from manastack.engine.decisions import Action
from manastack.oracle import ir

from . import game_helpers
from .game_helpers import labels, names, pick, resolve
from .test_oracle_compiler import card


def _bolt_targets(g) -> list[str]:
    """Alice passes; Bob casts Lightning Bolt: the labels of its legal targets (CR 702.16b)."""
    pick(g, "pass")
    assert g.pending.player == 1 and g.pending.kind == "priority"
    pick(g, "cast Lightning Bolt")
    return labels(g)


BOB_BOLT = """
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
"""


GODS_WILLING = """
  - name: Alice
    hand: [Gods Willing]
    battlefield: [Grizzly Bears, Plains]
    library: [Forest, Island]
""" + BOB_BOLT


def _cast_gods_willing(g, color: str) -> None:
    pick(g, "cast Gods Willing")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label or a.kind == "autopay"))
    resolve(g)
    assert g.pending.kind == "choose_color"
    assert labels(g) == ["white", "blue", "black", "red", "green"]
    pick(g, color)
    assert g.pending.kind == "scry"                    # the scry comes after the grant
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])


def test_gods_willing_gives_protection_from_the_color_chosen_as_it_resolves(db):
    """Gods Willing's ruling (2013-09-15): the color is chosen as it resolves; only colors are
    offered (ruling 2019-07-12: not artifact or colorless). Then it scries 1."""
    grant = db.get("Gods Willing").abilities[0].effects[0]
    assert grant.keywords == (ir.Keyword("protection", arg=ir.PROTECTION_CHOICE),)
    g = game_helpers.board(db, GODS_WILLING, turn=3)
    _cast_gods_willing(g, "red")
    assert "Grizzly Bears gains protection from red until end of turn" in g.explain()
    loaded = Game.from_json(g.to_json(), cards=db)     # the color chosen is saved
    for game in (g, loaded):
        targets = _bolt_targets(game)
        assert not any("Grizzly Bears" in t for t in targets), targets


def test_protection_from_another_color_doesnt_stop_a_red_spell(db):
    g = game_helpers.board(db, GODS_WILLING, turn=3)
    _cast_gods_willing(g, "blue")
    assert any("Grizzly Bears" in t for t in _bolt_targets(g))


def test_protection_gained_until_end_of_turn_is_from_its_color(db):
    """Keeper of Kookus's "{R}: ~ gains protection from red until end of turn": a red spell
    can't target it afterwards (CR 702.16b); it used to gain protection from nothing."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Keeper of Kookus, Mountain]
""" + BOB_BOLT, turn=3)
    pick(g, "activate Keeper of Kookus")
    g.push(Action("autopay"))
    resolve(g)
    assert not any("Keeper of Kookus" in t for t in _bolt_targets(g))


def test_protection_granted_by_equipment_stops_spells_of_that_color(db):
    """Sword of Fire and Ice: "Equipped creature ... has protection from red and from blue"."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Grizzly Bears, {card: Sword of Fire and Ice, attached_to: Grizzly Bears}]
""" + BOB_BOLT, turn=3)
    targets = _bolt_targets(g)
    assert not any("Grizzly Bears" in t for t in targets) and any("Sword" not in t for t in targets)


def test_protection_from_multicolored_stops_a_multicolored_spell_only(db):
    """Guildscorn Ward's ruling (2013-01-24): it can't be targeted by multicolored spells."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Grizzly Bears, {card: Guildscorn Ward, attached_to: Grizzly Bears}, Savannah Lions]
  - name: Bob
    hand: [Lightning Helix, Lightning Bolt]
    battlefield: [Mountain, Plains]
""", turn=3)
    pick(g, "pass")
    pick(g, "cast Lightning Helix")
    helix = labels(g)
    assert not any("Grizzly Bears" in t for t in helix) and any("Savannah Lions" in t for t in helix)


def test_protection_from_artifacts_stops_an_artifacts_ability(db):
    """Tel-Jilad Defiance: "Target creature gains protection from artifacts until end of turn";
    Rod of Ruin's ability can't target it then, Prodigal Sorcerer's still can (CR 702.16b)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Tel-Jilad Defiance]
    battlefield: [Grizzly Bears, Forest, Forest]
    library: [Forest]
  - name: Bob
    battlefield: [Prodigal Sorcerer, Rod of Ruin, Mountain, Mountain, Mountain]
""", turn=3)
    pick(g, "cast Tel-Jilad Defiance")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label or a.kind == "autopay"))
    resolve(g)
    assert names(g, 0, "hand") == ["Forest"]
    pick(g, "pass")
    assert g.pending.player == 1
    pick(g, "activate Rod of Ruin")
    assert not any("Grizzly Bears" in t for t in labels(g))
    g.pop()
    pick(g, "activate Prodigal Sorcerer")
    assert any("Grizzly Bears" in t for t in labels(g))


def test_protection_of_your_choice_only_where_an_effect_grants_it():
    """"Protection from the color of your choice" is read only in an effect that grants it: as
    a printed or static keyword, nothing would ever choose the color."""
    granted = card("Test Knight", "{W}: ~ gains protection from the color of your choice until end of turn.")
    assert granted.unsupported == () and type(granted.abilities[0].effects[0]) is ir.GrantKeywords
    for text in ("Protection from the color of your choice",
                 "Creatures you control have protection from the color of your choice."):
        assert card("Test Knight", text).unsupported, text


def test_order_of_the_stars_has_protection_from_the_color_chosen_as_it_entered(db):
    """"As ~ enters, choose a color. ~ has protection from the chosen color" (CR 614.12)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Order of the Stars]
    battlefield: [Plains]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    pick(g, "cast Order of the Stars")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind == "autopay"))
    resolve(g)
    assert g.pending.kind == "choose_color"
    pick(g, "red")
    assert not any("Order of the Stars" in t for t in _bolt_targets(g))


def test_brave_the_elements_protects_only_the_white_creatures_there_as_it_resolves(db):
    """Brave the Elements rulings 2009-10-01: the color is chosen as it resolves; only white
    creatures you control then gain protection."""
    effect = db.get("Brave the Elements").abilities[0].effects[0]
    assert effect.keywords == (ir.Keyword("protection", arg=ir.PROTECTION_CHOICE),)
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Brave the Elements]
    battlefield: [Savannah Lions, Grizzly Bears, Plains]
""" + BOB_BOLT, turn=3)
    pick(g, "cast Brave the Elements")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind == "autopay"))
    resolve(g)
    pick(g, "red")
    targets = _bolt_targets(g)
    assert not any("Savannah Lions" in t for t in targets) and any("Grizzly Bears" in t for t in targets)


def test_the_chosen_color_needs_a_choice_as_the_card_enters():
    """Without "As ~ enters, choose a color" or a first "Choose a color.", nothing chose it."""
    for text, type_line in (("~ has protection from the chosen color.", "Creature — Test"),
                            ("Creatures you control gain protection from the chosen color until end of turn.",
                             "Instant")):
        assert card("Test", text, type_line).unsupported, text
    assert card("Test", "As ~ enters, choose a color.\n~ has protection from the chosen color.").unsupported == ()


def test_cho_mannos_blessing_stays_on_while_another_white_aura_falls_off(db):
    """"This effect doesn't remove ~": protection from white makes Pacifism fall off (CR 702.16c,
    704.5m), but not the white Blessing that grants it."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Cho-Manno's Blessing]
    battlefield: [Grizzly Bears, {card: Pacifism, attached_to: Grizzly Bears}, Plains, Plains]
""" + BOB_BOLT, turn=3)
    pick(g, "cast Cho-Manno's Blessing")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind == "autopay" or "Grizzly Bears" in a.label))
    resolve(g)
    pick(g, "white")
    s = g.current_state()
    assert names(g, 0, "graveyard") == ["Pacifism"]
    blessing = next(o for o in s.objs.values() if o.card.name == "Cho-Manno's Blessing")
    assert blessing.zone == "battlefield" and s.objs[blessing.attached_to].card.name == "Grizzly Bears"
