"""The Comprehensive Rules (CR) as data and as a search: load a rules file, look rules up by
number or glossary term, search them together with card rulings, and find where the engine
and the scenarios apply each rule.

These examples need a rules file, so the doctest run skips them:

    >>> from manastack.rules import load_rules, search
    >>> doc = load_rules()                 # --rules, $MANASTACK_RULES, a fetched copy, ../shared/rules/  # doctest: +SKIP
    >>> doc.get("106.12").subrules         # Rule(number, text, subrules, examples, see_also)  # doctest: +SKIP
    >>> doc.define("mana ability")         # GlossaryEntry(term, text, see_also)  # doctest: +SKIP
    >>> search("can I respond to a mana ability?", n=5)  # doctest: +SKIP
"""
from .document import GlossaryEntry, Rule, RulesDoc, RulesError
from .index import PassageKind
from .query import Hit, RulesSearch, open_search, search
from .source import cache_dir, load_rules, rules_path

__all__ = ["GlossaryEntry", "Hit", "PassageKind", "Rule", "RulesDoc", "RulesError", "RulesSearch",
           "cache_dir", "load_rules", "open_search", "rules_path", "search"]
