"""Votes (CR 701.38): "Will of the council" and "Council's dilemma". Each player still in the
game, starting with the player the text names (the controller: "starting with you") and going
on in turn order, votes for one of the choices (CR 701.38a): words with no rules meaning or
objects (CR 701.38b). A player with more than one vote casts them all in their turn to vote
(CR 701.38d). The votes are kept on the resolution, where "If A gets more votes" reads them
here, "for each A vote" and "each permanent with the most votes" in :mod:`.resolution`, "For
each A vote, ..." here. "You choose how each player votes this turn." gives one player every
choice of the turn's votes."""
from __future__ import annotations

from collections import Counter

from manastack.oracle import ir

from .. import characteristics as ch
from .. import exercise
from ..decisions import Action, ActionKind, Decision, DecisionKind
from ..effect_records import ChoosesVotes
from ..event_types import VotesFinished
from ..filters import objects_matching, player_of, player_ref
from ..influence import object_within, within
from ..resolution import ResolutionContext, execute, source_obj
from ..runner import Ctx
from ..state import State
from ..triggers import collect


def votes_of(s: State, player: int) -> tuple[int, int]:
    """How many votes ``player`` has, and how many more they may cast: one, one more for each
    "While voting, you get an additional vote." and one they may cast for each "While voting,
    you may vote an additional time." among the permanents they control (CR 701.38d)."""
    counts: dict[type[ir.StaticEffect], int] = {ir.StaticExtraVote: 0, ir.StaticMayExtraVote: 0}
    for kind in counts:
        for src, _eff in ch.static_effects(s, kind):
            if src.controller == player:
                counts[kind] += 1
                if exercise.RECORD is not None:
                    exercise.note("STATIC_KINDS", kind.kind, src.card)
    return 1 + counts[ir.StaticExtraVote], counts[ir.StaticMayExtraVote]


def choose_votes(ctx: Ctx, e: ir.ChooseVotes, rc: ResolutionContext) -> None:
    """"You choose how each player votes this turn." (CR 701.38, 611.2): a record that lasts
    until the turn ends."""
    s = ctx.s
    s.effects.append(ChoosesVotes(player_ref(rc.controller), ir.Duration.END_OF_TURN, s.new_timestamp(), rc.card.name))
    s.add_log(f"{s.players[rc.controller].name} chooses how each player votes this turn", ("701.38", "611.2"), "effect")


def vote_chooser(s: State) -> int | None:
    """The player who chooses how each player votes this turn: the controller of the most recent
    "You choose how each player votes this turn." (Illusion of Choice ruling 2016-08-23), while
    still in the game."""
    records = [e for e in s.effects if type(e) is ChoosesVotes] if s.effects else []
    if not records:
        return None
    p = player_of(max(records, key=lambda e: e.timestamp).affected)
    return None if s.players[p].lost else p


def vote(ctx: Ctx, e: ir.Vote, rc: ResolutionContext) -> None:
    """CR 701.38a-d: every player still in the game votes, starting with the controller and in
    turn order, each casting all their votes at once. Voting for an object doesn't target it
    (Council's Judgment: hexproof and protection don't stop it); the objects are those matching
    the description as the vote begins, "you" being the controller."""
    s = ctx.s
    choices: list[tuple[int | str, str]]
    if e.filter is not None:
        found = objects_matching(s, e.filter, source_obj(ctx, rc), rc.controller)
        if s.reach is not None:     # CR 801.11: it sees only objects within its controller's range
            found = [o for o in found if object_within(s, rc.controller, o)]
        choices = [(o.id, o.card.name) for o in sorted(found, key=lambda o: o.id)]
    else:
        choices = [(w, w) for w in e.choices]
    rc.votes = []
    if not choices:
        s.add_log(f"{rc.card.name}: there is nothing to vote for", ("701.38a",), "resolve")
        return
    names = {c: label for c, label in choices}
    everyone = choices
    chooser = vote_chooser(s)
    for p in s.in_turn_order(rc.controller):
        if s.players[p].lost or not within(s, rc.controller, p):
            continue            # CR 801.10: outside the controller's range of influence, no vote
        if s.reach is not None and e.filter is not None:    # CR 801.5a: objects within the voter's range
            choices = [(c, label) for c, label in everyone if isinstance(c, int) and object_within(s, p, s.objs[c])]
            if not choices:
                continue
        n, optional = votes_of(s, p)
        by = p if chooser is None else chooser
        for k in range(n + optional):
            if k >= n and by != p:      # the voter decides whether to cast it, the chooser how (its ruling)
                answer = ctx.ask(Decision(p, DecisionKind.MAY, f"{rc.card.name}: vote an additional time? (CR 701.38d)",
                                          (Action(ActionKind.YES, (), "vote an additional time"),
                                           Action(ActionKind.DECLINE, (), "don't vote an additional time"))))
                if answer.kind == ActionKind.DECLINE:
                    break
            prompt = f"{rc.card.name}: vote for {' or '.join(label for _, label in choices)}" \
                + (f" (vote {k + 1}{'' if k < n else ', an additional one you may cast'})" if n + optional > 1 else "") \
                + (f" as {s.players[p].name}'s vote" if by != p else "") + " (CR 701.38a)"
            options = tuple(Action(ActionKind.VOTE, (c,), f"vote for {label}") for c, label in choices)
            if k >= n and by == p:
                options += (Action(ActionKind.DECLINE, (), "don't vote an additional time"),)
            answer = ctx.ask(Decision(by, DecisionKind.VOTE, prompt, options,
                                      {"source": rc.source, "controller": rc.controller, "words": bool(e.choices),
                                       "voter": p}))
            if answer.kind == ActionKind.DECLINE:
                break
            choice = answer.args[0]
            rc.votes.append((p, choice))
            s.add_log(f"{s.players[p].name} votes for {names[choice]}"
                      + (f" ({s.players[by].name} chose how)" if by != p else ""),
                      ("701.38a",) + (("701.38d",) if n + optional > 1 else ()), "resolve")
    tally = Counter(c for _, c in rc.votes)
    s.add_log(f"{rc.card.name}: the vote ends, " + ", ".join(f"{names[c]} {tally[c]}" for c, _ in everyone if tally[c]),
              ("701.38a",), "resolve")
    collect(ctx, VotesFinished(tuple(rc.votes)))         # "whenever players finish voting"


def _top(rc: ResolutionContext) -> tuple[list, int]:
    """The choices with the most votes, and how many they got."""
    tally = Counter(c for _, c in rc.votes)
    most = max(tally.values(), default=0)
    return [c for c, n in tally.items() if n == most], most


def if_voted(ctx: Ctx, e: ir.IfVoted, rc: ResolutionContext) -> None:
    """"If A gets more votes, ...": only when A got more votes than any other choice; "... or
    the vote is tied": also when A is tied with another for the most votes."""
    top, most = _top(rc)
    won = top == [e.choice] or (e.tied and e.choice in top)
    if most and won:
        ctx.s.add_log(f"{rc.card.name}: {e.choice} has {'more votes' if top == [e.choice] else 'tied for the most votes'}",
                      ("701.38a",), "resolve")
        execute(ctx, e.effects, rc)


def for_each_vote(ctx: Ctx, e: ir.ForEachVote, rc: ResolutionContext) -> None:
    """"For each money vote, ..." (Council's dilemma, CR 701.38a): the effects once for each vote
    cast for that choice, in the order the votes were cast, "the voter" being who cast it."""
    for voter, choice in list(rc.votes):
        if choice == e.choice:
            rc.voter = voter
            execute(ctx, e.effects, rc)
    rc.voter = None
