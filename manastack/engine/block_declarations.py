"""Which blocks a declaration of blockers may still take (CR 509.1a-c), as a small problem
apart from the game: the blockers, the attackers each may block, the restrictions that concern
the declaration as a whole (menace, "can't be blocked by more than one creature", "can't block
alone") and the requirements to obey as many of as possible (CR 509.1c).

Blockers are declared one block at a time. A block is offered only when some legal declaration
contains the blocks made so far and it; "done" only when the blocks made so far are such a
declaration. A block that every such declaration contains (the second blocker of a menace
attacker only two creatures could block, a block a requirement asks for) is offered first and
alone, so that it is made without asking. So every step can be completed legally and no illegal declaration is ever offered.
A legal declaration disobeys no restriction and obeys the maximum number of requirements that a
declaration disobeying no restriction could obey (CR 509.1c).

The search runs over the blockers in order, with a state that counts, for each attacker a
restriction or requirement counts the blockers of, its blockers so far (capped where more no
longer matters), how many creatures block (0, 1 or more) and whether one that can't block alone
does (CR 506.5). Attackers nothing counts are told apart only by the requirements to block
them, so a blocker's choices among the rest are one choice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

Block = tuple[int, int]      # (blocker id, attacker id)
_NONE = -(1 << 30)          # the value of a choice that leads to no legal declaration


@dataclass(slots=True)
class BlockProblem:
    """One declaration of blockers. ``blockers`` are the creatures able to block (CR 509.1a), in
    the order their choices are made; ``can[b]`` the attackers ``b`` may block (restrictions on
    the pair, CR 509.1b); ``capacity[b]`` how many it may block. ``least[a]``: the fewest
    blockers ``a`` may have if blocked at all (menace: 2, CR 702.111b); ``most[a]`` the most
    (CR 509.1b). ``alone``: creatures that can't block alone (CR 506.5). The requirements
    (CR 509.1c), each with the number of effects that make it: ``must_block[b]`` "blocks if
    able", ``must_pair[(b, a)]`` "blocks ``a`` if able" (and each creature able to block an
    attacker all creatures able to block must block), ``must_be_blocked[a]`` "must be blocked
    if able"."""

    blockers: list[int]
    can: dict[int, tuple[int, ...]]
    capacity: dict[int, int]
    least: dict[int, int] = field(default_factory=dict)
    most: dict[int, int] = field(default_factory=dict)
    alone: frozenset[int] = frozenset()
    must_block: dict[int, int] = field(default_factory=dict)
    must_pair: dict[Block, int] = field(default_factory=dict)
    must_be_blocked: dict[int, int] = field(default_factory=dict)

    def simple(self) -> bool:
        """Whether every block within ``can``, ``capacity`` and ``most`` keeps a declaration
        legal: no requirement, no creature that can't block alone, and no attacker with a
        fewest number of blockers that anything could block."""
        if self.must_block or self.must_pair or self.must_be_blocked or self.alone:
            return False
        return not any(self.least.get(a, 1) > 1 for b in self.blockers for a in self.can[b])


@dataclass(frozen=True, slots=True)
class Offer:
    """What may be declared next: the blocks that some legal declaration containing the blocks
    made so far also contains, and whether those blocks are a legal declaration themselves.
    When they are not, ``short`` says why: ``("least", attacker)``, ``("alone", blocker)``, or
    ``("requirements", obeyed, maximum)``."""

    blocks: tuple[Block, ...]
    done: bool
    short: tuple = ()


def offer(p: BlockProblem, made: list[Block]) -> Offer:
    """The blocks that may follow ``made`` and whether ``made`` is complete (see the module)."""
    forced: dict[int, list[int]] = {}
    for b, a in made:
        forced.setdefault(b, []).append(a)
    if p.simple():
        count: dict[int, int] = {}
        for _b, a in made:
            count[a] = count.get(a, 0) + 1
        blocks = tuple((b, a) for b in p.blockers for a in p.can[b]
                       if len(forced.get(b, ())) < p.capacity[b] and a not in forced.get(b, ())
                       and count.get(a, 0) < p.most.get(a, 1 << 30))
        return Offer(blocks, True)
    return _Search(p, forced).offer(made)


class _Search:
    """The search of the module docstring for one problem and the blocks made so far."""

    def __init__(self, p: BlockProblem, forced: dict[int, list[int]]) -> None:
        self.p = p
        self.forced = forced
        counted = {a for a, n in p.least.items() if n > 1} | set(p.most) | set(p.must_be_blocked)
        self.tracked = sorted(counted)
        self.slot = {a: i for i, a in enumerate(self.tracked)}
        # a count of blockers above this makes no difference (above ``most`` is illegal)
        self.cap = [max(p.least.get(a, 1), p.most[a] + 1 if a in p.most else 1) for a in self.tracked]
        self.choices = [self._choices(b, forced.get(b, [])) for b in p.blockers]
        self.free_choices = [self._choices(b, []) for b in p.blockers]
        self.start = (tuple(0 for _ in self.tracked), 0, False)

    def _choices(self, b: int, made: list[int]) -> list[tuple[tuple[int, ...], bool, int]]:
        """The choices for blocker ``b`` that keep the blocks ``made``: (the counted or required
        attackers it blocks, whether it blocks any other, the requirements the choice obeys)."""
        p = self.p
        special = [a for a in p.can[b] if a in self.slot or (b, a) in p.must_pair]
        plain = [a for a in p.can[b] if a not in self.slot and (b, a) not in p.must_pair]
        kept = [a for a in made if a in special]
        kept_plain = any(a not in special for a in made)
        room = p.capacity[b] - len(made)
        out = []
        rest = [a for a in special if a not in kept]
        for k in range(room + 1):
            for extra in combinations(rest, k):
                blocks = tuple(kept) + extra
                others = [kept_plain] + ([True] if room - k >= 1 and any(a not in made for a in plain) else [])
                for other in dict.fromkeys(others):
                    any_block = bool(blocks) or other
                    value = (p.must_block.get(b, 0) if any_block else 0) + sum(
                        p.must_pair.get((b, a), 0) for a in blocks)
                    out.append((blocks, other, value))
        return out

    def _step(self, state, i: int, blocks: tuple[int, ...], other: bool):
        """The state after blocker ``i`` blocks ``blocks`` (and another attacker if ``other``),
        or None when an attacker would have more blockers than it may (CR 509.1b)."""
        counts, n, lone = state
        if blocks:
            counts = list(counts)
            for a in blocks:
                j = self.slot.get(a)
                if j is None:           # blocked for a requirement, not counted
                    continue
                if a in self.p.most and counts[j] + 1 > self.p.most[a]:
                    return None
                counts[j] = min(counts[j] + 1, self.cap[j])
            counts = tuple(counts)
        if blocks or other:
            n = min(n + 1, 2)
            lone = lone or self.p.blockers[i] in self.p.alone
        return counts, n, lone

    def _end(self, state) -> int:
        """The requirements a complete declaration in ``state`` obeys for attackers, or _NONE
        when it disobeys a restriction."""
        counts, n, lone = state
        if (lone and n < 2) or any(0 < counts[j] < self.p.least.get(a, 1) for a, j in self.slot.items()):
            return _NONE
        return self._attacker_value(state)

    def _attacker_value(self, state) -> int:
        counts = state[0]
        return sum(w for a, w in self.p.must_be_blocked.items() if counts[self.slot[a]] > 0)

    def _short(self, state) -> tuple:
        """Why the blocks made so far, in ``state``, disobey a restriction; () if they don't."""
        counts, n, lone = state
        for a, j in self.slot.items():
            if 0 < counts[j] < self.p.least.get(a, 1):
                return ("least", a)
        if lone and n < 2:
            blocker = next(b for b in self.p.blockers if b in self.p.alone and self.forced.get(b))
            return ("alone", blocker)
        return ()

    def _best(self, choices, memo: dict, i: int, state) -> int:
        """The most requirements blockers ``i`` onwards can add from ``state`` to a legal
        declaration, or _NONE."""
        key = (i, state)
        if key in memo:
            return memo[key]
        if i == len(self.p.blockers):
            value = self._end(state)
        else:
            value = _NONE
            for blocks, other, gain in choices[i]:
                nxt = self._step(state, i, blocks, other)
                if nxt is not None:
                    rest = self._best(choices, memo, i + 1, nxt)
                    if rest != _NONE:
                        value = max(value, gain + rest)
        memo[key] = value
        return value

    def offer(self, made: list[Block]) -> Offer:
        target = self._best(self.free_choices, {}, 0, self.start)       # the maximum (CR 509.1c)
        memo: dict = {}
        found: set[Block] = set()
        needed: list[Block] = []        # blocks every legal declaration containing ``made`` has
        layer = {self.start: 0}
        for i, b in enumerate(self.p.blockers):
            made_b = self.forced.get(b, [])
            nxt_layer: dict = {}
            common: set[int] | None = None
            for state, sofar in layer.items():
                for blocks, other, gain in self.choices[i]:
                    nxt = self._step(state, i, blocks, other)
                    if nxt is None:
                        continue
                    rest = self._best(self.choices, memo, i + 1, nxt)
                    if rest == _NONE or sofar + gain + rest != target:
                        continue
                    new = [a for a in blocks if a not in made_b]
                    found.update((b, a) for a in new)
                    common = set(new) if common is None else common & set(new)
                    if other and self.p.capacity[b] - len(made_b) - len(new) >= 1:     # room for one more
                        found.update((b, a) for a in self.p.can[b] if a not in made_b
                                     and a not in self.slot and (b, a) not in self.p.must_pair)
                    if nxt_layer.get(nxt, _NONE) < sofar + gain:
                        nxt_layer[nxt] = sofar + gain
            layer = nxt_layer
            needed += [(b, a) for a in self.p.can[b] if a in (common or ())]
        # the blocks made so far, as a declaration of their own
        state, value = self.start, 0
        for i, b in enumerate(self.p.blockers):
            made_b = self.forced.get(b, [])
            blocks = tuple(a for a in made_b if a in self.slot or (b, a) in self.p.must_pair)
            after = self._step(state, i, blocks, len(blocks) < len(made_b))
            if after is None:
                raise ValueError(f"more creatures block {blocks} than may (CR 509.1b)")
            state = after
            value += (self.p.must_block.get(b, 0) if made_b else 0) + sum(
                self.p.must_pair.get((b, a), 0) for a in made_b)
        short = self._short(state)
        if not short:
            value += self._attacker_value(state)
            if value < target:
                short = ("requirements", value, target)
        if needed:          # made in any case, one after another: a step with one answer is forced
            return Offer(tuple(needed[:1]), False, short)
        order = {pair: k for k, pair in enumerate((b, a) for b in self.p.blockers for a in self.p.can[b])}
        return Offer(tuple(sorted(found, key=order.__getitem__)), not short, short)
