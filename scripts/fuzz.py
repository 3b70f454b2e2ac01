"""The long fuzz run of issue 9: hostile command lines and play input, many more than CI runs.

    python scripts/fuzz.py [--cases 20000] [--seed N] [--only analyze solve ...] [--save FILE]
    python scripts/fuzz.py --replay FILE       (run the saved failing cases again)

The cases are those of tests/fuzz (strategies.py, profile `fuzz-long`), split between the
categories in the proportions CI uses, run in this process by the same harness. Nothing stops at a
failure: every broken promise is recorded, grouped by kind and place (an exception's type and the
innermost frame of ours; otherwise the command and the message's shape), reduced to a small case
by dropping and shortening words, and printed with a shell command that reproduces it. The seed is
printed first; `--seed` repeats a run (with the code as it was). Exit code 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import Phase, given, seed, settings

from tests.fuzz import chess_cases, strategies
from tests.fuzz.checks import Problem, check, reproduction
from tests.fuzz.harness import CliCase, Outcome, PlayCase, memory_method, run

Case = CliCase | PlayCase
CATEGORIES: dict[str, Any] = {
    "games": strategies.games_case,
    "analyze": lambda: strategies.command_case("analyze"),
    "solve": lambda: strategies.command_case("solve"),
    "play": lambda: strategies.command_case("play"),
    "interrupt": strategies.interrupt_case,
    "session": lambda: strategies.play_case(scripted=False),
    "session-lines": lambda: strategies.play_case(scripted=True),
    "chess": chess_cases.chess_case,
    "chess-session": lambda: chess_cases.play_case(scripted=False),
    "uci": chess_cases.uci_case,
}
#: Seconds of reruns spent reducing one failure (fewer for slow ones).
SHRINK_SECONDS = 40.0


@dataclass
class Found:
    """One failure group: its first problem, how often it was seen, the smallest case showing it."""

    problem: Problem
    case: Case
    count: int = 0
    categories: Counter[str] = field(default_factory=Counter)


@dataclass
class Tally:
    cases: Counter[str] = field(default_factory=Counter)
    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    failed: Counter[str] = field(default_factory=Counter)
    found: dict[tuple[str, ...], Found] = field(default_factory=dict)
    slowest: list[tuple[float, str]] = field(default_factory=list)
    peak_mb: float = 0.0


def size(case: Case) -> int:
    if isinstance(case, CliCase):
        return sum(len(w) + 1 for w in case.argv) + len(case.stdin or b"")
    return len(case.keys) + len(case.options) * 8 + len(case.start or "")


def record(tally: Tally, case: Case, outcome: Outcome, problems: list[Problem]) -> None:
    category = case.category
    tally.cases[category] += 1
    tally.seconds[category] += outcome.seconds
    tally.peak_mb = max(tally.peak_mb, outcome.memory_mb)
    tally.slowest = sorted([*tally.slowest, (outcome.seconds, reproduction(case)[:160])],
                           reverse=True)[:5]
    if problems:
        tally.failed[category] += 1
    for problem in problems:
        found = tally.found.get(problem.key)
        if found is None:
            found = tally.found[problem.key] = Found(problem, case)
        elif size(case) < size(found.case):
            found.case, found.problem = case, problem
        found.count += 1
        found.categories[category] += 1


def run_category(name: str, cases: int, run_seed: int, tally: Tally, started: float) -> None:
    base = settings.get_profile("fuzz-long")

    @seed(run_seed)
    @settings(base, max_examples=cases, phases=[Phase.generate])
    @given(case=CATEGORIES[name]())
    def fuzz(case: Case) -> None:
        case = replace(case, category=name)
        outcome = run(case)
        record(tally, case, outcome, check(case, outcome))
        done = sum(tally.cases.values())
        if done % 500 == 0:
            print(f"  {done:,} cases, {time.perf_counter() - started:,.0f} s, "
                  f"{len(tally.found)} failure groups", file=sys.stderr, flush=True)

    fuzz()


# --- reduction -------------------------------------------------------------------------------------
def still_fails(case: Case, key: tuple[str, ...]) -> bool:
    return any(p.key == key for p in check(case, run(case)))


def smaller(case: Case) -> list[Case]:
    """Candidates one step smaller: a word or line dropped, a long one halved."""
    out: list[Case] = []
    if isinstance(case, CliCase):
        argv = case.argv
        out += [replace(case, argv=argv[:i] + argv[i + 1:]) for i in range(len(argv) - 1, 0, -1)]
        out += [replace(case, argv=(*argv[:i], w[: len(w) // 2], *argv[i + 1:]))
                for i, w in enumerate(argv) if len(w) > 8]
        if case.stdin:
            out += [replace(case, stdin=None), replace(case, stdin=case.stdin[: len(case.stdin) // 2])]
        return out
    end = "\n" if case.scripted else "\r"
    lines = case.keys.split(end)
    out += [replace(case, keys=end.join(lines[:i] + lines[i + 1:])) for i in range(len(lines))]
    out += [replace(case, keys=end.join([*lines[:i], w[: len(w) // 2], *lines[i + 1:]]))
            for i, w in enumerate(lines) if len(w) > 8]
    if case.start is not None:
        out.append(replace(case, start=None))
    out += [replace(case, options=case.options[:i] + case.options[i + 1:])
            for i in range(len(case.options)) if case.options[i][0] not in ("budget", "seed")]
    return out


def reduce(found: Found) -> Case:
    case, key = found.case, found.problem.key
    budget = SHRINK_SECONDS if found.problem.kind not in ("time",) else 15.0
    deadline = time.perf_counter() + budget
    progress = True
    while progress and time.perf_counter() < deadline:
        progress = False
        for candidate in smaller(case):
            if time.perf_counter() >= deadline:
                break
            if size(candidate) < size(case) and still_fails(candidate, key):
                case, progress = candidate, True
                break
    return case


# --- report ------------------------------------------------------------------------------------------
def report(tally: Tally, elapsed: float) -> None:
    total = sum(tally.cases.values())
    print(f"\n{total:,} cases in {elapsed:,.0f} s; memory measured as {memory_method()}; "
          f"largest growth {tally.peak_mb:,.0f} MiB")
    print(f"{'category':<15}{'cases':>8}{'failed':>8}{'mean s':>9}")
    for name in CATEGORIES:
        if tally.cases[name]:
            print(f"{name:<15}{tally.cases[name]:>8,}{tally.failed[name]:>8,}"
                  f"{tally.seconds[name] / tally.cases[name]:>9.3f}")
    print("slowest cases:")
    for seconds_, text in tally.slowest:
        print(f"  {seconds_:6.2f} s  {text}")
    if not tally.found:
        print("\nno failures")
        return
    groups: defaultdict[str, list[Found]] = defaultdict(list)
    for found in tally.found.values():
        groups[found.problem.kind].append(found)
    print(f"\n{len(tally.found)} failure groups:")
    for kind, founds in sorted(groups.items()):
        print(f"\n== {kind} ({sum(f.count for f in founds):,} cases)")
        for found in sorted(founds, key=lambda f: -f.count):
            where = ", ".join(f"{c} {n}" for c, n in found.categories.most_common())
            print(f"- {' | '.join(found.problem.key[1:])}  [{found.count:,} cases: {where}]")
            print(f"  {found.problem.detail[:400]}")
            print(f"  reproduce: {reproduction(found.case)}")


def save(path: Path, tally: Tally) -> None:
    def as_dict(case: Case) -> dict[str, Any]:
        if isinstance(case, CliCase):
            return {"type": "cli", "category": case.category, "argv": list(case.argv),
                    "stdin": None if case.stdin is None else case.stdin.decode("latin-1"),
                    "interrupt_after": case.interrupt_after}
        return {"type": "play", "category": case.category, "game": case.game,
                "params": case.params, "start": case.start, "options": case.options,
                "keys": case.keys, "scripted": case.scripted}

    path.write_text(json.dumps([{"kind": f.problem.kind, "key": f.problem.key,
                                 "case": as_dict(f.case)} for f in tally.found.values()],
                               indent=1, ensure_ascii=True))


def load(path: Path) -> list[Case]:
    cases: list[Case] = []
    for item in json.loads(path.read_text()):
        data = item["case"]
        if data["type"] == "cli":
            stdin = None if data["stdin"] is None else data["stdin"].encode("latin-1")
            cases.append(CliCase(data["category"], tuple(data["argv"]), stdin,
                                 data["interrupt_after"]))
        else:
            cases.append(PlayCase(data["category"], data["game"],
                                  tuple(tuple(p) for p in data["params"]), data["start"],
                                  tuple(tuple(o) for o in data["options"]), data["keys"],
                                  data["scripted"]))
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=20_000, help="cases in all (default 20000)")
    parser.add_argument("--seed", type=int, default=None, help="repeat the run with this seed")
    parser.add_argument("--only", nargs="+", choices=sorted(CATEGORIES), help="these categories")
    parser.add_argument("--save", type=Path, help="write the failing cases (reduced) as JSON")
    parser.add_argument("--replay", type=Path, help="run the cases saved with --save again")
    args = parser.parse_args()
    tally = Tally()
    started = time.perf_counter()
    if args.replay is not None:
        for case in load(args.replay):
            outcome = run(case)
            record(tally, case, outcome, check(case, outcome))
        report(tally, time.perf_counter() - started)
        return 1 if tally.found else 0
    run_seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    names = args.only or list(CATEGORIES)
    weights = {name: strategies.CI_CASES[name] for name in names}
    print(f"seed {run_seed}: {args.cases:,} cases over {', '.join(names)} "
          f"(repeat with --seed {run_seed})", flush=True)
    for name in names:
        share = max(1, round(args.cases * weights[name] / sum(weights.values())))
        print(f"{name}: {share:,} cases", file=sys.stderr, flush=True)
        try:
            run_category(name, share, run_seed, tally, started)
        except Exception as error:  # a strategy's own bug: say so, and go on with the others
            print(f"{name} stopped early: the harness failed: {type(error).__name__}: {error}",
                  flush=True)
    elapsed = time.perf_counter() - started
    print(f"reducing {len(tally.found)} failure groups…", file=sys.stderr, flush=True)
    for found in tally.found.values():
        found.case = reduce(found)
    report(tally, elapsed)
    if args.save is not None:
        save(args.save, tally)
    return 1 if tally.found else 0


if __name__ == "__main__":
    sys.exit(main())
