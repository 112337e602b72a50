"""Named reviewers and their keys, kept in a JSON file with only scrypt hashes of the keys.

A key reads `ea_<key id>_<secret>`: the key id (public) finds the reviewer, so a login costs one scrypt check
whatever the number of reviewers; the secret never touches the disk. The file (EDITORIAL_AI_REVIEWERS_FILE,
default `<data dir>/reviewers.json`) is written atomically with owner-only permissions. ADMIN_API_KEY is not in
it: that key stays the admin's, recorded as "admin".
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import secrets
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

ADMIN_NAME = "admin"
KEY_PREFIX = "ea_"
# What a key may do, weakest first: a viewer reads; an editor also decides, edits and comments; an admin also
# starts, retries and revises runs. ADMIN_API_KEY is always "admin"; a reviewer is "editor" unless told.
ROLES = ("viewer", "editor", "admin")
DEFAULT_ROLE = "editor"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$")
_KEY = re.compile(r"^ea_([0-9a-f]{8})_([A-Za-z0-9_-]{20,80})$")
# scrypt cost: ~50 ms per check on one core; an offline guess of a 32-byte random secret is hopeless anyway.
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**14, 8, 1


class ReviewerError(ValueError):
    """A reviewer name or file that cannot be used; the message names the fix."""


@dataclass(frozen=True)
class Reviewer:
    """One named reviewer: the public key id and the hash of the key's secret (never the key)."""

    name: str
    key_id: str
    key_hash: str
    created_at: str
    role: str = DEFAULT_ROLE  # files written before roles existed hold editors


def check_role(role: str) -> str:
    """A known role, lower-cased; ReviewerError naming the valid ones otherwise."""
    cleaned = role.strip().lower()
    if cleaned not in ROLES:
        raise ReviewerError(f"unknown role {role!r}; use one of {', '.join(ROLES)}")
    return cleaned


def _hash_secret(secret: str, salt: bytes) -> str:
    digest = hashlib.scrypt(secret.encode(), salt=salt, n=_SCRYPT_N, r=_SCRYPT_R, p=_SCRYPT_P, dklen=32)
    encode = base64.urlsafe_b64encode
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${encode(salt).decode()}${encode(digest).decode()}"


def _secret_matches(secret: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.urlsafe_b64decode(digest)
        got = hashlib.scrypt(
            secret.encode(), salt=base64.urlsafe_b64decode(salt), n=int(n), r=int(r), p=int(p), dklen=len(expected)
        )
    except ValueError:
        return False
    return hmac.compare_digest(got, expected)


def check_name(name: str) -> str:
    """A usable reviewer name (trimmed); ReviewerError naming the rule otherwise."""
    cleaned = name.strip()
    if cleaned.lower() == ADMIN_NAME:
        raise ReviewerError('"admin" is the holder of ADMIN_API_KEY; choose another reviewer name')
    if not _NAME.fullmatch(cleaned):
        raise ReviewerError(
            f"reviewer name {name!r} must be 1-64 letters, digits, spaces, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    return cleaned


class ReviewerStore:
    """The reviewers file: add, list, remove, and find the reviewer a presented key belongs to."""

    _lock = threading.Lock()  # one writer at a time within a process; the file swap is atomic across processes

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._verified: dict[str, str] = {}  # sha256 of a key already checked -> name (skips scrypt next time)
        self._loaded_mtime: tuple[int, int] | None = None

    def _read(self) -> list[Reviewer]:
        if not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return [Reviewer(**entry) for entry in data.get("reviewers", [])]
        except (ValueError, TypeError, AttributeError) as exc:
            raise ReviewerError(f"reviewers file {self.path} is not valid ({exc}); fix or remove it") from None

    def _write(self, reviewers: list[Reviewer]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        payload = json.dumps({"reviewers": [asdict(r) for r in reviewers]}, indent=2)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(payload + "\n")
        tmp.replace(self.path)
        self._verified.clear()

    def list(self) -> list[Reviewer]:
        """Every reviewer, in the order they were added."""
        return self._read()

    def find(self, name: str) -> Reviewer | None:
        """The reviewer called `name` (case-insensitive), or None."""
        wanted = name.strip().lower()
        return next((r for r in self._read() if r.name.lower() == wanted), None)

    def add(self, name: str, role: str = DEFAULT_ROLE) -> tuple[Reviewer, str]:
        """A new reviewer and their key; the key is returned once and only its hash is kept."""
        cleaned = check_name(name)
        role = check_role(role)
        with self._lock:
            reviewers = self._read()
            if any(r.name.lower() == cleaned.lower() for r in reviewers):
                raise ReviewerError(f"reviewer {cleaned!r} already exists; remove them first to issue a new key")
            key_id, secret = secrets.token_hex(4), secrets.token_urlsafe(32)
            reviewer = Reviewer(
                cleaned,
                key_id,
                _hash_secret(secret, secrets.token_bytes(16)),
                datetime.now(UTC).isoformat(timespec="seconds"),
                role,
            )
            self._write([*reviewers, reviewer])
        return reviewer, f"{KEY_PREFIX}{key_id}_{secret}"

    def remove(self, name: str) -> bool:
        """Revoke a reviewer's key; False when there is no such reviewer."""
        with self._lock:
            reviewers = self._read()
            kept = [r for r in reviewers if r.name.lower() != name.strip().lower()]
            if len(kept) == len(reviewers):
                return False
            self._write(kept)
        return True

    def authenticate(self, key: str) -> str | None:
        """The name of the reviewer `key` belongs to, or None."""
        match = _KEY.fullmatch(key.strip())
        if match is None:
            return None
        fingerprint = hashlib.sha256(key.encode()).hexdigest()
        stat = self.path.stat() if self.path.exists() else None
        mtime = (stat.st_mtime_ns, stat.st_size) if stat else None
        if mtime != self._loaded_mtime:  # the file changed (a key removed in another process): check again
            self._verified.clear()
            self._loaded_mtime = mtime
        if fingerprint in self._verified:
            return self._verified[fingerprint]
        key_id, secret = match.groups()
        for reviewer in self._read():
            if reviewer.key_id == key_id and _secret_matches(secret, reviewer.key_hash):
                self._verified[fingerprint] = reviewer.name
                return reviewer.name
        return None


_stores: dict[Path, ReviewerStore] = {}


def reviewer_store(path: Path) -> ReviewerStore:
    """One store per file per process, so verified keys are remembered between requests."""
    resolved = Path(path).resolve()
    if resolved not in _stores:
        _stores[resolved] = ReviewerStore(resolved)
    return _stores[resolved]
