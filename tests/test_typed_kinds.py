"""Action kinds and durations are enums (docs/architecture.md, "Types"): every answer the engine
offers is named by an :class:`ActionKind`, every record a resolved spell or ability leaves lasts
for one of the :class:`ir.Duration` values, and a member equals its string, so saves keep their
format. No code of the package compares a ``kind`` attribute, or a trigger's ``event``
(:class:`ir.TriggerEvent`), with a string: kinds and events are enum members (the test reads
the source)."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from manastack import Game, RandomAgent, SaveError
from manastack.engine.decisions import Action, ActionKind
from manastack.oracle import ir
from manastack.oracle.ir import Duration, TriggerEvent

PACKAGE = Path(__file__).resolve().parent.parent / "manastack"


def _play(game: Game, seed: int, limit: int = 1500):
    """Answer with random agents, yielding each decision before it is answered."""
    agents = [RandomAgent(seed + i) for i in range(len(game.state.players))]
    for _ in range(limit):
        d = game.pending
        if d is None:
            return
        yield d
        game.push(agents[d.player].choose(game, d))


@pytest.mark.parametrize("decks, records", [(("gruul-stompy", "azorius-skies"), True),   # records: some are made
                                            (("mono-green", "red-green", "gruul-stompy", "azorius-skies"), False)])
def test_every_offered_answer_is_an_action_kind_and_every_record_lasts_a_duration(decks, records):
    game = Game.new(*decks, seed=11)
    kinds, untils = set(), set()
    for d in _play(game, 11):
        kinds.update(type(a.kind) for a in d.options)
        # a control effect's is "<duration>:<object id>"; the compiler's durations are strings
        untils.update(e.until.partition(":")[0] for e in game.state.effects)
    assert kinds == {ActionKind}
    assert untils <= set(Duration) and (bool(untils) or not records)


def test_a_member_equals_its_string_so_actions_compare_and_save_as_before():
    assert Action(ActionKind.PASS) == Action("pass") and hash(Action(ActionKind.PASS)) == hash(Action("pass"))
    assert json.dumps(Action(ActionKind.CAST, (3,)).to_json()) == '{"kind": "cast", "args": [3], "label": ""}'
    assert type(Action.from_json({"kind": "cast", "args": [3]}).kind) is ActionKind
    assert f"{Duration.END_OF_TURN}:4" == "end_of_turn:4"


def test_a_save_naming_an_unknown_action_kind_is_refused_with_its_place():
    game = Game.new("gruul-stompy", "azorius-skies", seed=5)
    for _ in zip(range(30), _play(game, 5)):
        pass
    data = json.loads(game.to_json())
    data["answers"].append({"kind": "flourish", "args": []})
    with pytest.raises(SaveError, match=r"\$\.answers.*flourish"):
        Game.from_json(json.dumps(data))


def test_a_web_client_naming_an_unknown_action_kind_is_told_so():
    tables = pytest.importorskip("manastack.web.tables")
    assert tables.parse_action({"kind": "cast", "args": [3]}) == Action(ActionKind.CAST, (3,))
    with pytest.raises(tables.TableError, match="no action is called 'flourish'"):
        tables.parse_action({"kind": "flourish", "args": []})


def _holds_a_string(node: ast.expr) -> bool:
    """A string literal, a tuple, list or set with one, or a conditional giving one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_holds_a_string(e) for e in node.elts)
    if isinstance(node, ast.IfExp):
        return _holds_a_string(node.body) or _holds_a_string(node.orelse)
    return False


# the attributes that hold enum members: a record's kind, a trigger's event
TYPED_ATTRS = ("kind", "event")


def string_kind_comparisons(source: str) -> list[str]:
    """Each comparison of some ``x.kind`` or ``x.event`` with a string literal (``==``, ``!=``,
    ``is``, ``in`` a tuple of literals...), as "line: code"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(isinstance(o, ast.Attribute) and o.attr in TYPED_ATTRS for o in operands) \
                    and any(_holds_a_string(o) for o in operands):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_kind_is_compared_with_a_string():
    """Kinds are compared by enum member (ActionKind, DecisionKind, ItemKind, TargetKind,
    ReplacementKind, EventKind, the compiler's DescKind...), and trigger events by
    TriggerEvent member, never by their strings: a string
    comparison would stay true for a StrEnum member but hides which enum is meant, and turns
    silently false for a plain Enum."""
    found = [f"{path.relative_to(PACKAGE.parent)}:{where}" for path in sorted(PACKAGE.rglob("*.py"))
             for where in string_kind_comparisons(path.read_text(encoding="utf-8"))]
    assert not found, "kinds compared with strings:\n" + "\n".join(found)


def test_the_check_finds_each_form_of_string_comparison():
    code = """
d.kind == "card"
"spell" != c[0].kind
d.kind in (None, "permanent")
o.kind == ("yes" if n else ActionKind.NO)
first.kind == second.kind == "spell"
x.kind is not "y"
trig.event == "enters"
ab.trigger.event in ("dies", TriggerEvent.LEAVES)
"""
    assert len(string_kind_comparisons(code)) == 8
    assert not string_kind_comparisons("d.kind is DescKind.CARD\nd.kind in (None, DescKind.PERMANENT)\n"
                                       "kind == 'local'\nd.name == 'x'\ntrig.event == TriggerEvent.ENTERS\n"
                                       "event == 'enters'\n")


@pytest.mark.parametrize("name, events", [
    ("Hypnotic Specter", {TriggerEvent.DEALS_DAMAGE_TO_OPPONENT}),      # the damage events, by pattern
    ("Ember Swallower", {TriggerEvent.BECOMES_MONSTROUS}),              # CR 701.37b
    ("Inferno Titan", {TriggerEvent.ENTERS, TriggerEvent.ATTACKS}),     # "enters or attacks": one ability each
    ("Boros Reckoner", {TriggerEvent.DEALT_DAMAGE})])
def test_a_compiled_trigger_names_its_event_by_member(corpus_db, name, events):
    """Events the compiler builds from the text (the damage ones, "becomes monstrous", "~ enters or
    attacks") are members too, not strings that merely equal them."""
    triggers = [a.trigger for a in corpus_db.get(name).abilities if isinstance(a, ir.TriggeredAbility)]
    assert {t.event for t in triggers} == events and all(type(t.event) is TriggerEvent for t in triggers)


def test_panharmonicon_names_the_event_it_doubles_by_member(corpus_db):
    """CR 603.2d: the event of an "additional trigger" static ability is a member as well."""
    extra = [a for a in corpus_db.get("Panharmonicon").abilities if isinstance(a, ir.AdditionalTriggers)]
    assert [type(e.event) for e in extra] == [TriggerEvent] and extra[0].event is TriggerEvent.ENTERS
