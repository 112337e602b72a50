"""Run (thread) ids as typed by a person: the full id, any unambiguous prefix of it (tables show 8 characters), or
a content's id or prefix, which names its run (`status`, `resume` and `logs` take either)."""

from __future__ import annotations

import contextlib
from typing import Any

from editorial_ai.cli.content_ref import AmbiguousIdError, UnknownIdError, resolve_content_id
from editorial_ai.config import Settings

FULL_ID = 36  # characters of a uuid4 thread id
_SCAN = 200  # rows per page when looking for a thread prefix
_MAX_PAGES = 50


async def _registry_threads(settings: Settings, prefix: str) -> set[str]:
    """Threads of the run registry (every run, failed ones too) that begin with `prefix`."""
    from editorial_ai.store.factory import open_run_store

    store = await open_run_store(settings)
    found: set[str] = set()
    try:
        for page in range(_MAX_PAGES):
            rows, total = await store.list(None, _SCAN, page * _SCAN)
            found |= {str(r["thread_id"]) for r in rows if str(r["thread_id"]).startswith(prefix)}
            if (page + 1) * _SCAN >= total:
                break
    finally:
        await store.close()
    return found


async def _content_threads(contents: Any, prefix: str) -> set[str]:
    found: set[str] = set()
    for page in range(_MAX_PAGES):
        rows, total = await contents.list(None, _SCAN, page * _SCAN)
        found |= {r.thread_id for r in rows if r.thread_id.startswith(prefix)}
        if (page + 1) * _SCAN >= total:
            break
    return found


async def resolve_thread_id(settings: Settings, contents: Any, reference: str) -> tuple[str, str | None]:
    """(thread id, content id or None) for a thread id, a thread prefix, or a content id or prefix."""
    reference = reference.strip()
    if not reference:
        raise UnknownIdError("empty run id; `editorial-ai runs list` shows the thread ids")
    item = await contents.get_by_thread(reference)
    if item is not None:
        return reference, item.id
    threads = await _content_threads(contents, reference) | await _registry_threads(settings, reference)
    content_id = None
    with contextlib.suppress(UnknownIdError):  # not a content id: a thread id or prefix only
        content_id = await resolve_content_id(contents, reference)
    if content_id is not None:
        item = await contents.get(content_id)
        threads.add(item.thread_id if item else reference)
    if len(threads) == 1:
        thread_id = next(iter(threads))
        owner = await contents.get_by_thread(thread_id)
        return thread_id, owner.id if owner else None
    if not threads and len(reference) == FULL_ID:
        return reference, None  # a whole id of a run outside the registry (started by code): the pipeline knows it
    if not threads:
        raise UnknownIdError(f"no run or content with id {reference!r}; `editorial-ai runs list` shows the thread "
                             "ids, `editorial-ai contents list` the content ids (either works here)")
    listed = ", ".join(sorted(threads)[:10])
    raise AmbiguousIdError(f"id prefix {reference!r} matches several runs: {listed}; type more characters")
