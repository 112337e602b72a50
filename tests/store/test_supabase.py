"""SupabaseCatalogRepository against a local stand-in for PostgREST that records every query it receives."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from editorial_ai.config import ConfigError, Settings
from editorial_ai.store.catalog import SqliteCatalogRepository
from editorial_ai.store.contents import SqliteContentRepository
from editorial_ai.store.factory import open_stores
from editorial_ai.store.supabase import SupabaseCatalogRepository, SupabaseError, ilike_pattern, quote_value

KEY = "service-role-key-for-tests"

POSTS = [
    {"id": "p1", "image_url": "https://cdn/p1.jpg", "artist_name": "Jennie", "group_name": "BLACKPINK",
     "title": "Jennie at the airport", "context": "airport fashion", "view_count": 900, "status": "active",
     "created_at": "2025-05-01T00:00:00+00:00", "extra_column": "ignored"},
    {"id": "p2", "image_url": "https://cdn/p2.jpg", "artist_name": "Jennie", "group_name": "BLACKPINK",
     "title": "Jennie, street style", "context": "street", "view_count": 500, "status": "active",
     "created_at": "2025-04-01T00:00:00+00:00"},
]  # fmt: skip
SOLUTIONS: dict[str, dict[str, Any]] = {
    "s1": {"id": "s1", "title": "Chanel Classic Flap Bag", "brand": "Chanel", "thumbnail_url": "https://cdn/s1.jpg",
           "price_krw": 100, "metadata": {"keywords": ["bag"]}, "link_type": "affiliate"},
    "s2": {"id": "s2", "title": "Calvin Klein Tee", "brand": "Calvin Klein", "thumbnail_url": "https://cdn/s2.jpg",
           "price_krw": None, "metadata": '{"keywords": ["tee"]}', "link_type": None},
}  # fmt: skip
SPOTS = [
    {"id": "sp1", "post_id": "p1", "solution_id": "s1"},
    {"id": "sp2", "post_id": "p1", "solution_id": "s2"},
    {"id": "sp3", "post_id": "p1", "solution_id": "s1"},  # the same product spotted twice on one post
    {"id": "sp4", "post_id": "p2", "solution_id": "s2"},
    {"id": "sp5", "post_id": "p3", "solution_id": "s1"},
]
TABLES: dict[str, list[dict[str, Any]]] = {
    "posts": POSTS,
    "spots": SPOTS,
    "solutions": list(SOLUTIONS.values()),
    "artists": [{"id": "a1", "name": "Jennie", "group_name": "BLACKPINK"},
                {"id": "a2", "name": "IU", "group_name": ""}],
    "brands": [{"id": f"b{i}", "name": f"Brand {i}"} for i in range(7)] + [{"id": "b9", "name": "Chanel"}],
}


@dataclass
class Request:
    table: str
    params: list[tuple[str, str]]
    headers: dict[str, str]

    def param(self, name: str) -> str | None:
        return next((v for k, v in self.params if k == name), None)


@dataclass
class FakePostgrest:
    """Answers the queries the repository makes from canned rows, the way PostgREST shapes them."""

    key: str = KEY
    max_rows: int = 3  # a server-side row cap smaller than the client's page size
    requests: list[Request] = field(default_factory=list)
    url: str = ""

    def answer(self, method: str, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], Any]:
        parts = urlsplit(path)
        table = parts.path.removeprefix("/rest/v1/")
        request = Request(table, parse_qsl(parts.query, keep_blank_values=True), headers)
        self.requests.append(request)
        if headers.get("apikey") != self.key or headers.get("authorization") != f"Bearer {self.key}":
            return 401, {}, {"message": "Invalid API key", "hint": "Double check your Supabase `anon` or "
                                                                     "`service_role` API key."}  # fmt: skip
        if table not in TABLES:
            return 404, {}, {"code": "PGRST205", "message": f"Could not find the table 'public.{table}' in the "
                                                             "schema cache"}  # fmt: skip
        rows = list(TABLES[table])
        if table == "spots" and request.param("select") == "post_id,solution_id,solutions(*)":
            wanted = [v.replace('\\"', '"') for v in re.findall(r'"((?:[^"\\]|\\.)*)"', request.param("post_id") or "")]
            rows = [{"post_id": s["post_id"], "solution_id": s["solution_id"],
                     "solutions": SOLUTIONS.get(s["solution_id"])} for s in rows if s["post_id"] in wanted]  # fmt: skip
        elif request.param("or"):
            rows = [r for r in rows if r.get("status", "active") == "active"]  # the term is checked by the test
        select = request.param("select")
        if select and "(" not in select:
            rows = [{c: r.get(c) for c in select.split(",")} for r in rows]
        total = len(rows)
        offset = int(request.param("offset") or 0)
        limit = min(int(request.param("limit") or self.max_rows), self.max_rows)
        rows = rows[offset : offset + limit]
        end = f"{offset}-{offset + len(rows) - 1}" if rows else "*"
        extra = {"Content-Range": f"{end}/{total}" if "count=exact" in headers.get("prefer", "") else f"{end}/*"}
        return 200, extra, rows


@pytest.fixture
def postgrest() -> Iterator[FakePostgrest]:
    fake = FakePostgrest()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            status, headers, body = fake.answer("GET", self.path, {k.lower(): v for k, v in self.headers.items()})
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}"
    yield fake
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


@pytest.fixture
def repo(postgrest: FakePostgrest) -> SupabaseCatalogRepository:
    return SupabaseCatalogRepository(postgrest.url + "/", KEY)


async def test_search_sends_postgrest_filters_and_maps_posts(repo: SupabaseCatalogRepository,
                                                             postgrest: FakePostgrest) -> None:  # fmt: skip
    posts = await repo.search_posts("  Jennie ", limit=5)
    request = postgrest.requests[-1]
    assert request.table == "posts"
    assert request.params == [
        ("select", "id,image_url,artist_name,group_name,title,context,view_count,status,created_at"),
        ("or", '(artist_name.ilike."*Jennie*",group_name.ilike."*Jennie*",context.ilike."*Jennie*",'
               'title.ilike."*Jennie*")'),
        ("status", "eq.active"),
        ("order", "view_count.desc,id.asc"),
        ("limit", "5"),
    ]  # fmt: skip
    assert request.headers["apikey"] == KEY and request.headers["authorization"] == f"Bearer {KEY}"
    assert [p.id for p in posts] == ["p1", "p2"]
    assert set(posts[0].model_dump()) == {"id", "image_url", "artist_name", "group_name", "title", "context",
                                         "view_count", "status", "created_at"}
    assert await repo.search_posts("Jennie", limit=0) == []
    # products (two pages: rows, then the empty page that ends the read), then posts; limit 0 never asks
    assert [r.table for r in postgrest.requests] == ["solutions", "solutions", "posts"]


async def test_search_follows_products_by_tag_to_their_posts(repo: SupabaseCatalogRepository,
                                                             postgrest: FakePostgrest) -> None:  # fmt: skip
    posts = await repo.search_posts("Bag", limit=5)
    products = postgrest.requests[0]
    assert products.table == "solutions" and products.param("or") == (
        '(title.ilike."*Bag*",brand.ilike."*Bag*",metadata->>keywords.ilike."*Bag*")')
    spots = next(r for r in postgrest.requests if r.table == "spots")
    assert spots.param("solution_id") == 'in.("s1")'  # only the product holding the term in one field
    by_id = next(r for r in postgrest.requests if r.table == "posts" and r.param("id"))
    assert by_id.param("status") == "eq.active" and by_id.param("id").startswith('in.("p1"')
    assert [p.id for p in posts] == ["p1", "p2"]  # merged with the direct matches, by views


def test_filter_values_are_quoted_and_like_wildcards_escaped() -> None:
    assert quote_value('a,b (c) "d" \\e') == '"a,b (c) \\"d\\" \\\\e"'
    # LIKE escapes (\% \_ \\) survive PostgREST's unquoting; `*` (PostgREST's %) is sent as `_`.
    assert ilike_pattern("50%_off, (new)") == '"*50\\\\%\\\\_off, (new)*"'
    assert ilike_pattern("a*b") == '"*a_b*"'


async def test_search_with_reserved_characters(repo: SupabaseCatalogRepository, postgrest: FakePostgrest) -> None:
    posts = await repo.search_posts("Jennie, street", limit=2)
    assert postgrest.requests[-1].param("or") == (
        '(artist_name.ilike."*Jennie, street*",group_name.ilike."*Jennie, street*",'
        'context.ilike."*Jennie, street*",title.ilike."*Jennie, street*")'
    )
    assert [p.id for p in posts] == ["p1", "p2"]  # the stand-in does not filter by term
    starred = await repo.search_posts("e, s*", limit=2)  # `*` cannot be sent literally: rows are re-checked
    assert "e, s_" in (postgrest.requests[-1].param("or") or "") and starred == []


async def test_solutions_come_from_spots_with_embedded_solutions(repo: SupabaseCatalogRepository,
                                                                 postgrest: FakePostgrest) -> None:  # fmt: skip
    result = await repo.solutions_for_posts(["p1", "p2", "missing", "p1"])
    request = postgrest.requests[-1]
    assert request.table == "spots"
    assert request.params == [("select", "post_id,solution_id,solutions(*)"), ("post_id", 'in.("p1","p2","missing")'),
                              ("order", "id.asc"), ("limit", "1000"), ("offset", "4")]  # fmt: skip
    assert [r.param("offset") for r in postgrest.requests] == ["0", "3", "4"]  # 4 spots, 3 per answer
    assert list(result) == ["p1", "p2", "missing"] and result["missing"] == []
    assert [s.solution_id for s in result["p1"]] == ["s1", "s2"]  # duplicate spot dropped
    assert result["p1"][0].model_dump() == {"solution_id": "s1", "title": "Chanel Classic Flap Bag", "brand": "Chanel",
                               "thumbnail_url": "https://cdn/s1.jpg", "metadata": {"keywords": ["bag"]},
                               "link_type": "affiliate", "price_krw": 100}  # fmt: skip
    tee = result["p2"][0]
    assert tee.metadata == {"keywords": ["tee"]} and tee.link_type == "direct"  # text JSON, null default
    assert tee.price_krw is None
    assert await repo.solutions_for_posts([]) == {}


async def test_many_post_ids_are_sent_in_chunks(postgrest: FakePostgrest) -> None:
    repo = SupabaseCatalogRepository(postgrest.url, KEY, id_chunk=2)
    result = await repo.solutions_for_posts(["p1", "x", "p2"])
    assert [r.param("post_id") for r in postgrest.requests] == ['in.("p1","x")'] * 2 + ['in.("p2")'] * 2
    assert [s.solution_id for s in result["p2"]] == ["s2"]


async def test_known_entities_page_past_a_server_row_cap(repo: SupabaseCatalogRepository,
                                                         postgrest: FakePostgrest) -> None:  # fmt: skip
    entities = await repo.known_entities()
    assert entities == {
        "artists": {"Jennie", "IU"},
        "groups": {"BLACKPINK"},
        "brands": {*(f"Brand {i}" for i in range(7)), "Chanel", "Calvin Klein"},
        "products": {"Chanel Classic Flap Bag", "Calvin Klein Tee"},
    }
    brand_pages = [r for r in postgrest.requests if r.table == "brands"]
    assert [r.param("offset") for r in brand_pages] == ["0", "3", "6", "8"]  # 8 rows, 3 per answer, then empty
    assert all(r.param("order") == "id.asc" and r.param("select") == "id,name" for r in brand_pages)


async def test_counts_use_exact_count_headers(repo: SupabaseCatalogRepository, postgrest: FakePostgrest) -> None:
    assert await repo.counts() == {"posts": 2, "solutions": 2, "spots": 5, "artists": 2, "brands": 8}
    assert all(r.headers.get("prefer") == "count=exact" for r in postgrest.requests)


async def test_wrong_key_names_the_variable_to_fix(postgrest: FakePostgrest) -> None:
    repo = SupabaseCatalogRepository(postgrest.url, "wrong-key")
    with pytest.raises(SupabaseError) as caught:
        await repo.search_posts("Jennie")
    message = str(caught.value)
    assert caught.value.status == 401 and "HTTP 401" in message and "Invalid API key" in message
    assert "SUPABASE_SERVICE_ROLE_KEY" in message and "SQLite" in message and "wrong-key" not in message
    with pytest.raises(ConfigError, match="SUPABASE_SERVICE_ROLE_KEY"):
        await repo.initialize()


async def test_missing_table_and_unreachable_server_are_explained(postgrest: FakePostgrest) -> None:
    repo = SupabaseCatalogRepository(postgrest.url, KEY)
    async with repo._client() as client:
        with pytest.raises(SupabaseError, match=r"no readable table 'spots_v2'.*PGRST205.*SUPABASE_URL"):
            await repo._rows(client, "spots_v2", [])
    offline = SupabaseCatalogRepository("http://127.0.0.1:9", KEY, timeout_s=2)
    with pytest.raises(SupabaseError, match=r"cannot reach Supabase.*SUPABASE_URL"):
        await offline.initialize()
    with pytest.raises(ConfigError, match="SUPABASE_URL must look like"):
        SupabaseCatalogRepository("x.supabase.co", KEY)


async def test_factory_reads_the_catalog_from_supabase(make_settings: Callable[..., Settings],
                                                       postgrest: FakePostgrest) -> None:  # fmt: skip
    settings = make_settings(SUPABASE_URL=postgrest.url, SUPABASE_SERVICE_ROLE_KEY=KEY)
    catalog, contents = await open_stores(settings)
    assert isinstance(catalog, SupabaseCatalogRepository) and isinstance(contents, SqliteContentRepository)
    assert postgrest.requests[-1].table == "posts"  # initialize() checked the key and the table
    assert [p.id for p in await catalog.search_posts("Jennie")] == ["p1", "p2"]
    with pytest.raises(SupabaseError, match="SUPABASE_SERVICE_ROLE_KEY"):
        await open_stores(make_settings(SUPABASE_URL=postgrest.url, SUPABASE_SERVICE_ROLE_KEY="nope"))
    offline, _ = await open_stores(make_settings(SUPABASE_URL=postgrest.url, SUPABASE_SERVICE_ROLE_KEY=KEY,
                                                 EDITORIAL_AI_STORAGE="sqlite"))  # fmt: skip
    assert isinstance(offline, SqliteCatalogRepository)
