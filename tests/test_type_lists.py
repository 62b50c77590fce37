"""A keyword qualifier after a list of card types ("artifact, enchantment, or creature with
flying", CR 115.1): which objects it describes. Real cards from the corpus."""
from __future__ import annotations

from manastack.cards import CardDef
from manastack.oracle import compile_card
from manastack.scenario import Scenario


def _card(name: str, text: str) -> CardDef:
    return CardDef.from_face({"name": name, "type": "Instant", "manaCost": "{W}", "text": text,
                              "types": ["Instant"]})


def run(corpus_db, text: str):
    result = Scenario.from_text(text, cards=corpus_db).run()
    failed = [f"{o.what}: expected {o.expected}, got {o.actual}" for o in result.results if not o.passed]
    assert not failed, failed


HEAD = "name: t\ndescription: t\ncites: ['115.1']\n"


def test_with_flying_after_a_list_of_types_describes_only_the_creature(corpus_db):
    """Broken Wings: "target artifact, enchantment, or creature with flying". Flying goes with
    the creature: Yotian Soldier, an artifact creature without flying, is a legal target as an
    artifact; Grizzly Bears, a creature without flying, is not (CR 115.1, 601.2c)."""
    spec = corpus_db.get("Broken Wings").abilities[0].targets[0]
    assert spec.filter.qualified_type == "Creature" and spec.filter.keywords == ("flying",)
    run(corpus_db, HEAD + """
turn: 3
players:
  - name: Alice
    hand: [Broken Wings]
    battlefield: [{card: Forest, count: 3}]
  - name: Bob
    battlefield: [Yotian Soldier, Grizzly Bears]
script:
  - cast: Broken Wings
    target: Grizzly Bears
    illegal: "legal"
  - cast: Broken Wings
    target: Yotian Soldier
  - resolve
expect:
  graveyard: {Bob: [Yotian Soldier]}
""")
    # a list that doesn't end with "creature" is not read: which type "with flying" describes
    # would be a guess
    assert compile_card(_card("L", "Destroy target creature or planeswalker with flying.")).unsupported
