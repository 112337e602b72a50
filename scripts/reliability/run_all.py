"""`make reliability`: every reliability check in turn, then one table of counts; exit 1 when any is above 0.

    python scripts/reliability/run_all.py [--trials 20]

Checks: the API fuzzing script (schemathesis_api.py, when present), racing approvals from several processes,
kill -9 at each step of a decision, pathological model outputs, and the security probes (security_checks.py:
sessions after revocation, secrets leaked to a listener, markup crashes, idempotent triggers duplicated,
contract violations). SQLite always; PostgreSQL too when
DATABASE_URL is set or a server listens on 127.0.0.1:5432. A check that cannot run is listed and counted as
`not run`, never as a pass.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
COUNTS = ("server_errors", "schema_violations", "double_publishes", "lost_events", "duplicate_events",
          "inconsistent_threads", "crashes", "hangs", "not_run")
SECURITY_COUNTS = ("sessions_after_revocation", "secrets_leaked", "markup_crashes", "idempotent_duplicates",
                   "contract_violations", "probes_unanswered")
CHECK_TIMEOUT_S = 1800


def _run(script: str, *args: str) -> tuple[int, str, dict[str, Any] | None, float]:
    """(exit status, output, the RESULT json or None, seconds) of one check, streaming its output."""
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, str(HERE / script), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.append(line)
        if not line.startswith("RESULT "):
            print("  " + line, end="", flush=True)
    try:
        code = proc.wait(timeout=CHECK_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = -9
    results = [json.loads(line[7:]) for line in lines if line.startswith("RESULT ")]
    return code, "".join(lines), (results[-1] if results else None), time.monotonic() - started


def _backend_totals(result: dict[str, Any]) -> dict[str, int]:
    totals = dict.fromkeys(COUNTS, 0)
    for value in result.values():
        if isinstance(value, dict):
            for count in COUNTS:
                totals[count] += int(value.get(count, 0))
            totals["crashes"] += int(value.get("kill_not_reached", 0))
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20, help="racing-approval trials per backend")
    args = parser.parse_args()
    table: dict[str, dict[str, int]] = {}
    notes: list[str] = []

    schemathesis = HERE / "schemathesis_api.py"
    if schemathesis.exists():
        print("== API fuzzing (schemathesis_api.py)", flush=True)
        code, output, result, seconds = _run(schemathesis.name)
        row = dict.fromkeys(COUNTS, 0)
        if result is None:
            found = re.findall(r"(\d+) server errors", output)
            row["server_errors"] = int(found[-1]) if found else 0
            row["crashes"] = int(not found)
        else:
            row.update(server_errors=int(result.get("server_errors", 0)),
                       schema_violations=int(result.get("schema_violations", 0)),
                       not_run=int(result.get("skipped", 0)))
        if code != 0 and not any(row.values()):
            row["crashes"] = 1  # failed without saying why: never a silent pass
        table["api fuzzing"] = row
        notes.append(f"api fuzzing: exit {code} in {seconds:.0f} s"
                     + (f", {result.get('cases')} cases" if result else ""))
    else:
        notes.append("api fuzzing: scripts/reliability/schemathesis_api.py not present, not run")
        table["api fuzzing"] = {**dict.fromkeys(COUNTS, 0), "not_run": 1}

    for label, script, extra in (("decision race", "decision_race.py", ["--trials", str(args.trials)]),
                                 ("kill -9 + resume", "decision_kill.py", []),
                                 ("hostile model output", "hostile_output.py", [])):
        print(f"== {label} ({script})", flush=True)
        code, _output, result, seconds = _run(script, *extra)
        if result is None:
            table[label] = {**dict.fromkeys(COUNTS, 0), "crashes": 1}
            notes.append(f"{label}: no result (exit {code})")
            continue
        totals = _backend_totals(result) if label != "hostile model output" else {
            **dict.fromkeys(COUNTS, 0), "crashes": int(result["crashes"]), "hangs": int(result["hangs"])}
        if code != 0 and not any(totals.values()):
            totals["crashes"] += 1  # failed without saying why: never a silent pass
        table[label] = totals
        skipped = "; ".join(result.get("skipped") or [])
        notes.append(f"{label}: exit {code} in {seconds:.0f} s" + (f" ({skipped})" if skipped else ""))

    print("== security probes (security_checks.py)", flush=True)
    code, _output, result, seconds = _run("security_checks.py")
    security = {name: int((result or {}).get(name, 0)) for name in SECURITY_COUNTS}
    if result is None or (code != 0 and not any(security.values())):
        table["security probes"] = {**dict.fromkeys(COUNTS, 0), "crashes": 1}  # never a silent pass
    notes.append(f"security probes: exit {code} in {seconds:.0f} s; "
                 + ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in security.items()))

    width = max(len(k) for k in table)
    heads = [c.replace("_", " ") for c in COUNTS]
    print("\n" + " " * (width + 2) + "  ".join(f"{h:>{len(h)}s}" for h in heads))
    grand = {c: sum(t[c] for t in table.values()) for c in COUNTS}
    for label, totals in [*table.items(), ("total", grand)]:
        print(f"{label:<{width}}  " + "  ".join(f"{totals[c]:>{len(h)}d}" for c, h in zip(COUNTS, heads, strict=True)))
    for note in notes:
        print(f"- {note}")
    print(", ".join(f"{grand[c]} {c.replace('_', ' ')}" for c in COUNTS))
    print(", ".join(f"{security[c]} {c.replace('_', ' ')}" for c in SECURITY_COUNTS))
    return 1 if any(grand.values()) or any(security.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
