"""`register_new`, the atomic insert behind idempotent triggers: of many racing calls for one thread, exactly one
creates the run; the others read back the first request, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

from editorial_ai.store.runs import RunStore


async def test_one_of_many_racing_registrations_creates_the_run(runs: RunStore) -> None:
    payload = {"curation_input": {"seed_keyword": "Jennie Effect"}}
    results = await asyncio.gather(*(runs.register_new("t-idem", "start", keyword="Jennie Effect",
                                                        content_type="fashion_magazine", payload=payload)
                                     for _ in range(12)))
    assert sum(r is None for r in results) == 1
    assert all(r == {"keyword": "Jennie Effect", "content_type": "fashion_magazine", "payload": payload}
               for r in results if r is not None)
    rows, total = await runs.list()
    assert total == 1 and rows[0]["status"] == "queued" and rows[0]["seq"] == 1
