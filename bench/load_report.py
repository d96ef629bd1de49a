"""The figures ``bench/bot_load.py`` prints: what one run of the load recorded, read into
latencies, Bot API calls per accepted move, the busiest group's minute, the AI's decision
times and the process's memory. Running the load and reading its figures are apart so that
each can be read on its own."""

from __future__ import annotations

import argparse
import resource
import statistics
from dataclasses import dataclass, field

from ddz_bot.ai.timing import percentile
from tests.tg.fake_api import Call, most_in_a_second

__all__ = ["SLOW_CALL", "LoadRun", "max_in_window", "print_figures"]

#: seconds a slow call of the fake Telegram takes (``--slow-share``)
SLOW_CALL = 5.0


@dataclass
class LoadRun:
    """What one run of the load recorded, read once the tables have played."""

    elapsed: float  # seconds, wall clock
    cpu: float  # seconds of this process's processor time
    moves: int  # actions the engine accepted, AI moves included
    #: every Bot API call, /start and sitting down included (the busiest group's 60 s)
    all_calls: list[Call]
    #: how many of them came before the tables played (the figures per move count the rest)
    calls_before: int
    too_many: int  # 429s received
    latencies: list[float]  # seconds, each player's update, sitting down included
    seated_updates: int  # how many of ``latencies`` were sitting down
    by_kind: dict[str, list[float]]
    hands_restarted: int
    tables_finished: int
    in_workers: int  # AI decisions made in the worker processes
    thinking: list[float]  # seconds, the AI's own time per decision
    waited: list[float]  # seconds, what the table waited for each AI decision
    #: seconds from a seat having to decide to its person told, by kind of decision
    waits: dict[str, list[float]] = field(default_factory=dict)
    bot_timeouts: int = 0  # time-outs of people never told to decide
    people_timeouts: int = 0  # time-outs of people told who did not act
    #: seconds to each typed word's answer, by kind of word (a play, a hint, a refused word)
    typed: dict[str, list[float]] = field(default_factory=dict)
    typed_sent: int = 0  # words typed in private chats
    #: seconds from each typed hint or refused word to its own text reply
    typed_replies: list[float] = field(default_factory=list)
    too_many_by_chat: dict[int | None, int] = field(default_factory=dict)  # 429s by chat
    #: seconds calls waited for their turn of the budget, by what they were for
    budget_waits: dict[str, list[float]] = field(default_factory=dict)

    @property
    def calls(self) -> list[Call]:
        """The calls made while the tables played."""
        return self.all_calls[self.calls_before :]


def max_in_window(times: list[float], window: float = 60.0) -> int:
    """The most of ``times`` (seconds) inside any ``window`` seconds, its ends included."""
    times = sorted(times)
    best = start = 0
    for end, moment in enumerate(times):
        while moment - times[start] > window:
            start += 1
        best = max(best, end - start + 1)
    return best


def _counted(call: Call) -> bool:
    """A call Telegram's limits count: one that sends or edits a message."""
    return call.method.startswith(("send", "edit", "copy", "forward"))


def _in_group(call: Call) -> bool:
    return call.chat_id is not None and call.chat_id < 0 and call.ok


def _in_private(call: Call) -> bool:
    return call.chat_id is not None and call.chat_id > 0 and call.ok


def _spread(values: list[float]) -> str:
    """p50, p99 and max of ``values`` (seconds) in milliseconds."""
    ordered = sorted(values)
    if not ordered:
        return "p50 - ms  p99 - ms  max - ms"
    return (
        f"p50 {statistics.median(ordered) * 1000:.0f} ms  "
        f"p99 {percentile(ordered, 0.99) * 1000:.0f} ms  max {ordered[-1] * 1000:.0f} ms"
    )


def print_waits(run: LoadRun) -> None:
    """What people felt: the decision wait (two lines of fixed form scripts read), by kind;
    the time-outs; typed words answered."""
    every = [w for values in run.waits.values() for w in values]
    print(f"decision wait: {_spread(every)}")
    print(f"time-outs the bot caused: {run.bot_timeouts}")
    print(f"  time-outs of people told who did not act: {run.people_timeouts}")
    for kind, values in sorted(run.waits.items()):
        print(f"  decision wait {kind:10s} n={len(values):6d}  {_spread(values)}")
    typed = [w for values in run.typed.values() for w in values]
    print(f"typed messages answered: {len(typed)} of {run.typed_sent}  {_spread(typed)}")
    for kind, values in sorted(run.typed.items()):
        print(f"  typed {kind:10s} n={len(values):6d}  {_spread(values)}")
    replies = run.typed_replies
    print(f"  hint/refused words' own replies n={len(replies):4d}  {_spread(replies)}")
    for urgency, values in run.budget_waits.items():
        print(f"  budget turn {urgency:9s} n={len(values):6d}  {_spread(values)}")


def print_figures(args: argparse.Namespace, run: LoadRun) -> None:
    """Print the run's figures, one kind a line."""
    moves = max(run.moves, 1)
    calls = run.calls
    group_calls = [c for c in calls if _in_group(c)]
    dm_calls = [c for c in calls if _in_private(c)]
    answers = sum(1 for c in calls if c.method == "answerCallbackQuery")
    by_method: dict[str, int] = {}
    for call in group_calls + dm_calls:
        by_method[call.method] = by_method.get(call.method, 0) + 1
    refused = sum(1 for c in calls if not c.ok)
    per_group: dict[int, list[float]] = {}
    for call in run.all_calls:
        if _in_group(call):
            assert call.chat_id is not None
            per_group.setdefault(call.chat_id, []).append(call.at)
    worst = max((max_in_window(times) for times in per_group.values()), default=0)
    lat = sorted(run.latencies)
    print(
        f"tables: {args.tables}  humans/table: {args.humans}  run: {run.elapsed:.0f} s  "
        f"pictures: {'real' if args.render else 'stubbed'}  "
        f"API latency: {args.api_latency * 1000:.0f} ms "
        f"({args.slow_share:.0%} take {SLOW_CALL:.0f} s)  "
        f"CPU: {run.cpu / run.elapsed:.0%} of one core (the fake Telegram and players included)"
    )
    print(
        f"updates handled: {len(lat)}  latency p50 {statistics.median(lat) * 1000:.1f} ms  "
        f"p99 {percentile(lat, 0.99) * 1000:.1f} ms  max {lat[-1] * 1000:.1f} ms"
    )
    play = sorted(run.latencies[run.seated_updates :])
    if play and run.seated_updates:
        print(
            f"  once seated: {len(play)} updates  p50 {statistics.median(play) * 1000:.1f} ms  "
            f"p99 {percentile(play, 0.99) * 1000:.1f} ms "
            "(sitting down waits for Telegram once a person: is their private chat open?)"
        )
    print_waits(run)
    print(
        f"accepted moves: {run.moves}  moves/s: {run.moves / run.elapsed:.1f}  "
        f"hands restarted: {run.hands_restarted}  tables finished now: {run.tables_finished}"
    )
    print(f"AI decisions made in the worker processes: {run.in_workers}")
    for what, recorded in (("thinking", run.thinking), ("answer waited", run.waited)):
        if recorded:
            ordered = sorted(recorded)
            print(
                f"  AI {what}: n={len(ordered)}  p50 {statistics.median(ordered) * 1000:.1f} ms"
                f"  p99 {percentile(ordered, 0.99) * 1000:.1f} ms"
                f"  max {ordered[-1] * 1000:.1f} ms"
            )
    print(
        f"group calls per move: {len(group_calls) / moves:.3f}  "
        f"DM calls per move: {len(dm_calls) / moves:.3f}  "
        f"all chats: {(len(group_calls) + len(dm_calls)) / moves:.3f}  "
        f"callback answers: {answers}"
    )
    print(
        "  by method per move: "
        + "  ".join(
            f"{method} {count / moves:.3f}"
            for method, count in sorted(by_method.items(), key=lambda item: -item[1])
        )
    )
    print(
        f"429s received: {run.too_many}  calls refused: {refused}  "
        f"(Telegram's per-chat limits {'off' if args.no_limits else 'on'}; overall limit "
        f"{'off' if getattr(args, 'no_overall_limit', False) else 'on'})"
    )
    groups = sum(n for chat, n in run.too_many_by_chat.items() if (chat or 0) < 0)
    private = {chat: n for chat, n in run.too_many_by_chat.items() if (chat or 0) > 0}
    print(
        f"  429s in groups: {groups}  in private chats: {sum(private.values())} "
        f"(in {len(private)} chats)"
    )
    print(f"most messages to one group in any 60 s window: {worst}")
    sent = [c.at for c in run.all_calls if c.ok and c.chat_id is not None and _counted(c)]
    busiest = max_in_window(sent, 1.0)
    print(f"most messages in any second, all chats (Telegram asks about 30): {busiest}")
    print(f"most Telegram calls in one second: {most_in_a_second(c.at for c in run.calls)}")
    if args.by_kind:
        for kind, values in sorted(run.by_kind.items()):
            values.sort()
            print(
                f"  {kind:10s} n={len(values):6d} p50 {statistics.median(values) * 1000:6.1f} ms"
                f"  p99 {percentile(values, 0.99) * 1000:6.1f} ms"
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS: {peak:.0f} MB (fake Telegram and its stored messages included)")
