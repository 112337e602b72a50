"""Scale-out: runs as work items on a task queue, executed under per-thread leases (docs/scaling.md).

* `runstore`: the durable run registry (one row per thread) with its lease and fencing token, and the
  execution log (one row per lease taken), on SQLite or PostgreSQL next to the contents.
* `executor`: advances one thread to its next stop under a lease, heartbeating while it runs.
* `queue`: where work items go: an in-process queue (embedded default) or arq over Redis.
* `sweeper`: re-enqueues runs whose lease expired (a worker or server died) and runs nobody picked up.
* `service`: what the API calls: trigger, decide, retry, list.
"""
