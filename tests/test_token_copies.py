""""Create a token that's a copy of ..." (CR 707.2, 707.9, 111.1) with real cards and their
rulings: what a token copy copies (the copiable values: printed values and other copy effects,
never counters, status or other effects), the exceptions as copiable values, and "it" after the
creation naming the token for a delayed triggered ability (CR 603.7c)."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from . import game_helpers
from .game_helpers import board, cast_and_pay, on_battlefield, resolve


def _tokens(g: Game, name: str):
    return [o for o in on_battlefield(g, name) if o.is_token]


def _pass_to(g: Game, step: str) -> None:
    for _ in range(60):
        s = g.current_state()
        if s.step == step and s.stack:
            return
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])   # no attack
    raise AssertionError(f"never reached the {step} step with something on the stack")


def test_the_templates_compile_to_token_copies(db):
    kiki = db.get("Kiki-Jiki, Mirror Breaker")
    assert kiki.fully_supported
    effects = kiki.abilities[-1].effects
    copy = effects[0]
    assert type(copy) is ir.CreateTokenCopy and [k.name for k in copy.changes.keywords] == ["haste"]
    assert type(effects[1]) is ir.CreateDelayedTrigger
    assert effects[1].ability.effects == (ir.Sacrifice(ir.Ref("created")),)    # "it": the token
    for name in ("Splinter Twin", "Cackling Counterpart", "Pack Rat", "Feldon of the Third Path",
                 "Nightmare Shepherd", "Helm of the Host", "Felhide Spiritbinder", "Skyclave Relic",
                 "Supplant Form", "Cogwork Assembler", "Flameshadow Conjuring"):
        assert db.get(name).fully_supported, (name, db.get(name).gaps)
    shepherd = next(e for e in ir.nodes(db.get("Nightmare Shepherd").abilities) if type(e) is ir.CreateTokenCopy)
    assert shepherd.changes.pt == (1, 1) and shepherd.changes.add_types == ("Nightmare",)
    helm = next(e for e in ir.nodes(db.get("Helm of the Host").abilities) if type(e) is ir.CreateTokenCopy)
    assert helm.changes.nonlegendary and helm.what == ir.Ref("equipped")
    relic = next(e for e in ir.nodes(db.get("Skyclave Relic").abilities) if type(e) is ir.CreateTokenCopy)
    assert relic.amount == 2 and relic.tapped


def test_kiki_jiki_copies_the_printed_creature_with_haste_and_sacrifices_it_at_end_step(db):
    """Kiki-Jiki's rulings: the token copies what was printed, not counters, tapped status or
    other effects; it has haste; its enters-the-battlefield abilities trigger; "Sacrifice it at the
    beginning of the next end step" is a delayed trigger on the token (CR 603.7c)."""
    g = board(db, """
  - name: Alice
    battlefield: ["Kiki-Jiki, Mirror Breaker", {card: Man-o'-War, tapped: true, counters: {+1/+1: 2}}]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "activate Kiki-Jiki", "Man-o'-War")
    resolve(g)
    tokens = _tokens(g, "Man-o'-War")
    assert len(tokens) == 1
    token = tokens[0]
    s = g.current_state()
    assert not token.tapped and not token.counters                     # status, counters: not copied
    assert ch.power_toughness(s, token) == (2, 2) and ch.has(s, token, "haste")   # the exception (CR 707.9a)
    log = g.explain()
    assert "copy of Man-o'-War (except with haste)  [CR 707.2, 707.9, 111.1]" in log
    assert "Man-o'-War's ability triggers on Man-o'-War entering the battlefield" in log   # its ETB
    while g.pending.kind != "priority":          # its target: the Bears, bounced
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label))
    resolve(g)
    assert game_helpers.names(g, 1, "hand") == ["Grizzly Bears"]
    _pass_to(g, "end")
    assert game_helpers.stack_labels(g) == ["Kiki-Jiki, Mirror Breaker's delayed ability"]
    resolve(g)
    assert not _tokens(g, "Man-o'-War")
    assert len(on_battlefield(g, "Man-o'-War")) == 1                    # the original stays


def test_kiki_jiki_cant_target_a_legendary_creature(db):
    g = board(db, """
  - name: Alice
    battlefield: ["Kiki-Jiki, Mirror Breaker", "Isamaru, Hound of Konda"]
  - name: Bob
""", turn=3)
    assert not any(a.label.startswith("activate Kiki-Jiki") for a in g.legal_actions())


def test_a_copy_of_a_clone_copies_what_the_clone_copied(db):
    """Cackling Counterpart's ruling: if the copied creature is copying something else, the
    token enters as whatever that creature copied (CR 707.3)."""
    g = board(db, """
  - name: Alice
    hand: [Clone, Cackling Counterpart]
    battlefield: [Serra Angel, Island, Island, Island, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Clone")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Serra Angel" in a.label))
    clone = [o for o in on_battlefield(g, "Serra Angel") if o.printed is not None]
    assert len(clone) == 1
    cast_and_pay(g, "cast Cackling Counterpart", "Serra Angel")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.args and a.args[0] == clone[0].id))
    resolve(g)
    tokens = _tokens(g, "Serra Angel")
    assert len(tokens) == 1
    s = g.current_state()
    assert ch.power_toughness(s, tokens[0]) == (4, 4) and {"flying", "vigilance"} <= set(ch.keywords(s, tokens[0]))


def test_a_copy_of_a_token_copy_has_its_exceptions(db):
    """Feldon's ruling: a copy of the token copies the card plus the exception (an artifact,
    CR 707.9b), not the haste it gained apart from the copy effect."""
    g = board(db, """
  - name: Alice
    battlefield: ["Feldon of the Third Path", Mountain, Mountain, Mountain, Island, Island, Island, Island, Island, Island]
    graveyard: [Grizzly Bears]
    hand: [Cackling Counterpart]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Feldon", "Grizzly Bears")
    resolve(g)
    first = _tokens(g, "Grizzly Bears")
    assert len(first) == 1
    s = g.current_state()
    assert {"Artifact", "Creature"} <= set(ch.card_types(s, first[0])) and ch.has(s, first[0], "haste")
    assert names_in(g, "graveyard") == ["Grizzly Bears"]               # the card stays where it is
    cast_and_pay(g, "cast Cackling Counterpart", "Grizzly Bears")
    resolve(g)
    second = [o for o in _tokens(g, "Grizzly Bears") if o.id != first[0].id]
    assert len(second) == 1
    s = g.current_state()
    assert "Artifact" in ch.card_types(s, second[0]) and not ch.has(s, second[0], "haste")


def names_in(g: Game, zone: str) -> list[str]:
    return game_helpers.names(g, 0, zone)


def test_nightmare_shepherd_copy_is_1_1_without_the_copied_pt_ability(db):
    """Nightmare Shepherd's rulings: the token is 1/1 and a Nightmare; a copied creature's
    characteristic-defining ability for power and toughness isn't copied (CR 707.9d)."""
    from manastack.engine.token_copies import copied_card
    rat = db.get("Pack Rat")
    card = copied_card(rat, ir.CopyChanges(pt=(1, 1), add_types=("Nightmare",)))
    assert card.power == "1" and card.toughness == "1"
    assert "Nightmare" in card.subtypes and "Rat" in card.subtypes
    assert not any(type(ab) is ir.StaticAbility for ab in card.abilities)      # the CDA is gone
    assert any(type(ab) is ir.ActivatedAbility for ab in card.abilities)       # the rest stays
    zombie = copied_card(db.get("Grizzly Bears"), ir.CopyChanges(pt=(4, 4), color="B", subtypes=("Zombie",)))
    assert zombie.colors == ("B",) and zombie.subtypes == ("Zombie",) and zombie.mana_cost.symbols == ("1", "G")
    assert "Legendary" not in copied_card(db.get("Isamaru, Hound of Konda"), ir.CopyChanges(nonlegendary=True)).supertypes


def test_pack_rat_makes_copies_of_itself_that_count_rats(db):
    g = board(db, """
  - name: Alice
    battlefield: [Pack Rat, Swamp, Swamp, Swamp]
    hand: [Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Pack Rat")
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    resolve(g)
    rats = on_battlefield(g, "Pack Rat")
    assert len(rats) == 2 and sum(o.is_token for o in rats) == 1
    s = g.current_state()
    assert all(ch.power(s, o) == 2 for o in rats)


def test_no_token_when_the_target_is_gone(db):
    """CR 608.2b: Cackling Counterpart's only target is illegal: it doesn't resolve, no token."""
    g = board(db, """
  - name: Alice
    hand: [Cackling Counterpart]
    battlefield: [Grizzly Bears, Island, Island, Island]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Island]
""", turn=3)
    cast_and_pay(g, "cast Cackling Counterpart", "Grizzly Bears")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Unsummon", "Grizzly Bears")
    resolve(g)
    resolve(g)
    assert not on_battlefield(g, "Grizzly Bears")


def test_a_token_copy_survives_save_and_load(db):
    g = board(db, """
  - name: Alice
    battlefield: ["Kiki-Jiki, Mirror Breaker", Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Kiki-Jiki", "Grizzly Bears")
    resolve(g)
    loaded = Game.from_json(g.to_json(), cards=g.db)
    token = _tokens(loaded, "Grizzly Bears")[0]
    assert ch.has(loaded.current_state(), token, "haste")
    assert loaded.to_json() == g.to_json()


def test_splinter_twin_copies_the_enchanted_creature_not_its_granted_ability(db):
    """Splinter Twin's rulings: the creature's controller gets a token that copies what is
    printed on the creature, plus haste, without the ability Splinter Twin grants; the token is
    exiled at the beginning of the next end step (CR 603.7c)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Splinter Twin, attached_to: bears}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Grizzly Bears")
    resolve(g)
    s = g.current_state()
    token = _tokens(g, "Grizzly Bears")[0]
    assert token.controller == 0 and ch.has(s, token, "haste")
    assert not any(a.label.startswith("activate Grizzly Bears") and a.args and a.args[0] == token.id
                   for a in g.legal_actions())
    _pass_to(g, "end")
    resolve(g)
    assert not _tokens(g, "Grizzly Bears") and game_helpers.names(g, 0, "exile") == []   # a token ceases to exist
    assert len(on_battlefield(g, "Grizzly Bears")) == 1
