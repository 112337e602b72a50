"""Scale-out: runs as work items on a task queue, executed under per-thread leases (docs/scaling.md).

The run registry they lease runs from (one row per thread, its lease and fencing token, the execution log) is a
store: `store/runs.py`, opened by `store.factory.open_run_store`.

* `executor`: advances one thread to its next stop under a lease, heartbeating while it runs.
* `queue`: where work items go: an in-process queue (embedded default) or arq over Redis.
* `sweeper`: re-enqueues runs whose lease expired (a worker or server died) and runs nobody picked up.
* `service`: what the API calls: trigger, decide, retry, list.
"""
