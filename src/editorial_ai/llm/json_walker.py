"""Schema-guided JSON generation for base models, one field at a time.

The code writes the JSON syntax (keys, quotes, commas, brackets) and the model only fills values, each
generation ending at a closing quote or delimiter. Output is valid JSON by construction, and it decodes at
unconstrained speed: no grammar is evaluated per token, and the engine reuses the shared prompt prefix.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# complete(text, max_tokens, stop, min_tokens) -> (generated_text, completion_tokens)
# min_tokens asks the engine not to close the value (quote, newline, end of text) before that many tokens.
Completer = Callable[[str, int, list[str], int], tuple[str, int]]
# choose(text, options) -> index of the option the model ranks most likely to come next after `text` (no sampling).
Chooser = Callable[[str, list[str]], int]

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
DEFAULT_STRING_TOKENS = 48
DEFAULT_MAX_ITEMS = 4
MAX_CONTINUATIONS = 2


@dataclass
class WalkStats:
    """What one walk cost."""

    completion_tokens: int = 0
    calls: int = 0
    probes: int = 0
    truncated_fields: list[str] = field(default_factory=list)


class JsonWalker:
    """Walks a Pydantic JSON schema, asking `complete` for each value."""

    def __init__(
        self,
        schema: dict[str, Any],
        complete: Completer,
        *,
        token_budget: int = 1024,
        prefill: dict[str, Any] | None = None,
        choose: Chooser | None = None,
    ) -> None:
        self.schema = schema
        self.defs: dict[str, Any] = schema.get("$defs", {})
        self.complete = complete
        self.budget = token_budget
        self.prefill = prefill or {}
        self.choose = choose
        self.stats = WalkStats()
        self.text = ""

    # --- plumbing -------------------------------------------------------------------------------------
    def _gen(self, max_tokens: int, stop: list[str], min_tokens: int = 0) -> str:
        if self.budget <= 0:
            return ""
        max_tokens = min(max_tokens, self.budget)
        out, used = self.complete(self.text, max_tokens, stop, min(min_tokens, max_tokens))
        self.budget -= max(used, 1)
        self.stats.completion_tokens += used
        self.stats.calls += 1
        return out

    def _resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        if "$ref" in node:
            return self._resolve(self.defs[node["$ref"].split("/")[-1]])
        for key in ("anyOf", "oneOf"):
            if key in node:
                options = [o for o in node[key] if o.get("type") != "null"]
                if options:
                    return self._resolve({**options[0], **{k: v for k, v in node.items() if k not in (key,)}})
        if "allOf" in node and len(node["allOf"]) == 1:
            return self._resolve(node["allOf"][0])
        return node

    # --- values ---------------------------------------------------------------------------------------
    def run(self, prompt: str) -> tuple[str, WalkStats]:
        """Generate a JSON document for the schema after `prompt`; return (json_text, stats)."""
        self.text = prompt.rstrip() + " "
        start = len(self.text)
        self._object(self.schema, self.prefill)
        return self.text[start:], self.stats

    def _value(self, node: dict[str, Any], name: str, prefill: Any = None) -> None:
        node = self._resolve(node)
        if prefill is not None and not isinstance(prefill, dict):
            self.text += json.dumps(prefill, ensure_ascii=False)
            return
        if "enum" in node or "const" in node:
            self._enum(node.get("enum") or [node["const"]], node.get("default"))
            return
        kind = node.get("type")
        if kind == "object":
            self._object(node, prefill if isinstance(prefill, dict) else {})
        elif kind == "array":
            self._array(node, name)
        elif kind == "boolean":
            self._boolean(node)
        elif kind in ("number", "integer"):
            self._number(node, integer=kind == "integer")
        else:
            self._string(node, name)

    def _object(self, node: dict[str, Any], prefill: dict[str, Any]) -> None:
        node = self._resolve(node)
        self.text += "{"
        for i, (key, sub) in enumerate(node.get("properties", {}).items()):
            self.text += ("" if i == 0 else ", ") + json.dumps(key) + ": "
            self._value(sub, key, prefill.get(key))
        self.text += "}"

    def _string(self, node: dict[str, Any], name: str) -> None:
        max_chars = node.get("maxLength")
        max_tokens = min(DEFAULT_STRING_TOKENS * 3, max(4, max_chars // 3)) if max_chars else DEFAULT_STRING_TOKENS
        min_chars = int(node.get("minLength", 0))
        min_tokens = min_chars // 3
        self.text += '"'
        raw = self._gen(max(max_tokens, min_tokens + 4), ['"', "\n"], min_tokens)
        value = raw.replace("\\", "").strip()
        for _ in range(MAX_CONTINUATIONS):
            if len(value) >= min_chars or self.budget <= 0:
                break
            # Too short for the schema: let the model continue the same value instead of failing validation.
            self.text += json.dumps(value + " ", ensure_ascii=False)[1:-1]
            more = self._gen(max_tokens, ['"', "\n"], max(2, (min_chars - len(value)) // 3))
            self.text = self.text[: len(self.text) - len(json.dumps(value + " ", ensure_ascii=False)[1:-1])]
            value = f"{value} {more.replace(chr(92), '').strip()}".strip()
        if max_chars:
            value = value[:max_chars]
        pattern = node.get("pattern")
        if (
            pattern
            and not re.fullmatch(pattern.lstrip("^").rstrip("$"), value)
            and isinstance(node.get("default"), str)
        ):
            value = node["default"]  # a value the schema would reject is replaced by the schema's default
        encoded = json.dumps(value, ensure_ascii=False)[1:]  # keep the opening quote already written
        self.text += encoded
        if len(raw) and self.budget <= 0:
            self.stats.truncated_fields.append(name)

    def _number(self, node: dict[str, Any], *, integer: bool) -> None:
        raw = self._gen(6, [",", "}", "]", "\n"])
        match = _NUMBER.search(raw)
        default = node.get("default", node.get("minimum", 0))
        value: float = float(match.group()) if match else float(default)
        if "minimum" in node:
            value = max(value, node["minimum"])
        if "maximum" in node:
            value = min(value, node["maximum"])
        self.text += str(int(value)) if integer else repr(round(value, 4))

    def _boolean(self, node: dict[str, Any]) -> None:
        raw = self._gen(2, [",", "}", "\n"]).strip().lower()
        if raw.startswith("t"):
            self.text += "true"
        elif raw.startswith("f"):
            self.text += "false"
        else:
            self.text += "true" if node.get("default") is True else "false"

    def _enum(self, options: list[Any], default: Any) -> None:
        if not all(isinstance(o, str) for o in options):
            self.text += json.dumps(default if default in options else options[0])
            return
        self.text += '"'
        raw = self._gen(4, ['"', "\n", ","]).strip().lower()
        choice = next((o for o in options if raw and (o.lower().startswith(raw) or raw.startswith(o.lower()))), None)
        if choice is None:
            choice = default if default in options else options[0]
        self.text += json.dumps(choice)[1:]

    def _array(self, node: dict[str, Any], name: str) -> None:
        items = node.get("items", {})
        min_items = int(node.get("minItems", 0))
        max_items = int(node.get("maxItems", DEFAULT_MAX_ITEMS))
        self.text += "["
        count = 0
        seen: list[str] = []
        while count < max_items and self.budget > 0:
            if count >= min_items and not self._wants_more(count, self._resolve(items)):
                break
            mark = len(self.text)
            if count:
                self.text += ", "
            item_start = len(self.text)
            self._value(items, name)
            item = self.text[item_start:]
            if item in seen and count >= min_items:
                # Small models loop: a repeated item ends the list instead of padding it.
                self.text = self.text[:mark]
                break
            seen.append(item)
            count += 1
        self.text += "]"

    def _wants_more(self, count: int, items: dict[str, Any]) -> bool:
        """Let the model choose between another item and closing the list.

        With a chooser the model's ranking of the next character decides ("," or the item's opening character
        against "]") without decoding a token; otherwise two tokens are sampled and read.
        """
        opener = {"string": '"', "object": "{"}.get(str(items.get("type")), '"' if "enum" in items else None)
        if self.choose is not None and (count or opener):
            self.stats.probes += 1
            return self.choose(self.text, [",", "]"] if count else [opener or "", "]"]) == 0
        probe = self._gen(2, ["\n"]).lstrip()
        if count == 0:
            return not probe.startswith("]")
        return probe.startswith(",")
