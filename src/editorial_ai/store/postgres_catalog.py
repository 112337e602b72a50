"""PostgreSQL catalog repository: posts, spots and solutions, seeded from the sample catalog."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import psycopg
from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from editorial_ai.models.catalog import CatalogPost, Product
from editorial_ai.store.catalog import fold_text, load_sample_catalog, search_text
from editorial_ai.store.postgres import (
    DEFAULT_SCHEMA,
    PostgresRepositoryBase,
    like_pattern,
    to_timestamp,
)

logger = logging.getLogger(__name__)
_TABLES = ("posts", "solutions", "spots", "artists", "brands")
_POST_COLUMNS = "id, image_url, artist_name, group_name, title, context, view_count, status, created_at"

class PostgresCatalogRepository(PostgresRepositoryBase):
    """`CatalogRepository` over PostgreSQL, seeded once from the shipped sample catalog."""

    def __init__(self, dsn: str, *, schema: str = DEFAULT_SCHEMA, seed: Mapping[str, Any] | None = None) -> None:
        """Use the database at `dsn`, tables in `schema`; `seed` replaces the sample catalog (for tests)."""
        super().__init__(dsn, schema=schema)
        self._seed = seed

    async def initialize(self) -> None:
        """Current tables (see the base class), then the sample catalog seeded once and every post indexed.

        Seeding runs under the per-schema advisory lock, so processes starting together never seed twice.
        """
        await super().initialize()
        async with self._connect() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (self._init_lock_key,))
            cur = await conn.execute(self._sql("SELECT 1 FROM {s}.posts LIMIT 1"))
            if await cur.fetchone() is None:
                await self._insert_seed(conn, self._seed if self._seed is not None else load_sample_catalog())
            cur = await conn.execute(self._sql("SELECT (SELECT COUNT(*) FROM {s}.posts) AS posts, "
                                               "(SELECT COUNT(*) FROM {s}.post_search) AS indexed"))
            counts = await cur.fetchone()
            if counts and counts["posts"] != counts["indexed"]:  # new database, or posts added since indexing
                await self._index_posts(conn)

    async def _index_posts(self, conn: psycopg.AsyncConnection[DictRow]) -> None:
        solutions: dict[str, list[dict[str, Any]]] = {}
        cur = await conn.execute(self._sql("SELECT sp.post_id, so.title, so.brand, so.metadata FROM {s}.spots sp "
                                           "JOIN {s}.solutions so ON so.id = sp.solution_id ORDER BY sp.seq"))
        for row in await cur.fetchall():
            solutions.setdefault(row["post_id"], []).append(row)
        cur = await conn.execute(self._sql("SELECT id, artist_name, group_name, context, title FROM {s}.posts"))
        texts = [(row["id"], search_text(row, solutions.get(row["id"], []))) for row in await cur.fetchall()]
        await conn.execute(self._sql("DELETE FROM {s}.post_search"))
        async with conn.cursor() as insert:
            await insert.executemany(self._sql("INSERT INTO {s}.post_search (post_id, text) VALUES (%s, %s)"), texts)

    async def _insert_seed(self, conn: psycopg.AsyncConnection[DictRow], data: Mapping[str, Any]) -> None:
        async with conn.cursor() as cur:
            await cur.executemany(
                self._sql("INSERT INTO {s}.artists (id, name, group_name) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING"),
                [(a["id"], a["name"], a.get("group_name") or "") for a in data.get("artists", [])],
            )
            await cur.executemany(
                self._sql("INSERT INTO {s}.brands (id, name) VALUES (%s, %s) ON CONFLICT DO NOTHING"),
                [(b["id"], b["name"]) for b in data.get("brands", [])],
            )
            await cur.executemany(
                self._sql(f"INSERT INTO {{s}}.posts ({_POST_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
                          " ON CONFLICT DO NOTHING"),
                [
                    (p["id"], p["image_url"], p["artist_name"], p.get("group_name") or "", p["title"],
                     p.get("context") or "", int(p.get("view_count", 0)), p.get("status", "active"),
                     to_timestamp(p["created_at"]))
                    for p in data.get("posts", [])
                ],
            )  # fmt: skip
            await cur.executemany(
                self._sql("INSERT INTO {s}.solutions (id, title, brand, thumbnail_url, price_krw, metadata,"
                          " link_type) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING"),
                [
                    (s["id"], s["title"], s["brand"], s["thumbnail_url"], s.get("price_krw"),
                     Jsonb(s.get("metadata") or {}), s.get("link_type", "direct"))
                    for s in data.get("solutions", [])
                ],
            )  # fmt: skip
            await cur.executemany(
                self._sql(
                    "INSERT INTO {s}.spots (id, post_id, solution_id, x, y) VALUES (%s, %s, %s, %s, %s)"
                    " ON CONFLICT DO NOTHING"
                ),
                [
                    (s["id"], s["post_id"], s["solution_id"], s["position"]["x"], s["position"]["y"])
                    for s in data.get("spots", [])
                ],
            )

    async def search_posts(self, term: str, limit: int = 5) -> list[CatalogPost]:
        """See `CatalogRepository.search_posts`; `%` and `_` in `term` match literally (trigram index)."""
        return (await self.search_many([term], limit))[0]

    async def search_many(self, terms: list[str], limit: int = 5) -> list[list[CatalogPost]]:
        """`search_posts` for every term, in order, in one round trip: each term's own search (its order and
        limit) runs as a lateral subquery over the terms' patterns. A step searched its terms one query and one
        pooled connection each, about 15% of a queue worker's CPU in `bench scale`."""
        if limit <= 0 or not terms:
            return [[] for _ in terms]
        patterns = [like_pattern(fold_text(term.strip()) or "") for term in terms]
        select = ", ".join(f"p.{col.strip()}" for col in _POST_COLUMNS.split(","))
        query = self._sql(
            "SELECT t.i, found.* FROM unnest(%(patterns)s::text[]) WITH ORDINALITY AS t(pattern, i) "
            f"CROSS JOIN LATERAL (SELECT {select} FROM {{s}}.posts p JOIN {{s}}.post_search s ON s.post_id = p.id "
            "WHERE p.status = 'active' AND s.text LIKE t.pattern ESCAPE '\\' ORDER BY p.view_count DESC, p.id "
            "LIMIT %(limit)s) found ORDER BY t.i, found.view_count DESC, found.id"
        )
        async with self._connect() as conn:
            rows = await (await conn.execute(query, {"patterns": patterns, "limit": limit})).fetchall()
        found: list[list[CatalogPost]] = [[] for _ in terms]
        for row in rows:
            post = dict(row)
            found[int(post.pop("i")) - 1].append(CatalogPost.model_validate(post))
        return found

    async def solutions_for_posts(self, post_ids: list[str]) -> dict[str, list[Product]]:
        """See `CatalogRepository.solutions_for_posts`; order follows the spots, duplicates dropped."""
        ids = list(dict.fromkeys(post_ids))
        result: dict[str, list[Product]] = {pid: [] for pid in ids}
        if not ids:
            return result
        query = self._sql(
            "SELECT sp.post_id, so.id AS solution_id, so.title, so.brand, so.thumbnail_url, so.metadata, "
            "so.link_type, so.price_krw FROM {s}.spots sp JOIN {s}.solutions so ON so.id = sp.solution_id "
            "WHERE sp.post_id = ANY(%s) ORDER BY sp.seq"
        )
        async with self._connect() as conn:
            rows = await (await conn.execute(query, (ids,))).fetchall()
        seen: set[tuple[str, str]] = set()
        for row in rows:
            item = dict(row)
            post_id = item.pop("post_id")
            if (post_id, item["solution_id"]) in seen:
                continue
            seen.add((post_id, item["solution_id"]))
            result[post_id].append(Product.model_validate(item))
        return result

    async def known_entities(self) -> dict[str, set[str]]:
        """See `CatalogRepository.known_entities`; empty names are left out."""
        # One round trip for the four tables (a run asks twice; four queries each were 5% of a worker's CPU).
        query = (
            "SELECT 'artists' AS kind, name FROM {s}.artists UNION SELECT 'artists', artist_name FROM {s}.posts "
            "UNION SELECT 'groups', group_name FROM {s}.artists UNION SELECT 'groups', group_name FROM {s}.posts "
            "UNION SELECT 'brands', name FROM {s}.brands UNION SELECT 'brands', brand FROM {s}.solutions "
            "UNION SELECT 'products', title FROM {s}.solutions"
        )
        result: dict[str, set[str]] = {kind: set() for kind in ("artists", "groups", "brands", "products")}
        async with self._connect() as conn:
            rows = await (await conn.execute(self._sql(query))).fetchall()
        for row in rows:
            if row["name"] and row["name"].strip():
                result[row["kind"]].add(row["name"])
        return result

    async def vocabulary(self) -> dict[str, set[str]]:
        """See `CatalogRepository.vocabulary`."""
        queries = {
            "tags": "SELECT DISTINCT k AS name FROM {s}.solutions so, jsonb_array_elements_text(CASE WHEN "
                    "jsonb_typeof(so.metadata->'keywords') = 'array' THEN so.metadata->'keywords' "
                    "ELSE '[]'::jsonb END) k",
            "contexts": "SELECT DISTINCT context AS name FROM {s}.posts WHERE status = 'active'",
        }
        result = await self.known_entities()
        async with self._connect() as conn:
            for kind, query in queries.items():
                rows = await (await conn.execute(self._sql(query))).fetchall()
                result[kind] = {row["name"] for row in rows if row["name"] and row["name"].strip()}
        return result

    async def counts(self) -> dict[str, int]:
        """See `CatalogRepository.counts`."""
        query = self._sql(" UNION ALL ".join(f"SELECT '{t}' AS name, COUNT(*) AS n FROM {{s}}.{t}" for t in _TABLES))
        async with self._connect() as conn:
            rows = await (await conn.execute(query)).fetchall()
        return {row["name"]: int(row["n"]) for row in rows}
