"""The catalog of posts (celebrities wearing items) and solutions (the products), read by the pipeline.

`SqliteCatalogRepository` is the offline implementation: an embedded SQLite file seeded once from the
fictional sample catalog shipped in `editorial_ai/data/sample_catalog.json`.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from editorial_ai.models.catalog import CatalogPost, Product
from editorial_ai.store.catalog_search import (
    each_search,
    fold_text,
    fts_phrase,
    like_pattern,
    search_terms,
    search_text,
)
from editorial_ai.store.schema_version import ensure_sqlite_schema
from editorial_ai.store.sqlite_pool import SqliteConnectionPool

T = TypeVar("T")

SAMPLE_CATALOG = "sample_catalog.json"
ENTITY_KINDS = ("artists", "groups", "brands", "products")
_TABLES = ("posts", "solutions", "spots", "artists", "brands")
_POST_COLUMNS = "id, image_url, artist_name, group_name, title, context, view_count, status, created_at"
_CHUNK = 500  # stays well below SQLite's bound-parameter limit
# Trigrams index every substring of three characters or more; a shorter term scans the folded texts instead.
MIN_INDEXED_CHARS = 3
# Re-exported: the search helpers used to live here.
__all__ = ["CatalogRepository", "SqliteCatalogRepository", "each_search", "fold_text", "load_sample_catalog",
           "search_terms", "search_text"]  # fmt: skip



def _posts(rows: Iterable[sqlite3.Row]) -> list[CatalogPost]:
    return [CatalogPost.model_validate(dict(row)) for row in rows]


@runtime_checkable
class CatalogRepository(Protocol):
    """Read access to the post/solution catalog."""

    async def search_posts(self, term: str, limit: int = 5) -> list[CatalogPost]:
        """Active posts whose artist, group, context or title contains `term` (case-insensitive), or on which a
        product is spotted whose name, brand or trend tag (metadata keywords) contains it.

        Ordered by view_count descending, at most `limit` rows.
        """
        ...

    async def solutions_for_posts(self, post_ids: list[str]) -> dict[str, list[Product]]:
        """Solutions spotted on each post, keyed by post id (every requested id, possibly empty).

        """
        ...

    async def known_entities(self) -> dict[str, set[str]]:
        """Every artist, group, brand and product name in the catalog (keys: `ENTITY_KINDS`)."""
        ...

    async def counts(self) -> dict[str, int]:
        """Row counts of posts, solutions, spots, artists and brands."""
        ...

    async def vocabulary(self) -> dict[str, set[str]]:
        """What a keyword can match: trend `tags`, `contexts` (scenes), `artists`, `groups`, `brands`, `products`."""
        ...


class InitializableCatalog(CatalogRepository, Protocol):
    """A catalog repository that can create (and seed) or verify its tables before first use."""

    async def initialize(self) -> None: ...


def load_sample_catalog() -> dict[str, Any]:
    """The fictional sample catalog shipped with the package."""
    text = resources.files("editorial_ai.data").joinpath(SAMPLE_CATALOG).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


class SqliteCatalogRepository:
    """`CatalogRepository` over a SQLite file; queries run in a worker thread on pooled connections."""

    def __init__(self, db_path: Path, *, seed: Mapping[str, Any] | None = None) -> None:
        """Use `db_path`; `seed` replaces the shipped sample catalog as initial data (for tests)."""
        self.db_path = Path(db_path)
        self._seed = seed
        self._pool = SqliteConnectionPool(self.db_path)
        self._fts = True  # cleared when this SQLite build lacks FTS5 trigrams: searches then scan the texts

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._pool.connection() as conn:
            yield conn

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        def call() -> T:
            with self._connect() as conn:
                return fn(conn)

        return await asyncio.to_thread(call)

    def close(self) -> None:
        """Close pooled connections (the repository stays usable: new ones open on demand)."""
        self._pool.close()

    async def initialize(self) -> None:
        """Create the tables if missing and seed them once; idempotent and safe across processes."""
        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        await self._run(self._initialize)

    def _initialize(self, conn: sqlite3.Connection) -> None:
        ensure_sqlite_schema(conn, self.db_path)  # tables from the versioned migrations
        # The migrations create the trigram table only where this SQLite build has the tokenizer (3.34+).
        self._fts = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'post_fts'").fetchall() != []
        conn.execute("BEGIN IMMEDIATE")  # one writer at a time: a second initializer waits, then sees rows
        try:
            if conn.execute("SELECT 1 FROM posts LIMIT 1").fetchone() is None:
                self._insert_seed(conn, self._seed if self._seed is not None else load_sample_catalog())
            posts, indexed = conn.execute("SELECT (SELECT COUNT(*) FROM posts), (SELECT COUNT(*) FROM post_search)"
                                          ).fetchone()  # fmt: skip
            in_fts = conn.execute("SELECT COUNT(*) FROM post_fts").fetchone()[0] if self._fts else posts
            if posts != indexed or posts != in_fts:  # new database, or posts added since indexing
                self._index_posts(conn, fts=self._fts)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    @staticmethod
    def _insert_seed(conn: sqlite3.Connection, data: Mapping[str, Any]) -> None:
        conn.executemany(
            "INSERT OR IGNORE INTO artists (id, name, group_name) VALUES (?, ?, ?)",
            [(a["id"], a["name"], a.get("group_name") or "") for a in data.get("artists", [])],
        )
        conn.executemany(
            "INSERT OR IGNORE INTO brands (id, name) VALUES (?, ?)",
            [(b["id"], b["name"]) for b in data.get("brands", [])],
        )
        conn.executemany(
            f"INSERT OR IGNORE INTO posts ({_POST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (p["id"], p["image_url"], p["artist_name"], p.get("group_name") or "", p["title"],
                 p.get("context") or "", int(p.get("view_count", 0)), p.get("status", "active"),
                 p["created_at"])
                for p in data.get("posts", [])
            ],
        )  # fmt: skip
        conn.executemany(
            "INSERT OR IGNORE INTO solutions (id, title, brand, thumbnail_url, price_krw, metadata,"
            " link_type) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (s["id"], s["title"], s["brand"], s["thumbnail_url"], s.get("price_krw"),
                 json.dumps(s.get("metadata") or {}, ensure_ascii=False), s.get("link_type", "direct"))
                for s in data.get("solutions", [])
            ],
        )  # fmt: skip
        conn.executemany(
            "INSERT OR IGNORE INTO spots (id, post_id, solution_id, x, y) VALUES (?, ?, ?, ?, ?)",
            [
                (s["id"], s["post_id"], s["solution_id"], s["position"]["x"], s["position"]["y"])
                for s in data.get("spots", [])
            ],
        )

    @staticmethod
    def _index_posts(conn: sqlite3.Connection, *, fts: bool) -> None:
        solutions: dict[str, list[dict[str, Any]]] = {}
        for row in conn.execute(
            "SELECT sp.post_id, so.title, so.brand, so.metadata FROM spots sp "
            "JOIN solutions so ON so.id = sp.solution_id"
        ):
            solutions.setdefault(row["post_id"], []).append(dict(row))
        texts = [(row["id"], search_text(dict(row), solutions.get(row["id"], [])))
                 for row in conn.execute("SELECT id, artist_name, group_name, context, title FROM posts")]  # fmt: skip
        conn.execute("DELETE FROM post_search")
        conn.executemany("INSERT INTO post_search (post_id, text) VALUES (?, ?)", texts)
        if fts:
            conn.execute("DELETE FROM post_fts")
            conn.executemany("INSERT INTO post_fts (post_id, text) VALUES (?, ?)", texts)

    async def search_posts(self, term: str, limit: int = 5) -> list[CatalogPost]:
        """See `CatalogRepository.search_posts`; `%` and `_` in `term` match literally.

        A term of three characters or more is looked up in the trigram index; a shorter one (a two-syllable
        Korean name, "V") scans the folded texts, which gives the same rows.
        """
        return (await self.search_many([term], limit))[0]

    async def search_many(self, terms: list[str], limit: int = 5) -> list[list[CatalogPost]]:
        """`search_posts` for every term, in order, in one trip to the database thread."""
        if limit <= 0:
            return [[] for _ in terms]
        return await self._run(lambda conn: [self._search(conn, term, limit) for term in terms])

    def _search(self, conn: sqlite3.Connection, term: str, limit: int) -> list[CatalogPost]:
        folded = fold_text(term.strip()) or ""
        columns = ", ".join(f"p.{col.strip()}" for col in _POST_COLUMNS.split(","))
        order = "ORDER BY p.view_count DESC, p.id LIMIT ?"
        if self._fts and len(folded) >= MIN_INDEXED_CHARS:
            indexed = (
                f"SELECT {columns} FROM post_fts f JOIN posts p ON p.id = f.post_id "
                f"WHERE post_fts MATCH ? AND p.status = 'active' {order}"
            )
            try:
                return _posts(conn.execute(indexed, (fts_phrase(folded), limit)))
            except sqlite3.OperationalError as exc:
                if "fts5" in str(exc) or "unterminated" in str(exc):
                    pass  # a term the index cannot parse: this term alone is scanned, the others keep the index
                elif "post_fts" in str(exc):
                    # A database indexed by an older version, not initialized here: scan until initialize() runs.
                    self._fts = False
                else:
                    raise
        scan = (
            f"SELECT {columns} FROM posts p JOIN post_search s ON s.post_id = p.id "
            f"WHERE p.status = 'active' AND s.text LIKE ? ESCAPE '\\' {order}"
        )
        return _posts(conn.execute(scan, (like_pattern(folded), limit)))

    async def solutions_for_posts(self, post_ids: list[str]) -> dict[str, list[Product]]:
        """See `CatalogRepository.solutions_for_posts`; order follows the spots, duplicates dropped."""
        ids = list(dict.fromkeys(post_ids))

        def query(conn: sqlite3.Connection) -> dict[str, list[Product]]:
            result: dict[str, list[Product]] = {pid: [] for pid in ids}
            seen: set[tuple[str, str]] = set()
            for start in range(0, len(ids), _CHUNK):
                chunk = ids[start : start + _CHUNK]
                rows = conn.execute(
                    "SELECT sp.post_id, so.id AS solution_id, so.title, so.brand, so.thumbnail_url, "
                    "so.metadata, so.link_type, so.price_krw FROM spots sp JOIN solutions so ON so.id = sp.solution_id "
                    f"WHERE sp.post_id IN ({', '.join('?' * len(chunk))}) ORDER BY sp.rowid",
                    chunk,
                )
                for row in rows:
                    key = (row["post_id"], row["solution_id"])
                    if key in seen:
                        continue
                    seen.add(key)
                    item = dict(row)
                    result[item.pop("post_id")].append(Product.model_validate(item))
            return result

        return await self._run(query)

    async def known_entities(self) -> dict[str, set[str]]:
        """See `CatalogRepository.known_entities`; empty names are left out."""
        queries = {
            "artists": "SELECT name FROM artists UNION SELECT artist_name FROM posts",
            "groups": "SELECT group_name FROM artists UNION SELECT group_name FROM posts",
            "brands": "SELECT name FROM brands UNION SELECT brand FROM solutions",
            "products": "SELECT title FROM solutions",
        }

        def query(conn: sqlite3.Connection) -> dict[str, set[str]]:
            return {
                kind: {row[0] for row in conn.execute(sql) if row[0] and row[0].strip()}
                for kind, sql in queries.items()
            }

        return await self._run(query)

    async def vocabulary(self) -> dict[str, set[str]]:
        """See `CatalogRepository.vocabulary`."""
        queries = {
            "tags": "SELECT DISTINCT k.value FROM solutions, json_each(solutions.metadata, '$.keywords') k "
                    "WHERE k.type = 'text'",
            "contexts": "SELECT DISTINCT context FROM posts WHERE status = 'active'",
        }

        def query(conn: sqlite3.Connection) -> dict[str, set[str]]:
            return {kind: {row[0] for row in conn.execute(sql) if row[0] and row[0].strip()}
                    for kind, sql in queries.items()}  # fmt: skip

        return {**await self.known_entities(), **await self._run(query)}

    async def counts(self) -> dict[str, int]:
        """See `CatalogRepository.counts`."""

        def query(conn: sqlite3.Connection) -> dict[str, int]:
            return {table: conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in _TABLES}

        return await self._run(query)
