"""API and workers as real processes over the local Redis and PostgreSQL, with kills (issue 11's tests).

* 20 runs over 3 workers; one worker SIGKILLed while it holds runs and the API server SIGKILLed once: every run
  reaches the gate, none lost, no duplicate content, no thread executed by two workers at once.
* 100 concurrent approvals of one item through two API processes: exactly one publish.
* Broker down at trigger time: 503 with the fix and nothing written; broker back: work continues.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import signal
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from psycopg import sql

from .conftest import write_slow_scenario
from .processes import Cluster, RedisServer, base_env, free_port, wait_until

pytestmark = pytest.mark.scale

LEASE_S = 3.0
RUNS = 20


@pytest.fixture
def cluster_env(tmp_path: Path, postgres_dsn: str, redis_url: str) -> Iterator[dict[str, str]]:
    import redis

    schema = f"eai_scale_{uuid.uuid4().hex[:10]}"
    redis.Redis.from_url(redis_url).flushdb()
    scenario = write_slow_scenario(tmp_path / "scenarios", 40)
    env = base_env(
        DATABASE_URL=postgres_dsn,
        EDITORIAL_AI_DB_SCHEMA=schema,
        EDITORIAL_AI_BROKER_URL=redis_url,
        EDITORIAL_AI_DATA_DIR=tmp_path / "data",
        EDITORIAL_AI_MODEL=f"scripted:{scenario}",
        EDITORIAL_AI_SCENARIO_DIR=tmp_path / "scenarios",
        EDITORIAL_AI_TEST_MODE="1",
        EDITORIAL_AI_LEASE_SECONDS=LEASE_S,
        EDITORIAL_AI_LOCAL_THREADS="1",
    )
    yield env
    redis.Redis.from_url(redis_url).flushdb()
    with psycopg.connect(postgres_dsn, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


def _query(env: dict[str, str], statement: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(env["EDITORIAL_AI_DB_SCHEMA"])))
        return conn.execute(statement, params).fetchall()  # type: ignore[arg-type]


def _trigger(port: int, keyword: str = "Jennie Effect") -> httpx.Response:
    return httpx.post(f"http://127.0.0.1:{port}/api/pipeline/trigger", json={"seed_keyword": keyword}, timeout=30)


def _runs(port: int) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = httpx.get(f"http://127.0.0.1:{port}/api/runs/?limit=200", timeout=30).json()["items"]
    return items


def _pid_of(worker: str) -> int:
    return int(worker.split("@", 1)[1].split(":")[1])


def assert_no_overlapping_executions(env: dict[str, str]) -> dict[str, list[tuple[Any, ...]]]:
    """From the execution log: per thread, each lease started after the previous one ended, or (a holder that
    died without ending it) after its last heartbeat plus the lease time."""
    rows = _query(
        env,
        "SELECT thread_id, fence, worker, started_at, heartbeat_at, ended_at FROM run_executions"
        " ORDER BY thread_id, fence",
    )
    by_thread: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_thread.setdefault(row[0], []).append(row)
    for thread_id, executions in by_thread.items():
        for before, after in itertools.pairwise(executions):
            free_from = before[5] if before[5] is not None else before[4] + LEASE_S
            assert after[3] >= free_from - 0.05, f"thread {thread_id}: fence {after[1]} overlapped {before[1]}"
    return by_thread


def test_runs_survive_a_killed_worker_and_a_killed_api_server(cluster_env: dict[str, str], tmp_path: Path) -> None:
    cluster = Cluster(cluster_env, tmp_path)
    port = free_port()
    try:
        api = cluster.api(port)
        workers = [cluster.worker(name) for name in ("a", "b", "c")]
        threads = [_trigger(port).json()["thread_id"] for _ in range(RUNS // 2)]
        # Every run is visible from the moment it is triggered.
        assert {r["thread_id"] for r in _runs(port)} == set(threads)
        # SIGKILL a worker while it holds runs.
        holding = wait_until(
            lambda: [r for r in _runs(port) if r["status"] == "running" and r["worker"]], 60, "a worker to hold a run"
        )
        victim = _pid_of(holding[0]["worker"])
        assert victim in {w.pid for w in workers}
        killed_threads = {r["thread_id"] for r in _runs(port) if r["worker"] and _pid_of(r["worker"]) == victim}
        next(w for w in workers if w.pid == victim).send_signal(signal.SIGKILL)
        # SIGKILL the API server, start it again, trigger the other half.
        api.send_signal(signal.SIGKILL)
        api.wait()
        cluster.api(port)
        threads += [_trigger(port).json()["thread_id"] for _ in range(RUNS - len(threads))]

        def all_waiting() -> bool:
            runs = _runs(port)
            return len(runs) == RUNS and all(r["status"] == "waiting" for r in runs)

        wait_until(all_waiting, 240, f"all {RUNS} runs to reach the gate", every_s=1.0)
        contents = _query(cluster_env, "SELECT thread_id, attempt FROM editorial_contents")
        assert sorted(t for t, _ in contents) == sorted(threads)  # 0 lost, 0 duplicate content rows
        assert all(attempt == 1 for _, attempt in contents)
        by_thread = assert_no_overlapping_executions(cluster_env)
        rescued = [t for t in killed_threads if len(by_thread[t]) > 1]
        assert rescued, "the killed worker's runs were finished by another worker"
        for thread_id in rescued:
            assert {_pid_of(e[2]) for e in by_thread[thread_id][1:]} - {victim}
        # The killed worker's presence key runs out on its own (three heartbeat periods); the runs may all reach
        # the gate before it does.
        def health_settled() -> Any:
            queue = httpx.get(f"http://127.0.0.1:{port}/health", timeout=10).json()["queue"]
            return queue if queue["workers"] == 2 and queue["depth"] == 0 else None

        queue = wait_until(health_settled, 60, "/health to count the 2 live workers and an empty queue")
        assert queue["runs"] == {"waiting": RUNS}

        # 100 concurrent approvals of one item through two API processes: one publish.
        second = free_port()
        cluster.api(second)
        content_id = httpx.get(f"http://127.0.0.1:{port}/api/runs/{threads[0]}", timeout=10).json()["content_id"]
        codes = asyncio.run(_approve_concurrently(content_id, [port, second], 100))
        assert codes.count(200) == 1 and codes.count(409) == 99, sorted(set(codes))
        # Approving publishes nothing; 100 concurrent publications then publish once.
        codes = asyncio.run(_approve_concurrently(content_id, [port, second], 100, step="publish"))
        assert codes.count(200) == 1 and codes.count(409) == 99, sorted(set(codes))
        events = _query(cluster_env, "SELECT decision FROM review_events WHERE content_id = %s", content_id)
        assert events == [("approved",), ("publish",)]
        published = list((Path(cluster_env["EDITORIAL_AI_DATA_DIR"]) / "published").glob("*.html"))
        assert [p.stem for p in published] == [content_id]
        log = Path(cluster_env["EDITORIAL_AI_DATA_DIR"]) / "logs" / f"{threads[0]}.jsonl"
        nodes = [json.loads(line).get("node_name") for line in log.read_text().splitlines() if line.strip()]
        assert nodes.count("publish") == 1
    finally:
        cluster.stop()


async def _approve_concurrently(content_id: str, ports: list[int], count: int,
                                step: str = "approve") -> list[int]:
    body = {"confirm": True} if step == "publish" else None
    async with httpx.AsyncClient(timeout=60) as client:
        responses = await asyncio.gather(
            *(
                client.post(f"http://127.0.0.1:{ports[i % len(ports)]}/api/contents/{content_id}/{step}", json=body)
                for i in range(count)
            )
        )
    return [r.status_code for r in responses]


@pytest.mark.skipif(not RedisServer.available(), reason="redis-server is not installed (apt-get install redis-server)")
def test_broker_down_at_trigger_time_is_a_503_and_work_continues_when_it_is_back(
    cluster_env: dict[str, str], tmp_path: Path
) -> None:
    broker = RedisServer(free_port(), tmp_path)
    broker.start()
    env = {**cluster_env, "EDITORIAL_AI_BROKER_URL": f"redis://127.0.0.1:{broker.port}/0"}
    cluster = Cluster(env, tmp_path)
    port = free_port()
    try:
        cluster.api(port)
        cluster.worker("a", concurrency=1)
        broker.stop()
        refused = _trigger(port)
        assert refused.status_code == 503, refused.text
        body = refused.json()
        assert "nothing was started or recorded" in body["detail"] and "start Redis" in body["fix"]
        assert _runs(port) == []  # nothing half-written
        assert _query(env, "SELECT count(*) FROM pipeline_runs") == [(0,)]
        health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=10).json()
        assert health["status"] == "degraded" and health["checks"]["queue"]["ok"] is False
        broker.start()
        started = time.monotonic()
        accepted = wait_until(lambda: (r := _trigger(port)).status_code == 202 and r, 30, "the broker to be back")
        thread_id = accepted.json()["thread_id"]
        wait_until(lambda: _runs(port)[0]["status"] == "waiting", 120, "the run to reach the gate")
        assert time.monotonic() - started < 120
        assert [r["thread_id"] for r in _runs(port)] == [thread_id]
    finally:
        cluster.stop()
        broker.stop()
