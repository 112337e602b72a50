"""`CatalogRepository` reading posts, spots and solutions from Supabase through its PostgREST API.

Read-only: the catalog is owned by the Supabase project; editorial contents and the decision log stay in
PostgreSQL (DATABASE_URL) or the embedded SQLite database. Requests authenticate with the service-role key
(`apikey` and `Authorization: Bearer` headers), which bypasses row level security, so the key must stay
server-side.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from typing import Any

import httpx

from editorial_ai.config import ConfigError
from editorial_ai.models.catalog import CatalogPost, Product
from editorial_ai.store.catalog import ENTITY_KINDS

POST_COLUMNS = ("id", "image_url", "artist_name", "group_name", "title", "context", "view_count", "status",
                "created_at")  # fmt: skip
SEARCH_COLUMNS = ("artist_name", "group_name", "context", "title")
_TABLES = ("posts", "solutions", "spots", "artists", "brands")
_OFFLINE = "or unset SUPABASE_URL to use the embedded SQLite catalog"


class SupabaseError(ConfigError):
    """Supabase could not be reached or refused a request; the message names the fix."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


def quote_value(value: str) -> str:
    """A PostgREST filter value in double quotes, so `,.:()` in it are not read as query syntax."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ilike_pattern(term: str) -> str:
    """A PostgREST `ilike` pattern matching `term` anywhere, with LIKE's `%`, `_` and `\\` escaped.

    PostgREST turns every `*` into `%`, so a literal `*` cannot be expressed; it becomes `_` (any one
    character) and `SupabaseCatalogRepository.search_posts` drops rows that only matched through it.
    """
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_").replace("*", "_")
    return quote_value(f"*{escaped}*")


def _fold(value: Any) -> str:
    return unicodedata.normalize("NFKC", str(value or "")).casefold()


def _error_message(response: httpx.Response) -> str:
    try:
        body = response.json()
    except ValueError:
        return response.text.strip()[:200] or response.reason_phrase
    if isinstance(body, dict):
        parts = [str(body[k]) for k in ("code", "message", "hint") if body.get(k)]
        return " - ".join(parts) or json.dumps(body)[:200]
    return json.dumps(body)[:200]


class SupabaseCatalogRepository:
    """`CatalogRepository` over Supabase's REST API; every call uses a short-lived HTTP client."""

    def __init__(self, url: str, service_role_key: str, *, timeout_s: float = 15.0, page_size: int = 1000,
                 id_chunk: int = 100, transport: httpx.AsyncBaseTransport | None = None) -> None:
        """`url` is the project URL (https://<ref>.supabase.co); `transport` replaces the network (for tests)."""
        url = url.strip().rstrip("/")
        if not url.startswith(("http://", "https://")):
            raise ConfigError(f"SUPABASE_URL must look like https://<project>.supabase.co (got {url!r}); {_OFFLINE}")
        if not service_role_key:
            raise ConfigError(f"SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is empty: set it, {_OFFLINE}")
        self.rest_url = url if url.endswith("/rest/v1") else f"{url}/rest/v1"
        self._headers = {"apikey": service_role_key, "Authorization": f"Bearer {service_role_key}",
                         "Accept": "application/json"}  # fmt: skip
        self._timeout = timeout_s
        self._page_size = page_size
        self._id_chunk = id_chunk
        self._transport = transport

    def _client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.rest_url, headers=self._headers, timeout=self._timeout,
                                 transport=self._transport)  # fmt: skip

    async def _get(self, client: httpx.AsyncClient, table: str, params: list[tuple[str, str]],
                   headers: dict[str, str] | None = None) -> httpx.Response:
        try:
            response = await client.get(f"/{table}", params=tuple(params), headers=headers)
        except httpx.TransportError as exc:
            raise SupabaseError(
                f"cannot reach Supabase at {self.rest_url} ({type(exc).__name__}: {exc}): check SUPABASE_URL "
                f"and the network, {_OFFLINE}"
            ) from exc
        if response.is_success:
            return response
        status, detail = response.status_code, _error_message(response)
        if status in (401, 403):
            fix = ("check SUPABASE_SERVICE_ROLE_KEY (the service_role key under Project Settings > API, not the "
                   f"anon key), {_OFFLINE}")  # fmt: skip
            raise SupabaseError(f"Supabase refused to read {table!r} (HTTP {status}: {detail}): {fix}", status=status)
        if status == 404:
            raise SupabaseError(
                f"Supabase has no readable table {table!r} (HTTP 404: {detail}): check that SUPABASE_URL is the "
                f"project holding the catalog (posts, spots, solutions, artists, brands), {_OFFLINE}",
                status=status,
            )
        if status == 400:
            raise SupabaseError(
                f"Supabase rejected the query on {table!r} (HTTP 400: {detail}): the table lacks a column the "
                f"catalog needs (see docs/storage.md), {_OFFLINE}",
                status=status,
            )
        raise SupabaseError(f"Supabase answered HTTP {status} for {table!r} ({detail}): retry later, {_OFFLINE}",
                            status=status)

    async def _rows(self, client: httpx.AsyncClient, table: str, params: list[tuple[str, str]]) -> list[Any]:
        response = await self._get(client, table, params)
        try:
            rows = response.json()
        except ValueError as exc:
            raise SupabaseError(f"Supabase answered {table!r} with a non-JSON body: check SUPABASE_URL, "
                                f"{_OFFLINE}") from exc  # fmt: skip
        if not isinstance(rows, list):
            raise SupabaseError(f"Supabase answered {table!r} with {type(rows).__name__}, not a list of rows")
        return rows

    async def _all_rows(self, client: httpx.AsyncClient, table: str, params: list[tuple[str, str]]) -> list[Any]:
        """Every matching row, paged in id order; reads until an empty page, so a server-side row cap
        (Supabase's "max rows", 1000 by default) cannot silently truncate the answer."""
        rows: list[Any] = []
        while True:
            page = await self._rows(client, table, [*params, ("order", "id.asc"), ("limit", str(self._page_size)),
                                                    ("offset", str(len(rows)))])  # fmt: skip
            if not page:
                return rows
            rows.extend(page)

    async def initialize(self) -> None:
        """Fail fast with the fix when the project, key or posts table is wrong (the catalog is never written)."""
        async with self._client() as client:
            await self._rows(client, "posts", [("select", "id"), ("limit", "1")])

    async def search_posts(self, term: str, limit: int = 5) -> list[CatalogPost]:
        """See `CatalogRepository.search_posts`; `%`, `_` and `*` in `term` match literally."""
        if limit <= 0:
            return []
        needle = unicodedata.normalize("NFKC", term.strip())
        pattern = ilike_pattern(needle)
        params = [
            ("select", ",".join(POST_COLUMNS)),
            ("or", "(" + ",".join(f"{col}.ilike.{pattern}" for col in SEARCH_COLUMNS) + ")"),
            ("status", "eq.active"),
            ("order", "view_count.desc,id.asc"),
            ("limit", str(limit)),
        ]
        async with self._client() as client:
            by_product = await self._posts_by_product(client, needle, limit)
            rows = await self._rows(client, "posts", params)
        posts = [{col: row.get(col) for col in POST_COLUMNS} for row in rows]
        if "*" in needle:  # `*` was sent as `_`: keep only rows holding the term itself
            folded = needle.casefold()
            posts = [p for p in posts if any(folded in _fold(p[col]) for col in SEARCH_COLUMNS)]
        merged = {str(p["id"]): p for p in [*posts, *by_product]}
        ordered = sorted(merged.values(), key=lambda p: (-int(p.get("view_count") or 0), str(p["id"])))
        return [CatalogPost.model_validate(p) for p in ordered[:limit]]

    async def _posts_by_product(self, client: httpx.AsyncClient, needle: str, limit: int) -> list[dict[str, Any]]:
        """Active posts on which a product whose name, brand or trend tag contains `needle` is spotted."""
        pattern = ilike_pattern(needle)
        found = await self._all_rows(client, "solutions", [
            ("select", "id,title,brand,metadata"),
            ("or", f"(title.ilike.{pattern},brand.ilike.{pattern},metadata->>keywords.ilike.{pattern})"),
        ])  # fmt: skip
        folded = _fold(needle)
        # The tag filter matched the keywords array as text: keep products holding the term in one field.
        ids = [str(s["id"]) for s in found if any(folded in _fold(v) for v in self._search_fields(s))]
        post_ids: list[str] = []
        for start in range(0, len(ids), self._id_chunk):
            chunk = ",".join(quote_value(i) for i in ids[start : start + self._id_chunk])
            spots = await self._all_rows(client, "spots", [("select", "id,post_id"), ("solution_id", f"in.({chunk})")])
            post_ids += [str(s["post_id"]) for s in spots if str(s.get("post_id")) not in post_ids]
        posts: list[dict[str, Any]] = []
        for start in range(0, len(post_ids), self._id_chunk):
            chunk = ",".join(quote_value(i) for i in post_ids[start : start + self._id_chunk])
            rows = await self._rows(client, "posts", [("select", ",".join(POST_COLUMNS)), ("id", f"in.({chunk})"),
                                                      ("status", "eq.active"), ("order", "view_count.desc,id.asc"),
                                                      ("limit", str(limit))])  # fmt: skip
            posts += [{col: row.get(col) for col in POST_COLUMNS} for row in rows]
        return posts

    @staticmethod
    def _search_fields(solution: dict[str, Any]) -> list[str]:
        metadata = solution.get("metadata") or {}
        if isinstance(metadata, str):
            metadata = json.loads(metadata or "{}")
        keywords = metadata.get("keywords") if isinstance(metadata, dict) else None
        return [str(solution.get("title") or ""), str(solution.get("brand") or ""),
                *(str(k) for k in keywords or [] if isinstance(k, str))]  # fmt: skip

    async def solutions_for_posts(self, post_ids: list[str]) -> dict[str, list[Product]]:
        """See `CatalogRepository.solutions_for_posts`; spots in id order, duplicates dropped."""
        ids = list(dict.fromkeys(post_ids))
        result: dict[str, list[Product]] = {pid: [] for pid in ids}
        seen: set[tuple[str, str]] = set()
        async with self._client() as client:
            for start in range(0, len(ids), self._id_chunk):
                chunk = ids[start : start + self._id_chunk]
                params = [("select", "post_id,solution_id,solutions(*)"),
                          ("post_id", "in.(" + ",".join(quote_value(i) for i in chunk) + ")")]  # fmt: skip
                for spot in await self._all_rows(client, "spots", params):
                    post_id = spot.get("post_id")
                    if post_id not in result:
                        continue
                    for solution in self._embedded(spot.get("solutions")):
                        key = (post_id, str(solution.get("id")))
                        if key not in seen:
                            seen.add(key)
                            result[post_id].append(self._solution(solution))
        return result

    @staticmethod
    def _embedded(value: Any) -> Iterable[dict[str, Any]]:
        """The solution(s) embedded in a spot: an object for the many-to-one join, tolerated as a list."""
        if isinstance(value, dict):
            return [value]
        if isinstance(value, list):
            return [v for v in value if isinstance(v, dict)]
        return []  # null: the solution is missing or hidden from this key

    @staticmethod
    def _solution(row: dict[str, Any]) -> Product:
        return Product(solution_id=str(row["id"]), title=row.get("title") or "", brand=row.get("brand") or "",
                       thumbnail_url=row.get("thumbnail_url") or "", metadata=row.get("metadata") or {},
                       link_type=row.get("link_type") or "direct", price_krw=row.get("price_krw"))

    async def known_entities(self) -> dict[str, set[str]]:
        """See `CatalogRepository.known_entities`; empty names are left out."""
        async with self._client() as client:
            artists = await self._all_rows(client, "artists", [("select", "id,name,group_name")])
            brands = await self._all_rows(client, "brands", [("select", "id,name")])
            posts = await self._all_rows(client, "posts", [("select", "id,artist_name,group_name")])
            solutions = await self._all_rows(client, "solutions", [("select", "id,title,brand")])
        names = {
            "artists": [a.get("name") for a in artists] + [p.get("artist_name") for p in posts],
            "groups": [a.get("group_name") for a in artists] + [p.get("group_name") for p in posts],
            "brands": [b.get("name") for b in brands] + [s.get("brand") for s in solutions],
            "products": [s.get("title") for s in solutions],
        }
        return {kind: {n for n in names[kind] if isinstance(n, str) and n.strip()} for kind in ENTITY_KINDS}

    async def vocabulary(self) -> dict[str, set[str]]:
        """See `CatalogRepository.vocabulary`."""
        result = await self.known_entities()
        async with self._client() as client:
            solutions = await self._all_rows(client, "solutions", [("select", "id,metadata")])
            posts = await self._all_rows(client, "posts", [("select", "id,context"), ("status", "eq.active")])
        result["tags"] = {t for s in solutions for t in self._search_fields(s)[2:] if t.strip()}
        result["contexts"] = {p["context"] for p in posts if isinstance(p.get("context"), str) and p["context"].strip()}
        return result

    async def counts(self) -> dict[str, int]:
        """See `CatalogRepository.counts` (exact counts from PostgREST's Content-Range header)."""
        result: dict[str, int] = {}
        async with self._client() as client:
            for table in _TABLES:
                response = await self._get(client, table, [("select", "id"), ("limit", "1")],
                                           headers={"Prefer": "count=exact"})
                total = response.headers.get("content-range", "").rpartition("/")[2]
                if not total.isdigit():
                    raise SupabaseError(f"Supabase gave no row count for {table!r} (Content-Range "
                                        f"{response.headers.get('content-range')!r})")  # fmt: skip
                result[table] = int(total)
        return result
