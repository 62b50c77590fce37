"""Mana spending restrictions and riders (CR 106.6, 106.6a), with the official rulings of the
cards used: Ancient Ziggurat, Eldrazi Temple, Pillar of the Paruns, Cavern of Souls, Boseiju,
Who Shelters All, Guildmages' Forum, Mishra's Workshop and Rosheen Meanderer."""
from __future__ import annotations

import json

from manastack.cards import CardDef, default_db
from manastack.engine.mana import query as mq
from manastack.engine.mana import spend as mana_spend
from manastack.engine.decisions import Action
from manastack.engine.serialize import state_from_data, state_to_data
from manastack.game import Game

from .mana_helpers import answer, board, cast, obj, pool, tap_for_mana


def special(g: Game, player: int = 0) -> list[tuple[str, str]]:
    return [(m.type, m.source) for m in g.current_state().players[player].special_mana]


def castable(g: Game) -> list[str]:
    s = g.current_state()
    return [s.objs[a.args[0]].card.name for a in g.legal_actions() if a.kind == "cast"]


def target(g: Game, words: str) -> None:
    """Choose a target by words of its label (a single legal target is chosen by itself)."""
    if g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if a.kind == "target" and words in a.label))


def resolve_all(g: Game) -> None:
    while g.current_state().stack:
        g.push(Action("pass"))


def obj_in_hand(g: Game, name: str) -> int:
    s = g.current_state()
    return next(i for i in s.players[0].hand if s.objs[i].card.name == name)


def islands(g: Game):
    return [o for o in g.current_state().permanents(0) if o.card.name == "Island"]


def names(g: Game, zone: str, player: int) -> list[str]:
    s = g.current_state()
    return [s.objs[i].card.name for i in getattr(s.players[player], zone)]


# ------------------------------------------------------------------------------ compiling


def _rule(text: str):
    card = CardDef.from_face({"name": "Test Land", "type": "Land", "types": ["Land"], "text": text})
    assert not card.unsupported, card.unsupported
    return card.abilities[0].effects[0].spend


def test_a_creature_spell_and_creature_spells_are_the_same_restriction():
    """Ancient Ziggurat's "a creature spell" and Somberwald Sage's "creature spells" both
    restrict each mana to casting creature spells."""
    one = _rule("{T}: Add one mana of any color. Spend this mana only to cast a creature spell.")
    many = _rule("{T}: Add three mana of any one color. Spend this mana only to cast creature spells.")
    assert one.spells == many.spells and one.restricted and one.rider is None


def test_new_cards_compile_fully():
    db = default_db()
    for name in ("Ancient Ziggurat", "Eldrazi Temple", "Pillar of the Paruns", "Cavern of Souls",
                 "Boseiju, Who Shelters All", "Guildmages' Forum", "Mishra's Workshop",
                 "Rosheen Meanderer", "Stroke of Genius", "Maw of Kozilek", "Mana Leak"):
        assert db.get(name).fully_supported, (name, db.get(name).unsupported)
    boseiju = db.get("Boseiju, Who Shelters All").abilities[1].effects[0].spend
    assert not boseiju.restricted and boseiju.rider == "cant_be_countered"


# ------------------------------------------------------------------------------ the pool


def test_restricted_mana_stays_apart_in_the_pool_and_keeps_its_type():
    """CR 106.6: the restriction doesn't change the mana's type."""
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat, Forest]
  - name: Bob
""")
    tap_for_mana(g, "Ancient Ziggurat", "G")
    tap_for_mana(g, "Forest")
    p = g.current_state().players[0]
    assert pool(g) == {"G": 1} and special(g) == [("G", "Ancient Ziggurat")]
    assert mana_spend.totals(p) == {"G": 2}
    assert "{G} from Ancient Ziggurat (Spend this mana only to cast a creature spell.)" in mana_spend.pool_text(p)
    assert 'with the rule "Spend this mana only to cast a creature spell."  [CR 106.4, 106.6]' in g.explain()


def test_restricted_mana_empties_from_the_pool_like_any_other():
    """CR 500.5: unspent mana empties as a step ends, restricted or not."""
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat]
  - name: Bob
""")
    tap_for_mana(g, "Ancient Ziggurat", "G")
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().step != "main1" and special(g) == []
    assert "Alice's unspent mana empties from their mana pool  [CR 106.4, 500.5]" in g.explain()


# ------------------------------------------------------------------------------ where it may be spent


def test_ziggurat_mana_casts_a_creature_spell_but_not_a_sorcery():
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat, Island, Island]
    hand: [Divination, Llanowar Elves]
  - name: Bob
""")
    assert castable(g) == ["Llanowar Elves"]   # three sources, but Divination can't use the Ziggurat
    why = mq.explain_payment(g.current_state(), 0, "{2}{U}", spell=obj_in_hand(g, "Divination")).text
    assert "Ancient Ziggurat" in why and "its mana can't pay this cost" in why and "CR 106.6" in why
    cast(g, "Llanowar Elves")
    g.push(Action("autopay"))
    answer(g, "G")
    assert [i.label for i in g.current_state().stack] == ["Llanowar Elves"]
    assert obj(g, "Ancient Ziggurat").tapped and not any(o.tapped for o in islands(g))


def test_ziggurat_mana_pays_a_creature_spells_kicker():
    """Ancient Ziggurat ruling 2009-02-01: any part of a creature spell's total cost, additional
    costs such as kicker included."""
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat, Ancient Ziggurat, Plains, Plains]
    hand: [Ardent Soldier]
  - name: Bob
""")
    cast(g, "Ardent Soldier")
    assert g.pending.kind == "kicker" and [a.args[0] for a in g.legal_actions()] == [0, 1]
    g.push(Action("kicker", (1,)))
    g.push(Action("autopay"))
    assert all(o.tapped for o in g.current_state().permanents(0))
    resolve_all(g)
    assert obj(g, "Ardent Soldier").counters == {"+1/+1": 1}


def test_an_illegal_cast_explains_the_restriction():
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat, Island, Island]
    hand: [Divination]
  - name: Bob
""")
    from manastack.engine.decisions import IllegalActionError

    try:
        g.push(Action("cast", (obj_in_hand(g, "Divination"),)))
    except IllegalActionError as e:
        assert "Ancient Ziggurat" in str(e) and "CR 106.6" in str(e)
    else:
        raise AssertionError("Divination was cast")


def test_a_person_paying_step_by_step_sees_the_mana_refused():
    """CR 605.3a: a player may activate any mana ability while paying, but the Ziggurat's mana
    can't pay for Divination (CR 106.6): the option says so, the mana stays in the pool, and
    it can still pay for a creature spell later in the step."""
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat, Island, Island, Island]
    hand: [Divination, Llanowar Elves]
    library: [Forest, Forest]
  - name: Bob
""")
    cast(g, "Divination")
    zig = obj(g, "Ancient Ziggurat")
    label = next(a.label for a in g.legal_actions() if a.kind == "mana" and a.args[0] == zig.id)
    assert "its mana can't pay this cost" in label and "CR 106.6" in label
    g.push(Action("mana", (zig.id, 0)))
    answer(g, "G")
    assert g.pending.kind == "pay" and "{G} from Ancient Ziggurat" in g.pending.prompt
    for island in islands(g):
        g.push(Action("mana", (island.id, 0)))
    assert special(g) == [("G", "Ancient Ziggurat")]
    assert ("{G} from Ancient Ziggurat (Spend this mana only to cast a creature spell.) stays in "
            "Alice's mana pool: it can't pay for Divination  [CR 106.6]") in g.explain()
    resolve_all(g)
    cast(g, "Llanowar Elves")
    assert special(g) == [] and [i.label for i in g.current_state().stack] == ["Llanowar Elves"]


def test_the_auto_payer_spends_restricted_mana_before_plain_mana():
    """Generic mana is paid with the Ziggurat's {U} (it could pay for nothing but creature
    spells), not the plain {C}; then the Ziggurat is tapped before a Forest."""
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat, Forest, Forest]
    mana_pool: {G: 1, C: 1}
    hand: [Grizzly Bears]
  - name: Bob
""")
    s = g.current_state()
    bears = next(a for a in g.legal_actions() if a.kind == "cast")
    plan = mq.explain_payment(s, 0, "{1}{G}", spell=bears.args[0])
    assert plan.plan == ()                           # the pool already pays
    tap_for_mana(g, "Ancient Ziggurat", "U")
    cast(g, "Grizzly Bears")
    assert pool(g) == {"C": 1} and special(g) == []
    g2 = board("""
  - name: Alice
    battlefield: [Forest, Ancient Ziggurat, Forest]
    hand: [Grizzly Bears]
  - name: Bob
""")
    plan = mq.explain_payment(g2.current_state(), 0, "{1}{G}", spell=obj_in_hand(g2, "Grizzly Bears"))
    assert [g2.current_state().objs[oid].card.name for oid, *_ in plan.plan] == ["Ancient Ziggurat", "Forest"]


def test_ziggurat_mana_cant_pay_ninjutsu():
    """Ancient Ziggurat ruling 2009-02-01: not for abilities that put a creature card onto the
    battlefield, such as ninjutsu: that isn't casting a creature spell."""
    def ninjutsu(battlefield: str) -> list:
        g = board(f"""
  - name: Alice
    battlefield: [{{card: Grizzly Bears, attacking: true}}, {battlefield}]
    hand: [Ninja of the Deep Hours]
  - name: Bob
""", step="declare_blockers", turn=3)
        tap_for_mana(g, g.current_state().objs[g.current_state().battlefield[1]].card.name, "U")
        return [a for a in g.legal_actions() if a.kind == "ninjutsu"]

    assert ninjutsu("Island, Island")
    assert not ninjutsu("Ancient Ziggurat, Island")


def test_pillar_of_the_paruns_only_for_multicolored_spells():
    g = board("""
  - name: Alice
    battlefield: [Pillar of the Paruns, Plains, Plains]
    hand: [Kitchen Finks, Grizzly Bears]
  - name: Bob
""")
    assert castable(g) == ["Kitchen Finks"]      # {1}{G/W}{G/W}: green and white, so multicolored
    cast(g, "Kitchen Finks")
    g.push(Action("autopay"))
    answer(g, "G")
    assert all(o.tapped for o in g.current_state().permanents(0))


# ------------------------------------------------------------------------------ 106.6a


def test_mana_reflection_makes_every_mana_restricted():
    """CR 106.6a; Mana Reflection ruling 2020-08-07 and Nyxbloom Ancient ruling 2020-01-24:
    the restriction applies to all the mana the ability produces."""
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat, Mana Reflection]
  - name: Bob
""")
    tap_for_mana(g, "Ancient Ziggurat", "G")
    assert pool(g) == {} and special(g) == [("G", "Ancient Ziggurat")] * 2
    assert "[CR 106.4, 106.12b, 106.6, 106.6a]" in g.explain()
    g = board("""
  - name: Alice
    battlefield: [Eldrazi Temple, Nyxbloom Ancient]
  - name: Bob
""")
    g.push(Action("mana", (obj(g, "Eldrazi Temple").id, 1)))
    assert pool(g) == {} and special(g) == [("C", "Eldrazi Temple")] * 6


def test_mana_flare_adds_plain_mana_beside_restricted_mana():
    """Mana Flare ruling 2007-09-16: it doesn't copy restrictions, such as Pillar of the
    Paruns'. So Pillar and an Island make three mana Divination may use."""
    g = board("""
  - name: Alice
    battlefield: [Pillar of the Paruns, Island, Mana Flare]
    hand: [Divination]
  - name: Bob
""")
    assert castable(g) == ["Divination"]
    cast(g, "Divination")
    g.push(Action("autopay"))
    assert [i.label for i in g.current_state().stack] == ["Divination"]
    assert [source for _t, source in special(g)] == ["Pillar of the Paruns"]


def test_heartbeat_of_spring_adds_mana_without_cavern_rules():
    """Heartbeat of Spring ruling 2020-08-07: its mana has no restriction or rider, unlike
    Cavern of Souls' own."""
    g = board("""
  - name: Alice
    battlefield: [{card: Cavern of Souls, chosen: Elf}, Heartbeat of Spring]
  - name: Bob
""")
    g.push(Action("mana", (obj(g, "Cavern of Souls").id, 2)))
    answer(g, "G", "G")
    assert pool(g) == {"G": 1} and special(g) == [("G", "Cavern of Souls")]


def test_guildmages_forum_riders_one_counter_per_mana():
    """CR 106.6a: with Mana Reflection the Forum makes two mana, each with its own rider, so a
    multicolored creature spell paid with both enters with two additional +1/+1 counters."""
    g = board("""
  - name: Alice
    battlefield: [Guildmages' Forum, Mana Reflection, Forest]
    hand: [Kitchen Finks]
  - name: Bob
""")
    tap_for_mana(g, "Forest")
    g.push(Action("mana", (obj(g, "Guildmages' Forum").id, 1)))
    answer(g, "W")
    assert special(g) == [("W", "Guildmages' Forum")] * 2 and pool(g) == {"G": 1}
    cast(g, "Kitchen Finks")
    assert g.current_state().stack[-1].riders == (("plus_one_counter", "Guildmages' Forum"),) * 2
    resolve_all(g)
    assert obj(g, "Kitchen Finks").counters == {"+1/+1": 2}
    assert "[CR 106.6, 106.6a, 614.1c" in g.explain()


def test_guildmages_forum_rider_needs_a_multicolored_creature_spell():
    g = board("""
  - name: Alice
    battlefield: [Guildmages' Forum, Forest, Forest]
    hand: [Grizzly Bears]
  - name: Bob
""")
    g.push(Action("mana", (obj(g, "Guildmages' Forum").id, 1)))
    g.push(Action("autopay"))                  # the Forum's own {1}, with a Forest
    answer(g, "G")
    cast(g, "Grizzly Bears")
    g.push(Action("autopay"))
    assert g.current_state().stack[-1].riders == ()
    resolve_all(g)
    assert obj(g, "Grizzly Bears").counters == {}


# ------------------------------------------------------------------------------ riders


def _cancel(g: Game, spell: str) -> None:
    """Bob casts Cancel on ``spell`` and everything resolves."""
    g.push(Action("pass"))
    cast(g, "Cancel")
    target(g, spell)
    g.push(Action("autopay"))
    resolve_all(g)


def test_boseiju_mana_makes_a_sorcery_uncounterable():
    """Boseiju ruling 2004-12-01: the spell can't be countered if Boseiju's mana paid any cost
    of it. The mana itself has no restriction; Boseiju costs 2 life to tap."""
    g = board("""
  - name: Alice
    battlefield: ["Boseiju, Who Shelters All", Island, Island]
    hand: [Divination]
    library: [Forest, Forest]
  - name: Bob
    battlefield: [Island, Island, Island]
    hand: [Cancel]
""")
    tap_for_mana(g, "Boseiju, Who Shelters All")
    assert special(g) == [("C", "Boseiju, Who Shelters All")] and g.current_state().players[0].life == 18
    cast(g, "Divination")
    g.push(Action("autopay"))
    assert g.current_state().stack[-1].riders == (("cant_be_countered", "Boseiju, Who Shelters All"),)
    _cancel(g, "Divination")
    assert names(g, "graveyard", 0) == ["Divination"] and names(g, "hand", 0) == ["Forest", "Forest"]
    assert "Divination can't be countered: mana from Boseiju, Who Shelters All was spent on it  [CR 106.6, 101.2]" \
        in g.explain()


def test_boseiju_mana_spent_on_a_creature_spell_has_no_rider():
    g = board("""
  - name: Alice
    battlefield: ["Boseiju, Who Shelters All", Forest]
    hand: [Grizzly Bears]
  - name: Bob
    battlefield: [Island, Island, Island]
    hand: [Cancel]
""")
    tap_for_mana(g, "Boseiju, Who Shelters All")
    cast(g, "Grizzly Bears")
    g.push(Action("autopay"))
    assert g.current_state().stack[-1].riders == ()
    _cancel(g, "Grizzly Bears")
    assert names(g, "graveyard", 0) == ["Grizzly Bears"]


def test_cavern_of_souls_chooses_a_type_as_it_enters():
    """Cavern of Souls ruling 2018-12-07: an existing creature type; those of Alice's own
    creature cards are offered first."""
    g = board("""
  - name: Alice
    hand: [Cavern of Souls, Grizzly Bears]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "play"))
    assert g.pending.kind == "choose_creature_type"
    options = [a.args[0] for a in g.legal_actions()]
    assert options[0] == "Bear" and "Human" in options and "Artifact" not in options
    g.push(Action("creature_type", ("Bear",)))
    assert obj(g, "Cavern of Souls").chosen == "Bear"


def test_cavern_of_souls_mana_makes_a_creature_of_the_chosen_type_uncounterable():
    """Cavern of Souls ruling 2018-12-07: if its mana paid any cost of the spell, the spell
    can't be countered. An Elf spell can't use mana from a Cavern naming Bear."""
    g = board("""
  - name: Alice
    battlefield: [{card: Cavern of Souls, chosen: Bear}, Forest]
    hand: [Grizzly Bears, Llanowar Elves]
  - name: Bob
    battlefield: [Island, Island, Island]
    hand: [Cancel]
""")
    g.push(Action("mana", (obj(g, "Cavern of Souls").id, 2)))
    answer(g, "G")
    s = g.current_state()
    elves = obj_in_hand(g, "Llanowar Elves")
    assert not mana_spend.allows(s, s.players[0].special_mana[0].rule, mana_spend.spell_use(s.objs[elves]))
    cast(g, "Grizzly Bears")
    g.push(Action("autopay"))
    _cancel(g, "Grizzly Bears")
    assert obj(g, "Grizzly Bears").zone == "battlefield"
    assert names(g, "graveyard", 1) == ["Cancel"]


def test_cavern_mana_keeps_its_type_after_the_cavern_leaves():
    """The rule of the mana is fixed as it is made: the chosen type stays with it."""
    g = board("""
  - name: Alice
    battlefield: [{card: Cavern of Souls, chosen: Bear}]
  - name: Bob
""")
    g.push(Action("mana", (obj(g, "Cavern of Souls").id, 2)))
    answer(g, "G")
    rule = g.current_state().players[0].special_mana[0].rule
    assert rule.spells.subtypes == ("Bear",) and rule.rider == "cant_be_countered"


# ------------------------------------------------------------------------------ other restrictions


def test_eldrazi_temple_pays_for_colorless_eldrazi_only():
    """Endless One is a colorless Eldrazi spell; Maw of Kozilek is colorless through devoid
    (CR 702.114a) and its {C} ability may use the Temple's mana; Grizzly Bears may not."""
    g = board("""
  - name: Alice
    battlefield: [Eldrazi Temple, Maw of Kozilek]
    hand: [Endless One, Grizzly Bears]
  - name: Bob
""", turn=3)
    g.push(Action("mana", (obj(g, "Eldrazi Temple").id, 1)))
    assert special(g) == [("C", "Eldrazi Temple")] * 2
    assert castable(g) == ["Endless One"]
    maw = obj(g, "Maw of Kozilek")
    g.push(next(a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == maw.id))
    assert special(g) == [("C", "Eldrazi Temple")]
    resolve_all(g)
    cast(g, "Endless One", x=1)
    assert special(g) == [] and g.current_state().stack[-1].x == 1


def test_eldrazi_temple_mana_isnt_for_eldrazi_off_the_battlefield():
    """Eldrazi Temple ruling 2016-04-08: not for abilities of Eldrazi sources that aren't on
    the battlefield."""
    g = board("""
  - name: Alice
    battlefield: [Eldrazi Temple]
    hand: [Maw of Kozilek]
  - name: Bob
""")
    g.push(Action("mana", (obj(g, "Eldrazi Temple").id, 1)))
    s = g.current_state()
    rule = s.players[0].special_mana[0].rule
    maw = s.objs[obj_in_hand(g, "Maw of Kozilek")]
    assert not mana_spend.allows(s, rule, mana_spend.ability_use(maw, None))


def test_rosheen_mana_for_costs_with_x_even_when_x_is_0():
    """Rosheen Meanderer rulings 2017-11-17: any part of a cost containing {X}, even with X = 0;
    the four mana needn't go to the same cost; not for a cost without {X}."""
    g = board("""
  - name: Alice
    battlefield: [Rosheen Meanderer, Island]
    hand: [Stroke of Genius, Walking Ballista, Grizzly Bears]
  - name: Bob
""", turn=3)
    tap_for_mana(g, "Rosheen Meanderer")
    assert special(g) == [("C", "Rosheen Meanderer")] * 4
    assert "Grizzly Bears" not in castable(g)
    cast(g, "Stroke of Genius")
    target(g, "Alice")
    g.push(Action("x", (0,)))
    g.push(Action("autopay"))
    assert special(g) == [("C", "Rosheen Meanderer")] * 2
    resolve_all(g)
    cast(g, "Walking Ballista", x=1)
    assert special(g) == [] and g.current_state().stack[-1].x == 1


def test_mishras_workshop_mana_cant_pay_costs_asked_later():
    """Mishra's Workshop ruling 2004-10-04: not for costs imposed after the spell is cast
    (Mana Leak), nor for abilities (Walking Ballista's)."""
    g = board("""
  - name: Alice
    battlefield: [Mishra's Workshop, Wastes, Wastes]
    hand: [Walking Ballista]
  - name: Bob
    battlefield: [Island, Island]
    hand: [Mana Leak]
""")
    tap_for_mana(g, "Mishra's Workshop")
    cast(g, "Walking Ballista", x=1)
    assert special(g) == [("C", "Mishra's Workshop")]
    g.push(Action("pass"))
    cast(g, "Mana Leak")
    target(g, "Walking Ballista")
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))      # Mana Leak resolves: two Wastes and the Workshop's {C} can't pay {3}
    assert names(g, "graveyard", 0) == ["Walking Ballista"]
    assert special(g) == [("C", "Mishra's Workshop")]
    assert "Walking Ballista is countered by Mana Leak" in g.explain()


# ------------------------------------------------------------------------------ what could produce


def test_could_produce_ignores_restrictions():
    """Reflecting Pool ruling 2008-05-01 and Exotic Orchard ruling 2009-02-01: they care about
    types and colors only; their own mana has no restriction."""
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool, Pillar of the Paruns, Exotic Orchard]
  - name: Bob
    battlefield: [Ancient Ziggurat]
""")
    s = g.current_state()
    assert mq.could_produce(s, obj(g, "Reflecting Pool").id).types == ("W", "U", "B", "R", "G")
    assert mq.could_produce(s, obj(g, "Exotic Orchard").id).types == ("W", "U", "B", "R", "G")
    tap_for_mana(g, "Reflecting Pool", "B")
    tap_for_mana(g, "Exotic Orchard", "R")
    assert pool(g) == {"B": 1, "R": 1} and special(g) == []


# ------------------------------------------------------------------------------ queries and saves


def test_queries_report_restrictions():
    g = board("""
  - name: Alice
    battlefield: [Ancient Ziggurat, Eldrazi Temple]
  - name: Bob
""")
    s = g.current_state()
    reports = {(r.name, r.idx): r for r in mq.source_reports(s, 0)}
    assert reports[("Ancient Ziggurat", 0)].rule.text == "Spend this mana only to cast a creature spell."
    assert reports[("Eldrazi Temple", 0)].rule is None
    assert "(CR 106.6)" in reports[("Eldrazi Temple", 1)].describe()
    tap_for_mana(g, "Ancient Ziggurat", "R")
    avail = mq.available_mana(g.current_state(), 0)
    assert avail.special == g.current_state().players[0].special_mana and avail.most == 3
    assert "R" in avail.types and "{R} from Ancient Ziggurat" in avail.describe()


def test_saves_and_copies_keep_restricted_mana_and_riders():
    g = board("""
  - name: Alice
    battlefield: [{card: Cavern of Souls, chosen: Bear}, Ancient Ziggurat, "Boseiju, Who Shelters All", Island, Island]
    hand: [Divination]
  - name: Bob
""")
    g.push(Action("mana", (obj(g, "Cavern of Souls").id, 2)))
    answer(g, "G")
    tap_for_mana(g, "Ancient Ziggurat", "U")
    tap_for_mana(g, "Boseiju, Who Shelters All")
    cast(g, "Divination")
    g.push(Action("autopay"))
    s = g.current_state()
    assert special(g) == [("G", "Cavern of Souls"), ("U", "Ancient Ziggurat")]
    assert s.stack[-1].riders == (("cant_be_countered", "Boseiju, Who Shelters All"),)
    back = Game.from_json(g.to_json()).current_state()
    assert back.players[0].special_mana == s.players[0].special_mana
    assert back.stack[-1].riders == s.stack[-1].riders
    data = json.loads(json.dumps(state_to_data(s)))          # the state itself, through JSON
    loaded = state_from_data(data, default_db())
    assert loaded.players[0].special_mana == s.players[0].special_mana
    assert loaded.stack[-1].riders == s.stack[-1].riders
    assert s.copy().players[0].special_mana == s.players[0].special_mana
