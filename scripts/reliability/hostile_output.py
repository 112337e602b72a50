"""Pathological model outputs through the structured-output parse path, with a time limit and a loop watchdog.

    python scripts/reliability/hostile_output.py [--limit-ms 350] [--stall-ms 100]

Every output in the corpus is parsed with `parse_structured_async` (the path the providers use) while a
ticker coroutine measures how long the event loop was blocked. An output must end in a parsed object or a
StructuredOutputError within the limit (the repair time limit plus 100 ms by default); anything else is a crash,
a slower answer or a loop blocked longer than --stall-ms is a hang. Outputs over 100 ms are counted as `slow`.
Prints one line per output and a final `RESULT {json}` line; exit status 1 on any crash or hang.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import emit

KB = 1024


def corpus() -> list[tuple[str, Callable[[], str]]]:
    """(name, output factory): outputs seen to stall json_repair or that probe each limit."""
    valid = json.dumps({"title": "Quiet Luxury", "body_paragraphs": ["A calm look."] * 3})
    return [
        ("64 KB of {", lambda: "{" * (64 * KB)),
        ("64 KB + 1 of {", lambda: "{" * (64 * KB + 1)),
        ("1 MB of junk", lambda: ("x{[\"':,\\" * (128 * KB))[: 1024 * KB]),
        ("1 MB of spaces then a fence", lambda: " " * (1024 * KB) + "```"),
        ("16 KB of {", lambda: "{" * (16 * KB)),
        ("16 KB of [", lambda: "[" * (16 * KB)),
        ("15 KB of {\"a\": (deep)", lambda: '{"a": ' * (15 * KB // 6)),
        ("8 KB of broken pairs (slow to repair)", lambda: ("{" + "a:b," * (2 * KB))[: 8 * KB - 1] + "}"),
        ("8 KB of words in an object", lambda: ("{" + "ab " * (3 * KB))[: 8 * KB - 1] + "}"),
        ("valid JSON nested 5,000 deep", lambda: '{"a": ' * 5000 + "1" + "}" * 5000),
        ("60 KB of quotes", lambda: '"' * (60 * KB)),
        ("60 KB of backslashes", lambda: "\\" * (60 * KB)),
        ("60 KB of commas in an object", lambda: "{" + "," * (60 * KB) + "}"),
        ("7 KB unterminated string", lambda: '{"title": "' + "a" * (7 * KB)),
        ("15 KB of broken pairs", lambda: "{" + "a:b," * (15 * KB // 4) + "}"),
        ("15 KB of mixed brackets", lambda: "{[" * (15 * KB // 2)),
        ("a 40 KB string field", lambda: json.dumps({"title": "x" * (40 * KB)})),
        ("fenced valid JSON", lambda: f"```json\n{valid}\n```"),
        ("valid JSON with chatter", lambda: f"Sure! {valid} Hope it helps."),
        ("truncated valid JSON", lambda: valid[:-20]),
        ("empty", lambda: ""),
        ("NUL bytes", lambda: "\x00" * (32 * KB)),
        ("unicode junk", lambda: "\ud7ff\u202e{" * (10 * KB)),
    ]


async def _measure(text: str, limit_s: float) -> tuple[str, float, float]:
    """(outcome, parse seconds, longest loop stall in seconds) for one output."""
    from pydantic import BaseModel

    from editorial_ai.llm.base import StructuredOutputError
    from editorial_ai.llm.structured import parse_structured_async

    class Article(BaseModel):
        title: str
        body_paragraphs: list[str] = []

    stall = 0.0
    done = asyncio.Event()

    async def ticker() -> None:
        nonlocal stall
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            stall = max(stall, now - last - 0.005)
            last = now

    tick = asyncio.create_task(ticker())
    started = time.perf_counter()
    try:
        await asyncio.wait_for(parse_structured_async(text, Article), timeout=limit_s * 20)
        outcome = "parsed"
    except StructuredOutputError as exc:
        outcome = f"rejected: {str(exc)[:90]}"
    except TimeoutError:
        outcome = "hang"
    except Exception as exc:  # noqa: BLE001 - reported as a crash
        outcome = f"crash: {type(exc).__name__}: {exc}"[:120]
    elapsed = time.perf_counter() - started
    done.set()
    await tick
    return outcome, elapsed, stall


async def run(limit_ms: float, stall_ms: float) -> dict[str, int]:
    limit_s = limit_ms / 1000
    totals = {"outputs": 0, "crashes": 0, "hangs": 0, "slow": 0, "max_parse_ms": 0, "max_loop_stall_ms": 0}
    for name, make in corpus():
        outcome, elapsed, stall = await _measure(make(), limit_s)
        crash = outcome.startswith("crash")
        hang = outcome == "hang" or elapsed > limit_s or stall > stall_ms / 1000
        totals["outputs"] += 1
        totals["slow"] += int(elapsed > 0.1)
        totals["crashes"] += int(crash)
        totals["hangs"] += int(hang and not crash)
        totals["max_parse_ms"] = max(totals["max_parse_ms"], round(elapsed * 1000))
        totals["max_loop_stall_ms"] = max(totals["max_loop_stall_ms"], round(stall * 1000))
        flag = " CRASH" if crash else " HANG" if hang else ""
        print(f"  {name:38s} {elapsed * 1000:7.1f} ms, loop stall {stall * 1000:5.1f} ms: {outcome}{flag}", flush=True)
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    from editorial_ai.llm.structured import REPAIR_TIMEOUT_S

    parser.add_argument("--limit-ms", type=float, default=REPAIR_TIMEOUT_S * 1000 + 100,
                        help="time allowed per output")
    parser.add_argument("--stall-ms", type=float, default=100.0, help="longest tolerated event-loop stall")
    args = parser.parse_args()
    totals = asyncio.run(run(args.limit_ms, args.stall_ms))
    print(json.dumps(totals))
    emit({"check": "hostile_output", "limit_ms": args.limit_ms, **totals})
    return 1 if totals["crashes"] or totals["hangs"] else 0


if __name__ == "__main__":
    sys.exit(main())
