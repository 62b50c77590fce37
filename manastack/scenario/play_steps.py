"""Steps a player takes with priority: playing a land (CR 305), casting a spell (CR 601) and
activating an ability (CR 602, 605), with its modes, targets, X and payment."""
from __future__ import annotations

from manastack.engine import layers, legality
from manastack.engine.abilities import battlefield_activated
from manastack.engine.costs.alternative import CHOSEN_ALTERNATIVES, EMERGE, FREE
from manastack.engine.targets import describe_target
from manastack.engine.decisions import Action, ActionKind, DecisionKind

from . import why
from .driver import Driver, StepError, listify
from .yamlfile import Map
from manastack.engine.zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND


class PlaySteps(Driver):
    """Playing lands, casting spells and activating abilities."""

    def do_play(self, step: Map) -> None:
        ref = step["play"]
        p = self.player_of(step, ref, HAND)
        self.ensure_priority(p)
        s, d = self.state(), self.pending()
        opts = [a for a in d.options if a.kind == ActionKind.PLAY and self.refs.matches(s, ref, a.args[0])]
        if not opts:
            raise StepError(why.cannot_play(s, self.refs, p, ref))
        self.push(opts[0])

    def do_cast(self, step: Map) -> None:
        ref = step["cast"]
        in_command = not self.refs.find(self.state(), ref, (HAND, EXILE)) \
            and bool(self.refs.find(self.state(), ref, (COMMAND,)))     # a commander (CR 903.8)
        flashback = step.get("flashback") or not (in_command or self.refs.find(self.state(), ref, (HAND, EXILE)))
        zone = GRAVEYARD if flashback else COMMAND if in_command else HAND    # flashback, CR 702.34a
        p = self.player_of(step, ref, zone)
        self.ensure_priority(p)
        s, d = self.state(), self.pending()
        kind = "cast_adventure" if step.get("adventure") else "cast_half" if step.get("half") \
            else "cast_fused" if step.get("fuse") else "cast"           # CR 715.3, 709.3, 702.102a
        opts = [a for a in d.options if a.kind == kind and self.refs.matches(s, ref, a.args[0])
                and (s.objs[a.args[0]].zone == GRAVEYARD) == bool(flashback)
                and (kind != "cast_half" or s.objs[a.args[0]].card.halves[a.args[1]].name == step["half"])]
        if not opts and kind != "cast":
            raise StepError(why.cannot_cast_as(s, self.refs, p, ref, zone, kind, step.get("half")))
        if not opts:
            raise StepError(why.cannot_cast(s, self.refs, p, ref, zone))
        self.push(opts[0])
        self.complete(step)

    def do_activate(self, step: Map) -> None:
        ref = step["activate"]
        p = self.player_of(step, ref, BATTLEFIELD)
        self.ensure_priority(p)
        s, d = self.state(), self.pending()
        opts = [a for a in d.options if a.kind in (ActionKind.ACTIVATE, ActionKind.MANA) and self.refs.matches(s, ref, a.args[0])]
        if not opts:
            raise StepError(why.cannot_activate(s, self.refs, p, ref))
        o = s.objs[opts[0].args[0]]
        card = layers.card_now(s, o)
        # equip and crew are keywords that stand for activated abilities (CR 702.6a, 702.122a)
        activated = dict(battlefield_activated(card))
        sel = step.get("ability")
        opts = self.pick_ability(card, activated, opts, sel)
        if not opts:
            words = list(activated.values())[sel - 1].text if isinstance(sel, int) else sel
            raise StepError(legality.cannot_activate(s, p, o, words))
        self.push(opts[0])
        self.complete(step)

    def pick_ability(self, card, activated: dict, opts: list[Action], sel) -> list[Action]:
        """The options for the ability ``sel`` names: its number among the card's activated
        abilities (index to ability, keywords read as the abilities they stand for), or words
        of its text."""
        if isinstance(sel, int):
            if sel > len(activated):
                raise StepError(f"{card.name} has {len(activated)} activated abilities, not {sel}")
            opts = [a for a in opts if a.args[1] == list(activated)[sel - 1]]
        elif isinstance(sel, str):
            opts = [a for a in opts if a.args[1] in activated
                    and sel.lower() in activated[a.args[1]].text.lower()]
        elif len({a.args[1] for a in opts}) > 1:
            texts = "; ".join(f"{n}: {ab.text}" for n, ab in enumerate(activated.values(), 1))
            raise StepError(f"{card.name} has several abilities that could be activated; say which with "
                            f"ability: ({texts})")
        return opts

    def complete(self, step: Map) -> None:
        """Answer the rest of a cast or activation: modes, targets, X, payment (CR 601.2b-h)."""
        targets = listify(step.get("targets", step.get("target")))
        modes = listify(step.get("modes"))
        sources = list(step["pay"]) if isinstance(step.get("pay"), list) else None
        chosen = listify(step.get("choose"))
        replacements = listify(step.get("replacement"))
        asked_x = False
        asked = set()
        while self.in_progress():
            d = self.pending()
            if d.kind == DecisionKind.TARGETS:
                self.push(self.choose_target(d, targets))
            elif d.kind == DecisionKind.MODES:
                self.push(self.choose_mode(d, modes))
            elif d.kind == DecisionKind.X:
                asked_x = True
                self.push(self.choose_x(d, step.get("x")))
            elif d.kind == DecisionKind.DIVIDE:
                self.push(self.choose_share(d, step.get("divide") or {}))
            elif d.kind in (DecisionKind.KICKER, DecisionKind.MULTIKICKER, DecisionKind.BUYBACK, DecisionKind.ENTWINE, DecisionKind.REPLICATE, DecisionKind.CONSPIRE):
                key = "kicker" if d.kind in (DecisionKind.KICKER, DecisionKind.MULTIKICKER) else d.kind
                asked.add(key)
                self.push(self.choose_optional_cost(d, key, step.get(key)))
            elif d.kind in (DecisionKind.ASSIST, DecisionKind.ASSIST_PAY):       # CR 702.132a
                asked.add("assist")
                self.push(self.choose_assist(d, step.get("assist")))
            elif d.kind == DecisionKind.ALTERNATIVE_COST:
                asked.add("alternative")
                self.push(self.choose_alternative(d, step.get("alternative"), chosen))
            elif d.kind == DecisionKind.PAY:
                self.push(self.choose_payment(d, sources))
            elif d.kind == DecisionKind.CHOOSE_MANA:
                self.push(self.choose_mana(d, step.get("color")))
            elif d.kind == DecisionKind.REMOVE_COUNTERS and isinstance(step.get("remove"), int):
                self.push(self.choose_number(d, step["remove"]))
            elif d.kind == DecisionKind.MAY and "splice" in d.context:     # CR 702.47a
                self.push(Action(ActionKind.YES if d.context["splice"] in listify(step.get("splice")) else ActionKind.NO))
            elif d.kind == DecisionKind.REPLACEMENT_ORDER and replacements:
                self.push(self.choose_replacement(d, replacements.pop(0)))
            elif chosen and any(o.kind == ActionKind.CHOOSE for o in d.options):
                self.push(self.choose_card(d, chosen.pop(0)))
            else:
                raise self.waiting(d)
        if modes:
            raise StepError(f"mode {modes[0]!r} was not chosen: no (further) mode was asked for (CR 700.2)")
        if step.get("x") and not asked_x:
            raise StepError(f"x: {step['x']} was given, but no X was asked for (CR 107.3a)")
        for key in ("kicker", "buyback", "entwine", "replicate", "conspire", "assist"):
            if step.get(key) and key not in asked:
                raise StepError(f"{key}: was given, but no {key} cost could be paid for this spell (CR 601.2b)")
        self.check_alternative(step.get("alternative"), "alternative" in asked)
        if sources:
            raise StepError(f"{', '.join(sources)} in pay: were not needed to pay the cost")
        if targets:
            self.check_auto_targets(targets)
        if step.get("divide"):
            self.check_division(step["divide"])

    def choose_target(self, d, targets: list) -> Action:
        legal = ", ".join(o.label.removeprefix("target ") for o in d.options if o.kind == ActionKind.TARGET)
        if not targets:
            done = [o for o in d.options if o.kind == ActionKind.DONE]
            if done:
                return done[0]
            raise StepError(f"{d.prompt}: say which with targets: (legal: {legal})")
        ref = targets.pop(0)
        found = [o for o in d.options if o.kind == ActionKind.TARGET and self.is_target(ref, o.args[0])]
        if not found:
            raise StepError(f"{ref} is not a legal target: {d.prompt}; legal: {legal or 'none'}")
        s = self.state()
        owners = {s.objs[o.args[0]].controller for o in found if isinstance(o.args[0], int)}
        if len(owners) > 1:
            raise StepError(f"target {ref!r} is ambiguous: one of each player's; give the one you mean an id")
        return found[0]

    def is_target(self, ref: str, t) -> bool:
        s = self.state()
        if isinstance(t, str) and t.startswith("p"):
            return self.refs.player(ref) == int(t[1:])
        if isinstance(t, str) and t.startswith("s"):
            item = next((i for i in s.stack if i.id == int(t[1:])), None)
            return item is not None and (item.label.lower() == ref.lower() or self.refs.matches(s, ref, item.source))
        return self.refs.matches(s, ref, t)

    def check_auto_targets(self, targets: list) -> None:
        """Targets the engine chose by itself (the only legal one) must be the ones named."""
        s = self.game.state
        if not s.stack:
            raise StepError(f"{', '.join(targets)}: nothing was targeted")
        item = s.stack[-1]
        chosen = [t for group in item.targets for t in group]
        for ref in targets:
            if not any(self.is_target(ref, t) for t in chosen):
                names = ", ".join(describe_target(s, t) for t in chosen) or "none"
                raise StepError(f"{ref} was not chosen as a target of {item.label} (its targets: {names}): "
                                "it is one target too many, or not a legal one (CR 601.2c, 115)")

    def choose_share(self, d, divide: dict) -> Action:
        """CR 601.2d: the share of a divided amount the target asked about gets."""
        t = d.context["target"]
        named = [n for ref, n in divide.items() if self.is_target(ref, t)]
        if not named:
            raise StepError(f"{d.prompt}: say it with divide: {{target: amount, ...}}")
        found = [o for o in d.options if o.args[0] == named[0]]
        if not found:
            raise StepError(f"{named[0]} can't go to {describe_target(self.state(), t)}: {d.prompt}; "
                            f"each target gets at least 1 (CR 601.2d)")
        return found[0]

    def check_division(self, divide: dict) -> None:
        """The division announced (shares the engine set without asking too) is the one named."""
        s = self.game.state
        item = s.stack[-1] if s.stack else None
        got = {t: n for group, shares in zip(item.targets, item.division) for t, n in zip(group, shares)} \
            if item is not None else {}
        for ref, n in divide.items():
            if not any(self.is_target(ref, t) and got[t] == n for t in got):
                names = ", ".join(f"{describe_target(s, t)}: {k}" for t, k in got.items()) or "none"
                raise StepError(f"divide: {ref} doesn't get {n} (the division: {names}) (CR 601.2d)")

    def choose_mode(self, d, modes: list) -> Action:
        texts = "; ".join(o.label for o in d.options)
        done = [o for o in d.options if o.kind == ActionKind.DONE]
        if not modes and done:
            return done[0]          # "Choose one or both": the modes given are all (CR 700.2)
        if not modes:
            raise StepError(f"{d.prompt}: say which with modes: ({texts})")
        m = modes.pop(0)
        for o in d.options:
            if (isinstance(m, int) and o.args[0] == m - 1) or (isinstance(m, str) and m.lower() in o.label.lower()):
                return o
        raise StepError(f"mode {m!r} can't be chosen: {texts} (CR 700.2)")

    def choose_x(self, d, x) -> Action:
        top = max(o.args[0] for o in d.options)
        if x is None:
            raise StepError(f"{d.prompt}: say it with x: (at most {top} with the mana available)")
        for o in d.options:
            if o.args[0] == x:
                return o
        raise StepError(f"X = {x} can't be paid: at most X = {top} with the mana available (CR 107.3a, 601.2f)")

    def choose_number(self, d, n: int) -> Action:
        """How many counters to remove for a cost that removes any number (CR 602.2b)."""
        for o in d.options:
            if o.args[0] == n:
                return o
        raise StepError(f"{d.prompt}: {n} can't be removed, at most {max(o.args[0] for o in d.options)}")

    def choose_optional_cost(self, d, key: str, value) -> Action:
        """Kicker, multikicker, buyback, entwine, replicate or conspire (CR 601.2b): yes or no, or
        how many times."""
        if value is None:
            raise StepError(f"{d.prompt}: say it with {key}: yes or no"
                            + (" (or how many times)" if d.kind in (DecisionKind.MULTIKICKER, DecisionKind.REPLICATE) else ""))
        times = int(value)
        for o in d.options:
            if o.args[0] == times:
                return o
        top = max(o.args[0] for o in d.options)
        raise StepError(f"{d.kind} {times} time(s) can't be paid: at most {top} with the mana available "
                        "(CR 601.2f, 702.33c)")

    def choose_assist(self, d, value) -> Action:
        """Assist (CR 702.132a): how much of the generic mana the other player pays; 0 or no: the
        caster doesn't choose them."""
        if value is None:
            raise StepError(f"{d.prompt}: say it with assist: (the amount the other player pays, or no)")
        n = 0 if value is False else int(value)
        if d.kind == DecisionKind.ASSIST:
            return next(o for o in d.options if o.kind == (ActionKind.YES if n else ActionKind.NO))
        for o in d.options:
            if o.args[0] == n:
                return o
        top = max(o.args[0] for o in d.options)
        raise StepError(f"assist: {n} can't be paid: the other player can pay at most {top} (CR 702.132a)")

    def choose_alternative(self, d, value, chosen: list) -> Action:
        """The mana cost (``no``) or an alternative cost by name: evoke, dash, surge, overload, awaken, mutate,
        spectacle, prowl, emerge, alternative (CR 118.9). For emerge, the first card of ``chosen``
        is the creature to sacrifice (CR 702.119c), taken from the list."""
        if value is None:
            raise StepError(f"{d.prompt}: say it with alternative: (" + ", ".join(o.label for o in d.options) + ")")
        if value == EMERGE and any(o.kind == ActionKind.ALTERNATIVE and o.args[0] == EMERGE for o in d.options):
            if not chosen:
                raise StepError("alternative: emerge needs choose: [the creature to sacrifice] (CR 702.119c): "
                                + ", ".join(o.label for o in d.options if o.args and o.args[0] == EMERGE))
            name = chosen.pop(0)
            for o in d.options:
                if o.kind == ActionKind.ALTERNATIVE and o.args[0] == EMERGE and self.refs.matches(self.state(), name, o.args[1]):
                    return o
            raise StepError(f"alternative: emerge can't be paid sacrificing {name}: "
                            + ", ".join(o.label for o in d.options) + " (CR 702.119a, 601.2f)")
        for o in d.options:
            if (value in ("no", False) and o.kind == ActionKind.DEFAULT) or (o.kind == ActionKind.ALTERNATIVE and o.args[0] == value):
                return o
        raise StepError(f"alternative: {value} can't be paid now: " + ", ".join(o.label for o in d.options)
                        + " (CR 118.9, 601.2f)")

    def check_alternative(self, value, asked: bool) -> None:
        """With one way to pay, nobody is asked (CR 601.2b): the spell cast must still have been
        cast for the cost named, an alternative one or (``no``) its mana cost."""
        if value is None or asked:
            return
        s = self.state()
        spell = s.objs.get(s.stack[-1].source) if s.stack else None
        paid = next((c for c in spell.cast_costs if c in CHOSEN_ALTERNATIVES or c == FREE), None) if spell is not None else None
        wanted = None if value in ("no", False) else value
        if spell is not None and paid != wanted:
            cost = f"its {wanted} cost" if wanted else "its mana cost"
            raise StepError(f"alternative: {value} was given, but {cost} can't be paid now: "
                            f"{spell.card.name} was cast for {f'its {paid} cost' if paid else 'its mana cost'} "
                            "(CR 601.2b, 118.9)")

    def choose_payment(self, d, sources: list | None) -> Action:
        if sources is None:
            for o in d.options:
                if o.kind == ActionKind.AUTOPAY:
                    return o
            raise StepError(f"{d.prompt}: there is no way to pay it with the mana pool and untapped "
                            "sources (CR 601.2g-h, 118.3)" + _why(d))
        if not sources:
            if any(o.kind in (ActionKind.PAY_POOL, ActionKind.COST_PART) for o in d.options):
                # the mana is there: the rest of the total cost in the order listed (CR 601.2h)
                return next(o for o in d.options if o.kind == ActionKind.AUTOPAY)
            raise StepError(f"{d.prompt}: the sources listed in pay: don't cover the cost (CR 601.2h)" + _why(d))
        ref = sources.pop(0)
        s = self.state()
        for o in d.options:
            if o.kind == ActionKind.MANA and self.refs.matches(s, ref, o.args[0]):
                return o
        for o in d.options:     # a creature to convoke, an artifact to improvise, a card to delve
            if o.kind in (ActionKind.CONVOKE, ActionKind.IMPROVISE, ActionKind.DELVE) and self.refs.matches(s, ref, o.args[0]):
                return o
        raise StepError(f"{ref} can't be tapped for mana now to pay: {d.prompt} (CR 605.3a, 118.3)")

    def choose_mana(self, d, color) -> Action:
        choices = ", ".join(o.label for o in d.options)
        if color is None:
            raise StepError(f"{d.prompt}: say which with color: ({choices})")
        for o in d.options:
            if color in o.args[0]:
                return o
        raise StepError(f"{color} is not one of the choices: {choices} (CR 106.1)")


def _why(d) -> str:
    """The engine's account of why a payment can't be made (restricted mana among it, CR 106.6)."""
    return f"; {d.context['why']}" if d.context.get("why") else ""
