"""Start queued items at once: arq polls its queue, so a worker is woken by a Redis message instead.

arq has no blocking pop; an idle worker finds a new item at its next poll. Polling often enough to start items in
a few milliseconds costs idle CPU on every worker, and waiting for the poll was about half of the queue's own
cost per run (`editorial-ai bench scale`). Every enqueue publishes on the database's wake-up channel (queue.py);
each worker listens on a connection of its own and runs one poll iteration when a message arrives, draining
messages that came meanwhile so a burst of enqueues costs one poll. The regular poll stays as the fallback for a
lost message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from arq.worker import Worker
from redis.asyncio import Redis
from redis.exceptions import RedisError

from editorial_ai.worker.queue import wake_channel

logger = logging.getLogger(__name__)


class WakeableWorker(Worker):
    """arq's worker whose poll iteration can also be run on demand (`wake`), never two at once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._polling = asyncio.Lock()
        self.wakeups = 0

    async def _poll_iteration(self) -> None:
        async with self._polling:
            await super()._poll_iteration()

    async def wake(self) -> bool:
        """Poll now; False while the worker has not connected yet (its own loop will poll once it has)."""
        if self._pool is None:
            return False
        self.wakeups += 1
        await self._poll_iteration()
        return True


async def listen_for_wakeups(url: str, worker: WakeableWorker, *, retry_s: float = 1.0) -> None:
    """Wake `worker` on every message on the database's wake-up channel until cancelled; reconnect after Redis
    errors (the poll carries on meanwhile)."""
    while True:
        client = Redis.from_url(url)
        pubsub = client.pubsub()
        try:
            await pubsub.subscribe(wake_channel(url))
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=5.0)
                if message is None:
                    continue
                while await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.0) is not None:
                    pass  # enqueues that arrived meanwhile: one poll starts them all
                try:
                    await worker.wake()
                except (RedisError, OSError):
                    raise
                except Exception:  # an item's own failure, surfaced by the poll: the item's log has it
                    logger.exception("a poll on wake-up failed")
        except (RedisError, OSError) as exc:
            logger.debug("wake-up channel unavailable (%s); polling only, retrying in %.1f s", exc, retry_s)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            with contextlib.suppress(Exception):
                await client.aclose()
        await asyncio.sleep(retry_s)
