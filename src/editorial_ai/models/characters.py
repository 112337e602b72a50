"""Characters that are never text: removed from model output and catalog search terms before anything uses them.

NUL, the other C0 controls but tab and line breaks, DEL, lone surrogates (what a JSON escape like "\\ud800" decodes
to) and the Unicode noncharacters. PostgreSQL refuses NUL in text, SQLite's FTS5 reads it as the end of a query
("unterminated string"), and neither driver can encode a lone surrogate: one such character in a model's keyword
or title used to fail a whole catalog search or a whole run. Requests from people are refused instead, naming the
character (models/run_request.py `control_character_problem`): there the sender can fix it.
"""

from __future__ import annotations

import re
from typing import Any

_NONCHARACTERS = "".join(f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17))
NOT_TEXT = re.compile(f"[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f\\ud800-\\udfff\\ufdd0-\\ufdef{_NONCHARACTERS}]")


def without_non_characters(value: str) -> str:
    """`value` without the characters that are never text (tab, line breaks and everything printable kept)."""
    return NOT_TEXT.sub("", value) if NOT_TEXT.search(value) else value


def clean_strings(data: Any) -> Any:
    """`data` (freshly parsed JSON, changed in place) with every string, keys included, passed through
    `without_non_characters`. Iterative: any nesting depth json.loads accepted is fine."""
    if isinstance(data, str):
        return without_non_characters(data)
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key in list(node):
                value = node.pop(key)
                node[without_non_characters(key) if isinstance(key, str) else key] = (
                    without_non_characters(value) if isinstance(value, str) else value)
                if isinstance(value, dict | list):
                    stack.append(value)
        elif isinstance(node, list):
            for index, item in enumerate(node):
                if isinstance(item, str):
                    node[index] = without_non_characters(item)
                elif isinstance(item, dict | list):
                    stack.append(item)
    return data
