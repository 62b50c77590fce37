"""Combat steps: declaring attackers (CR 508) and blockers (CR 509), and dividing an
attacker's combat damage (CR 510.1c, 702.19b)."""
from __future__ import annotations

from manastack.engine import combat
from manastack.engine.decisions import ActionKind, DecisionKind
from manastack.engine.state import Step
from manastack.engine.turn import STEPS

from . import why
from .driver import MAX_PASSES, Driver, StepError, listify
from .yamlfile import Map
from manastack.engine.zones import BATTLEFIELD


class CombatSteps(Driver):
    """Attacking, blocking and assigning combat damage."""

    def advance_to(self, kind: str, step_name: str) -> None:
        """Pass priority with an empty stack until the ``kind`` decision of ``step_name`` comes,
        or the game is at or past that step (this turn)."""
        target = STEPS.index(step_name)
        turn = self.state().turn
        for _ in range(MAX_PASSES):
            d, s = self.pending(), self.state()
            if d.kind == kind:
                return
            if d.kind != DecisionKind.PRIORITY:
                raise self.waiting(d)
            if s.turn != turn or STEPS.index(s.step) >= target:
                return
            if s.stack:
                raise StepError("the stack isn't empty (" + ", ".join(i.label for i in reversed(s.stack))
                                + "): resolve it first")
            self.pass_once()

    def do_attack(self, step: Map) -> None:
        refs = [] if step["attack"] == "none" else listify(step["attack"])
        if "by" in step and self.refs.player(step["by"]) != self.state().active:
            raise StepError("only the active player attacks (CR 506.2)")
        self.advance_to("attackers", "declare_attackers")
        d, s = self.pending(), self.state()
        if d.kind != DecisionKind.ATTACKERS:
            if not refs:
                return
            if s.step == Step.DECLARE_ATTACKERS and not s.combat.get("attackers"):
                # no creature could attack: each one named says why (CR 508.1a, 508.1c)
                raise StepError("; ".join(dict.fromkeys(why.cannot_attack(s, self.refs, r) for r in refs)))
            raise StepError(f"attackers can't be declared now: the game is in the {s.step} step of turn {s.turn} "
                            "(CR 508.1)")
        aims = dict(step.get("planeswalkers") or {})       # attacker -> planeswalker (CR 508.1b)
        players = dict(step.get("at") or {})               # attacker -> player, with more than two (CR 802.3)
        several = len(s.players) > 2
        requested: list[int] = []
        for ref in refs:
            d, s = self.pending(), self.state()
            aim = aims.get(ref)
            if several and aim is None:
                if ref not in players:
                    raise StepError(f"with more than two players, say whom {ref} attacks: at: {{{ref}: <player>}} "
                                    "(CR 802.3)")
                who = self.refs.player(players[ref])
                if who is None:
                    raise StepError(f"{players[ref]!r} is not a player here (players: {', '.join(self.refs.names)})")
            opts = [a for a in d.options if a.kind == ActionKind.ATTACK and self.refs.matches(s, ref, a.args[0])
                    and (a.args[1:] == (f"p{who}",) if several and aim is None else
                         len(a.args) == 1 if aim is None else
                         len(a.args) == 2 and isinstance(a.args[1], int) and self.refs.matches(s, aim, a.args[1]))] \
                if d.kind == DecisionKind.ATTACKERS else []
            if not opts and several and aim is None and d.kind == DecisionKind.ATTACKERS and any(
                    a.kind == ActionKind.ATTACK and self.refs.matches(s, ref, a.args[0]) for a in d.options):
                raise StepError(f"{ref} can't attack {players[ref]}: "
                                + (combat.why_not_attack_player(s, self.refs.find(s, ref)[0], who)
                                   or f"{players[ref]} is not an opponent still in the game (CR 506.2, 802.2)"))
            if not opts and aim is not None and any(a.kind == ActionKind.ATTACK and self.refs.matches(s, ref, a.args[0])
                                                    for a in d.options):
                raise StepError(f"{aim} is not a planeswalker the defending player controls, so {ref} "
                                "can't attack it (CR 506.3, 508.1b)")
            if not opts:
                raise StepError(why.cannot_attack(s, self.refs, ref))
            self.push(opts[0])
            requested.append(opts[0].args[0])
        d = self.pending()
        if d.kind == DecisionKind.ATTACKERS:
            done = [a for a in d.options if a.kind == ActionKind.DONE]
            if not done:        # CR 506.5, 508.1c: a creature declared can't attack alone
                raise StepError(why.illegal_attacks(self.state(), d))
            self.push(done[0])
        s = self.state()
        added = [i for i in s.combat.get("attackers", ()) if i not in requested] if requested else []
        if added:               # the engine completed the declaration: what was written alone isn't legal
            alone = [s.objs[i].card.name for i in requested if combat.restricted(s, s.objs[i], combat.Rule.CANT_ATTACK_ALONE)]
            raise StepError("; ".join(f"{n} can't attack alone (CR 506.5, 508.1c)" for n in alone)
                            or "these attackers are not a legal declaration alone (CR 508.1c)")

    def do_block(self, step: Map) -> None:
        pairs = _pairs(step["block"])
        self.advance_to("blockers", "declare_blockers")
        d, s = self.pending(), self.state()
        # the one legal declaration is made without asking (CR 509.1c: a requirement to block)
        made_without_asking = d.kind != DecisionKind.BLOCKERS and s.step == Step.DECLARE_BLOCKERS and s.combat.get("blockers")
        if d.kind != DecisionKind.BLOCKERS and not made_without_asking:
            if not pairs:
                forced = [s.objs[b].card.name for bs in s.combat.get("blockers", {}).values() for b in bs] \
                    if s.step == Step.DECLARE_BLOCKERS else []
                if forced:          # the only legal declaration, made by the engine (CR 509.1c)
                    raise StepError(f"{', '.join(forced)} must block: "
                                    + ("; ".join(why.block_requirements(s)) or "no other block is legal (CR 509.1c)"))
                return
            if not s.combat.get("attackers"):
                raise StepError("no creature is attacking, so no blockers are declared (CR 508.8)")
            if s.step == Step.DECLARE_BLOCKERS and not s.combat.get("blockers"):
                raise StepError(why.cannot_block(s, self.refs, *pairs[0]))
            raise StepError(f"blockers can't be declared now: the game is in the {s.step} step (CR 509.1)")
        start = s
        made: list[tuple[int, int]] = []
        for blocker, attacker in pairs:
            d, s = self.pending(), self.state()
            if len(s.players) > 2:      # CR 802.4: the defending players declare in turn, each saying done
                self.done_blocking_until(blocker)
                d, s = self.pending(), self.state()
            # a block the engine made without asking, the one way to complete the declaration
            already = [p for p in _declared(d, s) if p not in made and self.refs.matches(s, blocker, p[0])
                       and self.refs.matches(s, attacker, p[1])]
            if already:
                made.append(already[0])
                continue
            opts = [a for a in d.options if a.kind == ActionKind.BLOCK and self.refs.matches(s, blocker, a.args[0])
                    and self.refs.matches(s, attacker, a.args[1])] if d.kind == DecisionKind.BLOCKERS else []
            if not opts:
                raise StepError(why.cannot_block(s, self.refs, blocker, attacker))
            self.push(opts[0])
            made.append(tuple(opts[0].args))
        d = self.pending()
        while d.kind == DecisionKind.BLOCKERS:
            done = [a for a in d.options if a.kind == ActionKind.DONE]
            if not done:
                reasons = [d.context.get("incomplete", "")] + why.block_requirements(self.state())
                raise StepError("these blocks are not a legal declaration: " + "; ".join(r for r in reasons if r))
            self.push(done[0])
            d = self.pending()
        if set(_declared(self.pending(), self.state())) != set(made):
            reasons = [combat.why_incomplete(start, made) or "the engine added blocks (CR 509.1)"]
            raise StepError("these blocks are not a legal declaration: "
                            + "; ".join(reasons + why.block_requirements(self.state())))

    def done_blocking_until(self, blocker: str) -> None:
        """Say "done" for each defending player before the one who controls ``blocker``
        (CR 802.4: each declares all their blocks in APNAP order)."""
        for _ in range(8):
            d, s = self.pending(), self.state()
            mine = [o for o in self.refs.find(s, blocker) if o.zone == BATTLEFIELD]
            if d.kind != DecisionKind.BLOCKERS or not mine or mine[0].controller == d.player:
                return
            done = [a for a in d.options if a.kind == ActionKind.DONE]
            if not done:
                return
            self.push(done[0])

    def do_assign(self, step: Map) -> None:
        """CR 510.1c, 702.19b: how an attacker's combat damage is divided among its blockers."""
        amounts = {self._card_name(k): v for k, v in step["assign"].items()}
        answered = False
        for _ in range(MAX_PASSES):
            d, s = self.pending(), self.state()
            if d.kind == DecisionKind.DAMAGE:
                blocker = d.options[0].label.split(" to ", 1)[1]
                if blocker not in amounts:
                    raise StepError(f"{d.prompt}: say it with assign: {{{blocker}: N}}")
                found = [o for o in d.options if o.args[0] == amounts[blocker]]
                if not found:
                    raise StepError(f"assigning {amounts[blocker]} to {blocker} is not allowed; the choices are "
                                    + ", ".join(str(o.args[0]) for o in d.options) + " (CR 510.1c, 702.19b)")
                self.push(found[0])
                answered = True
                continue
            if answered:
                return
            if d.kind != DecisionKind.PRIORITY:
                raise self.waiting(d)
            if s.step not in (Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE) or s.stack:
                raise StepError("no combat damage assignment is asked for now: it is asked for an attacker "
                                "blocked by several creatures, or with trample (CR 510.1c, 702.19b)")
            self.pass_once()

    def _card_name(self, ref: str) -> str:
        found = self.refs.find(self.state(), ref) if ref in self.refs.aliases else []
        return found[0].card.name if found else ref


def _declared(d, s) -> list[tuple[int, int]]:
    """The blocks declared so far: in the declaration under way, or the one made."""
    if d.kind == DecisionKind.BLOCKERS:
        return [tuple(p) for p in d.context["blocks"]]
    return [(b, a) for a, bs in s.combat.get("blockers", {}).items() for b in bs]


def _pairs(block) -> list[tuple[str, str]]:
    if block in ("none", None):
        return []
    maps = [block] if isinstance(block, dict) else block
    return [(b, a) for m in maps for b, a in m.items()]
