"""The rules a card's abilities fall under, read from its compiled Oracle text (the typed IR of
``manastack.oracle.ir``), for searches that name cards.

Ability kinds map to their CR sections (602 activated, 603 triggered, 604 static, 614
replacement); the parts inside them to the rules that govern those parts (a land that "could
produce" to 106.7, a type-changing effect to 305.7 and layer 4, 613.1d). Keywords and keyword
actions are found by their titles in CR 701 and 702, so new ones need no entry here.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from manastack.cards import CardDef
from manastack.oracle import ir

from .document import RulesDoc
from .engine_links import effect_rules

GENERAL_RULES: dict[type, tuple[str, ...]] = {
    ir.SpellAbility: ("608.2",),
    ir.ActivatedAbility: ("602.1",),
    ir.TriggeredAbility: ("603.1", "603.2"),
    ir.StaticAbility: ("604.1",),
    ir.ReplacementAbility: ("614.1",),
    ir.Target: ("115.1", "608.2b"),
}
"""The kinds of ability, and targets: the rules for all abilities of that kind."""

COMMON_PART_RULES = frozenset({"605.1a", "605.3b", "107.5", "107.6"})
"""Rules for parts so common (a land's "{T}: Add {G}.") that they count as general."""

GENERIC_ENGINE_RULES = frozenset({"608.2c", "608.2b", "608.2h", "609.3"})
"""Rules cited by most effects' engine code (following instructions in order), too general to
point at."""

CREATURE_TAP_RULES = ("302.6",)
"""A creature's ability with {T} or {Q} in its cost: the summoning sickness rule."""

ABILITY_RULES: dict[type, tuple[str, ...]] = {
    ir.ManaReplacement: ("106.12b", "614.1a"),
    ir.AdditionalTriggers: ("603.2d",),
    ir.AdditionalCost: ("601.2b", "118.8"),
    ir.TapSymbol: ("107.5",),
    ir.UntapSymbol: ("107.6",),
    ir.SpendRule: ("106.6",),
    ir.CopySpell: ("707.10",),
    ir.GainControl: ("613.1b",),
    ir.BecomeCreature: ("613.1d",),
    ir.BecomeLandType: ("305.7", "613.1d"),
    ir.GrantKeywords: ("613.1f",),
    ir.ModifyPT: ("613.4c",),
    ir.DealDamage: ("120.3",),
    ir.CreateDelayedTrigger: ("603.7",),
    ir.CreateManaReplacement: ("106.12b",),
    ir.CounterSpell: ("701.6a",),
    ir.Draw: ("121.1",),
    ir.ExtraTurn: ("500.7",),
    ir.ReturnToHand: ("400.7",),
    ir.CreateTokens: ("111.1",),
    ir.PreventDamage: ("615.1",),
}
"""IR classes and the rules they fall under."""

FLAG_RULES: dict[tuple[type, str], tuple[str, ...]] = {
    (ir.ActivatedAbility, "is_mana"): ("605.1a", "605.3b"),
    (ir.TriggeredAbility, "is_mana"): ("605.1b",),
    (ir.TriggeredAbility, "condition"): ("603.4",),
    (ir.ActivatedAbility, "sorcery_speed"): ("602.5d",),
    (ir.ActivatedAbility, "any_player"): ("113.8",),
    (ir.ManaProduce, "like_land_could_produce"): ("106.7",),
    (ir.ManaProduce, "like_produced"): ("106.12a",),
    (ir.ManaProduce, "like_sacrificed"): ("106.7",),
    (ir.ManaProduce, "color_of"): ("106.5",),
    (ir.ManaProduce, "chosen_color"): ("106.5",),
    (ir.Filter, "mana_value_equals"): ("202.3",),
    (ir.Filter, "mana_value_at_most"): ("202.3",),
}
"""A field of an IR class that, when set, brings in these rules."""

KIND_RULES: dict[str, tuple[str, ...]] = {
    "set_land_type": ("305.7", "613.1d", "613.8"),
    "grant_keywords": ("613.1f",),
    "grant_ability": ("613.1f",),
    "modify_pt": ("613.4c",),
    "cost_increase": ("601.2f", "118.7"),
    "cost_reduction": ("601.2f", "118.7"),
    "cant_be_countered": ("101.2",),
    "cant_block": ("509.1b",),
    "cant_attack": ("508.1c",),
    "attacks_each_combat": ("508.1d",),
    "doesnt_untap": ("502.3",),
    "no_legend_rule": ("704.5j",),
    "enters_tapped": ("614.1c",),
    "enters_with_counters": ("614.1c", "122.1"),
    "enter_as_copy": ("707.2", "614.1c"),
    "choose_color": ("614.12",),
    "choose_player": ("614.12",),
    "choose_opponent": ("614.12",),
    "choose_creature_type": ("614.12",),
    "double_damage_to_player": ("614.1a",),
    "damage_change": ("614.1a",),
    "life_gain_change": ("614.1a", "119.10"),
    "damage_as_counters": ("614.1a",),
    "life_floor": ("614.1a", "120.3a"),
}
"""``kind`` strings of static effects and replacement abilities, and their rules."""

TRIGGER_RULES: dict[ir.TriggerEvent, tuple[str, ...]] = {
    ir.TriggerEvent.ENTERS: ("603.6a",),
    ir.TriggerEvent.DIES: ("700.4", "603.10a"),
    ir.TriggerEvent.LEAVES: ("603.6c", "603.10a"),
    ir.TriggerEvent.TAPPED_FOR_MANA: ("106.12a",),
    ir.TriggerEvent.CAST: ("601.2i",),
    ir.TriggerEvent.ATTACKS: ("508.3a",),
    ir.TriggerEvent.BLOCKS: ("509.3c",),
    ir.TriggerEvent.BEGINNING_OF_STEP: ("603.2",),
}
"""Trigger events (``ir.Trigger.event``) and their rules."""

TYPE_RULES: dict[str, tuple[str, ...]] = {
    "Aura": ("303.4",), "Equipment": ("301.5",), "Legendary": ("704.5j",),
    "Planeswalker": ("306.5",), "Saga": ("714.2",),
}
"""Card types, subtypes and supertypes that bring in a rule (as general rules)."""


@dataclass(frozen=True)
class CardRules:
    """What a search learns from one card: the rules its abilities' parts fall under
    (``rules``), the rules for their kinds of ability (``general``), and the Oracle sentences
    the compiler could not read (searched as words instead)."""

    card: str
    rules: tuple[str, ...]
    general: tuple[str, ...]
    unread: tuple[str, ...]
    engine: tuple[str, ...] = ()
    """The rules the engine functions that run the card's effects cite (``engine_links.effect_rules``)."""
    text: str = ""
    """The card's Oracle text, its own name left out: its words say what the card does."""


def _walk(node, found: list[str], general: list[str], doc: RulesDoc, engine: list[str]) -> None:
    if isinstance(node, (tuple, list)):
        for item in node:
            _walk(item, found, general, doc, engine)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return
    cls = type(node)
    engine.extend(effect_rules().get(cls.__name__, ()))
    general.extend(GENERAL_RULES.get(cls, ()))
    found.extend(ABILITY_RULES.get(cls, ()))
    if cls is ir.Keyword:
        found.extend(keyword_rule(doc, node.name))
    elif cls is ir.Trigger:
        found.extend(TRIGGER_RULES.get(node.event, ()))
    found.extend(keyword_rule(doc, cls.__name__, section="701"))
    kind = getattr(node, "kind", None)
    if isinstance(kind, str):
        found.extend(KIND_RULES.get(kind, ()))
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if value and (cls, f.name) in FLAG_RULES:
            found.extend(FLAG_RULES[(cls, f.name)])
        if isinstance(value, (tuple, list)) or dataclasses.is_dataclass(value):
            _walk(value, found, general, doc, engine)


def keyword_rule(doc: RulesDoc, name: str, section: str = "702") -> tuple[str, ...]:
    """The CR 702 (keyword abilities) or 701 (keyword actions) rule titled ``name``."""
    key = name.replace("_", " ").lower()
    section_rule = doc.rules.get(section)
    if section_rule is None:
        return ()
    for rule in section_rule.subrules:
        if rule.title.lower() == key:
            return (rule.number,)
    return ()


def card_rules(card: CardDef, doc: RulesDoc) -> CardRules:
    """The rules ``card``'s compiled abilities, types and unread text point to."""
    found: list[str] = []
    general: list[str] = []
    engine: list[str] = []
    _walk(card.abilities, found, general, doc, engine)
    if "Creature" in card.types and ("107.5" in found or "107.6" in found):
        found.extend(CREATURE_TAP_RULES)
    for word in (*card.types, *card.subtypes, *card.supertypes):
        general.extend(TYPE_RULES.get(word, ()))
    general += [n for n in found if n in COMMON_PART_RULES]
    rules = tuple(n for n in dict.fromkeys(found) if n in doc.rules and n not in COMMON_PART_RULES)
    return CardRules(card=card.name, rules=rules,
                     general=tuple(n for n in dict.fromkeys(general) if n in doc.rules and n not in rules),
                     unread=tuple(card.unsupported),
                     engine=tuple(n for n in dict.fromkeys(engine) if n in doc.rules and n not in rules
                                  and n not in GENERIC_ENGINE_RULES),
                     text=card.text.replace(card.name, "~"))
