"""A spell's or ability's modes and targets (CR 115, 601.2b-c, 603.3c-d): the ability a card is
cast with, its target specifications, whether they can be met, and choosing them."""
from __future__ import annotations

from collections.abc import Sequence

from manastack.oracle import ir

from . import conditions, exercise
from .decisions import Action, ActionKind, Decision, DecisionKind
from .filters import legal_targets
from .runner import Ctx
from .state import ItemKind, Obj, StackItem


def spell_ability(card) -> ir.SpellAbility | None:
    i = spell_ability_index(card)
    return card.abilities[i] if i >= 0 else None


def spell_ability_index(card) -> int:
    for i, ab in enumerate(card.abilities):
        if type(ab) is ir.SpellAbility:
            return i
    return -1


def all_target_specs(ab) -> tuple[ir.TargetSpec, ...]:
    return getattr(ab, "targets", ()) or ()


_CARD_TYPES = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}


def aura_target_spec(card) -> ir.TargetSpec | None:
    """CR 303.4a: an Aura spell targets what its enchant ability allows (CR 702.5a)."""
    if "Aura" not in card.subtypes:
        return None
    for ab in card.abilities:
        if type(ab) is ir.Keyword and ab.name == "enchant":
            if exercise.RECORD is not None:
                exercise.note("KEYWORDS", "enchant", card)
            if ab.filter is not None:      # "Enchant creature with mana value 2 or less"
                return ir.TargetSpec(ir.TargetKind.PERMANENT, ab.filter)
            what = (ab.arg or "permanent").strip().lower()
            if what in ("player", "opponent"):     # CR 702.5d: "Enchant player", "Enchant opponent"
                return ir.TargetSpec(ir.TargetKind(what))
            words = [w.capitalize() for w in what.replace(" or ", " ").split() if w != "permanent"]
            types = tuple(w for w in words if w in _CARD_TYPES)
            subtypes = tuple(w for w in words if w not in _CARD_TYPES)  # "Enchant Forest"
            return ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=types, subtypes=subtypes))
    return None


class _AuraSpell:
    """The targets of an Aura spell, shaped like an ability for target selection."""

    __slots__ = ("targets", "effects")

    def __init__(self, spec: ir.TargetSpec) -> None:
        self.targets = (spec,)
        self.effects = ()


def casting_ability(card):
    """What target selection reads for a spell: its spell ability, or its enchant target."""
    spec = aura_target_spec(card)
    return _AuraSpell(spec) if spec is not None else spell_ability(card)


# Awaken (CR 702.113a): the target a spell cast for its awaken cost has beside its own.
AWAKEN_TARGET = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Land",), controller="you"))
# Mutate (CR 702.140a): the target of a creature spell cast for its mutate cost, a non-Human
# creature with the same owner as the spell.
MUTATE_TARGET = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Creature",), non_subtypes=("Human",), same_owner=True))


def extra_targets(source: Obj | None) -> list[ir.TargetSpec]:
    """The targets a spell has for the alternative cost it was cast for, beside its own: awaken's
    land (CR 702.113a), mutate's creature (CR 702.140a)."""
    if source is None:
        return []
    costs = source.cast_costs
    return [AWAKEN_TARGET] if "awaken" in costs else [MUTATE_TARGET] if "mutate" in costs else []


def item_target_specs(item, s=None) -> list[ir.TargetSpec]:
    """The target specs of a stack object in the order its ``targets`` groups were chosen; with
    the state ``s``, a spell cast for its awaken or mutate cost has that target last
    (CR 702.113a, 702.140a)."""
    ab = casting_ability(item.card) if item.kind == ItemKind.SPELL else item.ability
    extra = extra_targets(s.objs.get(item.source)) if s is not None and item.kind == ItemKind.SPELL else []
    if ab is None:
        return extra
    modal = _modal(ab)
    if modal is not None:
        return [spec for m in item.modes for spec in modal.modes[m].targets] + extra
    return list(all_target_specs(ab)) + extra


def has_targets_for(s, o: Obj, ab, player: int) -> bool:
    """CR 601.2c: a spell with targets can be cast only if it can get legal targets."""
    if ab is None:
        return True
    modal = _modal(ab)
    if modal is not None:
        able = sum(1 for m in modal.modes if _specs_satisfiable(s, m.targets, o, player))
        return able >= (min(1, modal.choose) if modal.repeat else modal.choose)     # CR 700.2d
    return _specs_satisfiable(s, all_target_specs(ab), o, player)


def _specs_satisfiable(s, specs, o: Obj, player: int, item_id: int | None = None) -> bool:
    """Whether each target phrase of ``specs`` can be chosen; ``item_id``: the spell or ability
    being put on the stack, which can't target itself (CR 115.5)."""
    for spec in specs:
        need = spec.at_least if spec.up_to else spec.count
        # "another target": the targets chosen before it can't be chosen again (CR 115.4)
        need += sum(specs[i].count if not specs[i].up_to else specs[i].at_least for i in spec.other_than)
        if need and len(legal_targets(s, spec, o, player, item_id)) < need:
            return False
    return True


def _modal(ab) -> ir.Modal | None:
    effects: Sequence[object] = getattr(ab, "effects", ())
    if len(effects) == 1 and type(effects[0]) is ir.Modal:
        return effects[0]
    return None


def describe_target(s, t) -> str:
    if isinstance(t, str) and t.startswith("p"):
        return s.players[int(t[1:])].name
    if isinstance(t, str) and t.startswith("s"):
        sid = int(t[1:])
        for item in s.stack:
            if item.id == sid:
                return item.label
        return "a spell no longer on the stack"
    o = s.objs.get(t)
    return o.card.name if o else "an object that left"


def choose_modes_and_targets(ctx: Ctx, item: StackItem, source: Obj, player: int, ab) -> bool:
    """CR 601.2b-c / 603.3c-d: choose modes, then targets for each, as the spell or ability is
    put on the stack. Returns False when a required target can't be chosen."""
    s = ctx.s
    modal = _modal(ab)
    specs: list[ir.TargetSpec] = []
    bases: list[int] = []       # where the target phrases of each spec's own ability begin
    if modal is not None:
        entwined = item.kind == ItemKind.SPELL and "entwine" in source.cast_costs
        chosen: list[int] = list(range(len(modal.modes))) if entwined else []
        most = modal.at_most
        if modal.more_if is not None and not conditions.evaluate(s, modal.more_if, source):
            most = modal.choose         # CR 601.2b: "if this spell was kicked", "if you control a commander"
        while len(chosen) < most:
            options = tuple(Action(ActionKind.MODE, (i,), f"mode {i + 1}: {m.text}")
                            for i, m in enumerate(modal.modes)
                            if (modal.repeat or i not in chosen)      # CR 700.2d
                            and _specs_satisfiable(s, m.targets, source, player, item.id))
            if len(chosen) >= modal.choose:      # "Choose one or both" (CR 700.2d)
                options += (Action(ActionKind.DONE, (), "no more modes"),)
            if not options:
                return False
            answer = ctx.ask(Decision(player, DecisionKind.MODES, f"Choose a mode for {item.label} (CR 700.2)",
                                      options, {"item": item.id}))
            if answer.kind == ActionKind.DONE:
                break
            chosen.append(answer.args[0])
        chosen.sort()       # followed in the order written, whatever the order chosen (CR 608.2c)
        item.modes = tuple(chosen)
        s.add_log(f"{s.players[player].name} chooses "
                  + "; ".join(modal.modes[i].text for i in chosen) + f" for {item.label}"
                  + (" (entwined: all modes)" if entwined else ""),
                  ("700.2a", "702.42b") if entwined else ("700.2a",), "choice")
        for i in chosen:
            bases += [len(specs)] * len(modal.modes[i].targets)
            specs.extend(modal.modes[i].targets)
    else:
        specs.extend(all_target_specs(ab))
        bases += [0] * len(specs)
    if item.kind == ItemKind.SPELL:
        specs += extra_targets(source)       # CR 702.113a, 702.140a
    item.targets = []
    item.division = ()
    caps = _division_caps(ab) if modal is None else {}
    for n, spec in enumerate(specs):
        group: list = []
        taken = {t for i in spec.other_than for t in item.targets[bases[n] + i]}      # CR 115.4
        if spec.filter.other and item.event is not None and item.event.old == source.id and item.event.obj is not None:
            taken.add(item.event.obj)   # "another": not the card the source became (CR 400.7; a dies trigger)
        while len(group) < min(spec.count, caps.get(n, spec.count)):
            legal = [t for t in legal_targets(s, spec, source, player, item.id) if t not in group and t not in taken]
            choices = [Action(ActionKind.TARGET, (t,), f"target {describe_target(s, t)}") for t in legal]
            if spec.up_to or group:
                if spec.up_to and len(group) >= spec.at_least:
                    choices.append(Action(ActionKind.DONE, (), "no more targets"))
            if not choices:
                return False
            answer = ctx.ask(Decision(_chooser(s, spec, player), DecisionKind.TARGETS,
                                      f"Choose target {n + 1} for {item.label}: {_spec_text(spec)} (CR 115)",
                                      tuple(choices), {"item": item.id}))
            if answer.kind == ActionKind.DONE:
                break
            group.append(answer.args[0])
            if exercise.RECORD is not None:
                exercise.note("TARGET_KINDS", spec.kind, item.card)
        item.targets.append(group)
    return True


def _chooser(s, spec: ir.TargetSpec, player: int) -> int:
    """Who chooses the targets of ``spec``: the controller ``player`` (CR 601.2c, 603.3d), or the
    attacking player for "target permanent of their choice" (CR 506.2: the active player), the
    legality still the controller's (Curse of Inertia's rulings 2013-10-17)."""
    return s.active if spec.chooser == ir.ATTACKING_PLAYER else player


# ------------------------------------------------------------------------------ dividing (CR 601.2d)


def divided_effects(ab) -> list[ir.DivideDamage]:
    """The effects of ``ab`` that divide an amount among the targets of one target phrase."""
    return [e for e in getattr(ab, "effects", ()) or () if type(e) is ir.DivideDamage]


def _division_caps(ab) -> dict[int, int]:
    """CR 601.2d: each target gets at least 1 of a fixed amount divided, so there are at most
    that many targets."""
    return {e.to.index: e.amount for e in divided_effects(ab) if isinstance(e.amount, int)}


def division_least(item: StackItem, ab) -> int:
    """The least X that gives each target of an X divided among them at least 1 (CR 601.2d)."""
    return max((len(item.targets[e.to.index]) for e in divided_effects(ab)
                if isinstance(e.amount, ir.X) and e.to.index < len(item.targets)), default=0)


def x_fits(s, item: StackItem, source: Obj, player: int):
    """Which values of X the chosen targets allow when a target's description names X ("Destroy
    target creature with mana value X"): X is announced before targets are chosen (CR 601.2b-c),
    so only an X with which each target chosen is legal may be announced. None when no
    description names X."""
    named = [(spec, group) for spec, group in zip(item_target_specs(item, s), item.targets)
             if group and ir.has_x(spec.filter)]
    if not named:
        return None

    def fits(x: int) -> bool:
        return all(t in legal_targets(s, spec, source, player, item.id, x) for spec, group in named for t in group)
    return fits


def choose_division(ctx: Ctx, item: StackItem, player: int, ab) -> bool:
    """CR 601.2d, 603.3d: the player announces how each divided amount is split among its
    targets, each getting at least 1; asked one target at a time, the last getting the rest.
    Kept on the stack object (``item.division``, one tuple per target phrase, in the order of
    its targets). False when the amount is too small for the targets chosen."""
    effects = divided_effects(ab)
    if not effects:
        return True
    s = ctx.s
    division: list[tuple[int, ...]] = [()] * len(item.targets)
    for e in effects:
        group = item.targets[e.to.index] if e.to.index < len(item.targets) else []
        total = e.amount if isinstance(e.amount, int) else item.x
        if not group or total < len(group):
            return False
        shares, left = [], total
        for i, t in enumerate(group):
            rest = len(group) - i - 1          # each later target still needs 1
            if rest == 0:
                n = left
            elif left - rest == 1:
                n = 1
            else:
                answer = ctx.ask(Decision(player, DecisionKind.DIVIDE,
                                          f"How much of {total} damage goes to {describe_target(s, t)}? (CR 601.2d)",
                                          tuple(Action(ActionKind.ASSIGN, (k,), f"{k} to {describe_target(s, t)}")
                                                for k in range(1, left - rest + 1)), {"item": item.id, "target": t}))
                n = answer.args[0]
            shares.append(n)
            left -= n
        division[e.to.index] = tuple(shares)
        s.add_log(f"{s.players[player].name} divides {total} damage: "
                  + ", ".join(f"{n} to {describe_target(s, t)}" for n, t in zip(shares, group)),
                  ("601.2d",), "choice")
    item.division = tuple(division)
    return True


_KIND_WORDS = {"spell_or_permanent": "spell or permanent"}


def _spec_text(spec: ir.TargetSpec) -> str:
    f = spec.filter
    words = [_KIND_WORDS.get(spec.kind, spec.kind) if spec.kind != ir.TargetKind.PERMANENT else "/".join(t.lower() for t in f.types) or "permanent"]
    if f.non_subtypes:
        words.insert(0, "/".join("non-" + t for t in f.non_subtypes))
    if f.same_owner:
        words.append("with the same owner")
    if f.controller:
        words.append(f"({f.controller} control)" if f.controller == "you" else "(an opponent controls)")
    return " ".join(words)
