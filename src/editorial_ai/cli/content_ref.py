"""Content ids as typed by a person: the full id, or any unambiguous prefix of it (`editorial-ai approve 3f2a`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the CLI loads this at start-up: the model's module only when a command reads a content
    from editorial_ai.models.content_record import ContentRecord

SHORT_ID = 8  # characters of an id shown in tables; enough to be unambiguous in any realistic queue
_MAX_LISTED = 10


class AmbiguousIdError(ValueError):
    """A prefix that matches several contents; the message lists them."""


class UnknownIdError(ValueError):
    """No content has this id or prefix."""


class _Ids(Protocol):
    async def get(self, content_id: str) -> ContentRecord | None: ...
    async def ids_starting_with(self, prefix: str, limit: int = 10) -> list[str]: ...


async def resolve_content_id(contents: _Ids, reference: str) -> str:
    """The full content id `reference` names: itself when it exists, else the one id it begins."""
    reference = reference.strip()
    if not reference:
        raise UnknownIdError("empty content id; see `editorial-ai contents list`")
    if await contents.get(reference) is not None:
        return reference
    matches = await contents.ids_starting_with(reference, limit=_MAX_LISTED + 1)
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise UnknownIdError(f"no content with id {reference!r}; see `editorial-ai contents list`")
    listed = ", ".join(matches[:_MAX_LISTED]) + (" and more" if len(matches) > _MAX_LISTED else "")
    raise AmbiguousIdError(
        f"content id prefix {reference!r} matches several contents: {listed}; type more characters of the id"
    )
