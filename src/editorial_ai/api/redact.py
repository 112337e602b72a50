"""What clients may see of an error: our own words, never a provider's response body or an exception's text.

Provider errors quote the upstream answer after their status code: `... rejected the request (400): <body>;
check ...`. That body can hold anything the upstream chose to say (or, for a hostile endpoint, anything it
was sent), so clients get the message with the body replaced by a correlation id, and the server log gets
the full text under the same id. The id is derived from the text, so a status polled twice shows the same id
and the log line is written once.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections import OrderedDict

logger = logging.getLogger("editorial_ai.api")

# `(<3-digit status>): <upstream detail>` up to the fix we append (`; check ...`, `; set ...`) or the end.
_UPSTREAM_DETAIL = re.compile(r"\((\d{3})\): .*?(?=; (?:check|set|rephrase|use)\b|$)", re.DOTALL)
# Transport errors quote the exception (URL, proxy, socket text) after this phrase.
_TRANSPORT_DETAIL = re.compile(r"(unreachable or timed out|could not make the request|request failed): .*?"
                               r"(?=; (?:check|set|use)\b|$)", re.DOTALL)
_LOGGED: OrderedDict[str, None] = OrderedDict()
_MAX_LOGGED = 1024


def correlation_id(text: str) -> str:
    """A short stable id for a text (the same error always gets the same id)."""
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:12]


def _log_once(ref: str, text: str) -> None:
    if ref in _LOGGED:
        return
    _LOGGED[ref] = None
    while len(_LOGGED) > _MAX_LOGGED:
        _LOGGED.popitem(last=False)
    logger.warning("error detail withheld from clients [ref %s]: %s", ref, text)


def public_error(text: str) -> str:
    """`text` with any upstream response body or transport detail replaced by `[detail in the server log,
    ref ...]`; unchanged when it carries none."""
    ref = correlation_id(text)
    withheld = f"[detail in the server log, ref {ref}]"
    redacted = _UPSTREAM_DETAIL.sub(lambda m: f"({m.group(1)}) {withheld}", text)
    redacted = _TRANSPORT_DETAIL.sub(lambda m: f"{m.group(1)} {withheld}", redacted)
    if redacted != text:
        _log_once(ref, text)
    return redacted


def internal_error(exc: BaseException, what: str) -> str:
    """A generic message with a correlation id for an unexpected exception; its text goes to the server log."""
    text = f"{type(exc).__name__}: {exc}"
    ref = correlation_id(text)
    _log_once(ref, f"{what}: {text}")
    return f"{what} failed with an internal error [detail in the server log, ref {ref}]"
