"""One contract, every backend: the content and catalog repositories behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import ConfigError, Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.store.catalog import CatalogRepository, SqliteCatalogRepository, load_sample_catalog
from editorial_ai.store.content_query import ContentQuery
from editorial_ai.store.contents import AWAITING, SqliteContentRepository
from editorial_ai.store.factory import open_checkpointer, open_stores, storage_plan

from .conftest import SchemaPool, Stores

# ---------------------------------------------------------------------------------------------------- contents


def _draft(**overrides: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "thread_id": "t-1", "attempt": 1, "status": "pending", "title": "The Jennie Effect", "keyword": "Jennie",
        "content_type": "fashion_magazine", "layout": {"title": "The Jennie Effect", "blocks": []},
        "review": {"passed": True, "summary": "Passed review."}, "flags": [],
    }  # fmt: skip
    values.update(overrides)
    return values


@pytest.fixture
async def contents(stores: Stores) -> Any:
    repository = stores.contents()
    await repository.initialize()
    await repository.initialize()  # idempotent
    return repository


async def test_upsert_creates_and_reads_back(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft(flags=["judge_skipped"]))
    item = await contents.get(content_id)
    assert item is not None
    assert (item.status, item.thread_id, item.attempt) == ("pending", "t-1", 1)
    assert item.layout_json == {"title": "The Jennie Effect", "blocks": []}
    assert item.review_json == {"passed": True, "summary": "Passed review."}
    assert item.review_summary == "Passed review." and item.flags == ["judge_skipped"]
    assert item.published_at is None and item.admin_feedback is None
    created = datetime.fromisoformat(item.created_at)
    assert created.tzinfo is not None and isinstance(item.updated_at, str)
    assert await contents.get_by_thread("t-1") == item
    assert await contents.get("missing") is None and await contents.get_by_thread("missing") is None


async def test_upsert_of_the_same_attempt_changes_nothing(contents: Any) -> None:
    first = await contents.upsert_pending(**_draft())
    assert await contents.transition(first, expected=AWAITING, new_status="approved")
    before = await contents.get(first)
    again = await contents.upsert_pending(**_draft(title="Changed on replay", status="escalated", flags=["x"]))
    assert again == first
    assert await contents.get(first) == before
    assert before is not None and before.status == "approved" and before.title == "The Jennie Effect"
    assert (await contents.list())[1] == 1


async def test_upsert_of_a_new_attempt_updates_the_same_content(contents: Any) -> None:
    first = await contents.upsert_pending(**_draft())
    assert await contents.transition(first, expected=AWAITING, new_status="revision_requested", admin_feedback="More")
    second = await contents.upsert_pending(**_draft(attempt=2, title="Second draft", flags=["escalated"],
                                                    status="escalated", layout={"title": "Second draft"}))  # fmt: skip
    assert second == first
    item = await contents.get(first)
    assert item is not None
    assert (item.status, item.attempt, item.title, item.flags) == (
        "escalated", 2, "Second draft", ["escalated"])  # fmt: skip
    assert item.layout_json == {"title": "Second draft"} and item.admin_feedback == "More"


async def test_concurrent_upserts_of_one_thread_make_one_content(contents: Any) -> None:
    ids = await asyncio.gather(*(contents.upsert_pending(**_draft()) for _ in range(6)))
    assert len(set(ids)) == 1
    assert (await contents.list())[1] == 1


async def test_transition_is_compare_and_set(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    assert not await contents.transition(content_id, expected=("approved",), new_status="published")
    assert await contents.transition(content_id, expected=AWAITING, new_status="rejected", rejection_reason="Off")
    assert not await contents.transition(content_id, expected=AWAITING, new_status="approved")
    item = await contents.get(content_id)
    assert item is not None and item.status == "rejected" and item.rejection_reason == "Off"
    assert not await contents.transition("no-such-id", expected=AWAITING, new_status="approved")


async def test_transition_sets_publication_fields(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    assert await contents.transition(content_id, expected=AWAITING, new_status="approved")
    stamp = "2026-03-01T12:30:00+00:00"
    assert await contents.transition(content_id, expected=("approved",), new_status="published",
                                     published_at=stamp, published_path="/out/a.html")  # fmt: skip
    item = await contents.get(content_id)
    assert item is not None and item.status == "published" and item.published_path == "/out/a.html"
    assert datetime.fromisoformat(item.published_at) == datetime.fromisoformat(stamp)
    assert item.updated_at >= item.created_at


async def test_transition_refuses_unknown_fields(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    with pytest.raises(ValueError, match="thread_id"):
        await contents.transition(content_id, expected=AWAITING, new_status="approved", thread_id="hijack")
    item = await contents.get(content_id)
    assert item is not None and item.status == "pending"


async def test_concurrent_transitions_have_exactly_one_winner(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    targets = ["approved", "rejected", "revision_requested"] * 4
    results = await asyncio.gather(*(contents.transition(content_id, expected=AWAITING, new_status=t)
                                     for t in targets))  # fmt: skip
    assert results.count(True) == 1
    item = await contents.get(content_id)
    assert item is not None and item.status == targets[results.index(True)]


async def test_concurrent_repositories_have_exactly_one_winner(stores: Stores) -> None:
    repos = [stores.contents() for _ in range(6)]
    await asyncio.gather(*(r.initialize() for r in repos))
    content_id = await repos[0].upsert_pending(**_draft())
    results = await asyncio.gather(*(r.transition(content_id, expected=AWAITING, new_status="approved")
                                     for r in repos))  # fmt: skip
    assert sorted(results) == [False] * 5 + [True]


async def test_list_filters_pages_and_counts(contents: Any) -> None:
    ids = [await contents.upsert_pending(**_draft(thread_id=f"t-{i}", title=f"Article {i}")) for i in range(5)]
    await contents.transition(ids[0], expected=AWAITING, new_status="published", published_path="/x.html")
    items, total = await contents.list()
    assert total == 5 and [i.title for i in items] == [f"Article {i}" for i in reversed(range(5))]
    page, total = await contents.list(limit=2, offset=1)
    assert total == 5 and [i.title for i in page] == ["Article 3", "Article 2"]
    assert (await contents.list(limit=2, offset=4))[0][0].id == ids[0]
    published, count = await contents.list("published")
    assert count == 1 and published[0].id == ids[0] and published[0].published_path == "/x.html"
    pending, count = await contents.list("pending", limit=1)
    assert count == 4 and len(pending) == 1 and pending[0].title == "Article 4"
    assert await contents.list("rejected") == ([], 0)


async def test_events_are_append_only_and_ordered(contents: Any) -> None:
    a = await contents.upsert_pending(**_draft(thread_id="a"))
    b = await contents.upsert_pending(**_draft(thread_id="b", content_type="newsletter"))
    first = await contents.record_event(content_id=a, thread_id="a", decision="revision_requested", reviewer="kim",
                                        payload={"feedback": "More Chanel", "tags": ["brand"]})  # fmt: skip
    second = await contents.record_event(content_id=a, thread_id="a", decision="approved", reviewer="lee",
                                         payload={})  # fmt: skip
    third = await contents.record_event(content_id=b, thread_id="b", decision="rejected", reviewer="kim",
                                        payload={"reason": "x"})  # fmt: skip
    assert first < second < third
    events = await contents.events(a)
    assert [e.decision for e in events] == ["revision_requested", "approved"]
    assert events[0].payload == {"feedback": "More Chanel", "tags": ["brand"]} and events[0].reviewer == "kim"
    assert set(events[0].model_dump()) == {"id", "content_id", "thread_id", "decision", "reviewer", "payload",
                                           "created_at"}
    assert datetime.fromisoformat(events[0].created_at).tzinfo is not None
    assert [e.id for e in await contents.events()] == [first, second, third]
    assert await contents.events("missing") == []


async def test_recent_events_are_the_latest_of_one_type_oldest_first(contents: Any) -> None:
    magazine = await contents.upsert_pending(**_draft(thread_id="m"))
    other = await contents.upsert_pending(**_draft(thread_id="n", content_type="newsletter"))
    ids = []
    for i in range(5):
        ids.append(await contents.record_event(content_id=magazine, thread_id="m", decision="approved",
                                               reviewer=f"r{i}", payload={"i": i}))  # fmt: skip
        await contents.record_event(content_id=other, thread_id="n", decision="rejected", reviewer="x", payload={})
    recent = await contents.recent_events("fashion_magazine", limit=3)
    assert [e.id for e in recent] == ids[2:]
    assert [e.payload["i"] for e in recent] == [2, 3, 4]
    assert len(await contents.recent_events("newsletter")) == 5
    assert await contents.recent_events("unknown") == []


async def _story(repo: Any) -> tuple[Any, ...]:
    """One content's life through every write the gate and the desk make, and what reading it back gives."""
    content_id = await repo.upsert_pending(**_draft(flags=["judge_skipped"]))
    await repo.upsert_pending(**_draft(attempt=2, review={"summary": "Second.", "composite_score": 0.8}))
    item = await repo.get(content_id)
    edit = await repo.save_edit(content_id, version=item.version, expected=AWAITING, attempt=3, title="Edited",
                                layout={"title": "Edited", "blocks": []}, review={"summary": "Re-checked."},
                                reviewer="kim", payload={"fields": ["title"]})  # fmt: skip
    claim = await repo.claim_decision(content_id, version=item.version + 1, expected=AWAITING,
                                      new_status="approved", token="tok", decision="approved", reviewer="kim",
                                      payload={"note": "ok"})  # fmt: skip
    released = await repo.release_claim(content_id, token="tok")
    published = await repo.transition(content_id, expected=("approved",), new_status="published",
                                      published_path="/x.html", published_at="2026-03-01T12:30:00+00:00")
    row = await repo.get(content_id)
    kept = row.model_dump(exclude={"id", "created_at", "updated_at", "claim_event_id"})
    events = [e.model_dump(exclude={"id", "content_id", "created_at"}) for e in await repo.events(content_id)]
    page, total = await repo.search(ContentQuery(text="edit", status="published"))
    return (edit is not None, claim is not None, released, published, kept, events, total, [p.title for p in page])


async def test_sqlite_and_postgresql_answer_a_content_story_with_the_same_rows(tmp_path: Path,
                                                                             pg_schemas: SchemaPool) -> None:
    from editorial_ai.store.postgres_contents import PostgresContentRepository

    sqlite = SqliteContentRepository(tmp_path / "story.db")
    postgres = PostgresContentRepository(pg_schemas.dsn, schema=pg_schemas.new())
    await asyncio.gather(sqlite.initialize(), postgres.initialize())
    left, right = await _story(sqlite), await _story(postgres)
    await postgres.aclose()
    assert left == right
    assert left[:4] == (True, True, True, True) and left[6:] == (1, ["Edited"])
    assert left[4]["status"] == "published" and left[4]["published_at"] == "2026-03-01T12:30:00+00:00"


# ---------------------------------------------------------------------------------------------------- catalog


@pytest.fixture
async def catalog(stores: Stores) -> Any:
    repository = stores.catalog()
    await repository.initialize()
    return repository


def _post(pid: str, title: str, views: int, status: str = "active") -> dict[str, Any]:
    return {
        "id": pid, "image_url": f"sample://posts/{pid}", "artist_name": "Tester", "group_name": "",
        "title": title, "context": "street style", "view_count": views, "status": status,
        "created_at": "2025-05-01T00:00:00Z",
    }  # fmt: skip


async def test_catalog_is_seeded_from_the_sample(catalog: Any) -> None:
    assert isinstance(catalog, CatalogRepository)
    data = load_sample_catalog()
    counts = await catalog.counts()
    assert counts == {table: len(data[table]) for table in ("posts", "solutions", "spots", "artists", "brands")}


async def test_search_is_case_insensitive_ordered_and_active_only(catalog: Any) -> None:
    lower = await catalog.search_posts("jennie effect", limit=50)
    assert lower == await catalog.search_posts("  JENNIE EFFECT ", limit=50) and len(lower) >= 4
    views = [p.view_count for p in lower]
    assert views == sorted(views, reverse=True)
    assert all(p.status == "active" for p in lower)
    assert set(lower[0].model_dump()) == {"id", "image_url", "artist_name", "group_name", "title", "context",
                                         "view_count", "status", "created_at"}
    assert isinstance(lower[0].created_at, str) and datetime.fromisoformat(lower[0].created_at.replace(
        "Z", "+00:00")).tzinfo is not None  # fmt: skip
    assert await catalog.search_posts("rosé") == await catalog.search_posts("ROSÉ") != []


async def test_search_matches_group_and_context_and_respects_limit(catalog: Any) -> None:
    by_group = await catalog.search_posts("blackpink", limit=100)
    assert {p.artist_name for p in by_group} == {"Jennie", "Lisa", "Rosé", "Jisoo"}
    by_context = await catalog.search_posts("airport", limit=100)
    assert by_context and all("airport" in (p.context + p.title).lower() for p in by_context)
    jennie = await catalog.search_posts("Jennie", limit=100)
    total = sum(1 for p in load_sample_catalog()["posts"] if p["artist_name"] == "Jennie")
    assert 8 <= len(jennie) < total
    assert [p.id for p in await catalog.search_posts("Jennie", limit=3)] == [p.id for p in jennie[:3]]
    assert await catalog.search_posts("Jennie", limit=0) == []


async def test_search_treats_wildcards_literally(stores: Stores) -> None:
    seed = {"posts": [_post("p1", "100% cotton tee", 10), _post("p2", "1000 cotton tees", 20),
                      _post("p3", "snake_case looks", 5), _post("p4", "snakeXcase", 30),
                      _post("p5", "back\\slash", 1), _post("p6", "cotton archive", 99, status="hidden")]}  # fmt: skip
    repo = stores.catalog("custom", seed=seed)
    await repo.initialize()
    assert [p.id for p in await repo.search_posts("100%")] == ["p1"]
    assert [p.id for p in await repo.search_posts("e_c")] == ["p3"]
    assert [p.id for p in await repo.search_posts("k\\s")] == ["p5"]
    assert [p.id for p in await repo.search_posts("cotton")] == ["p2", "p1"]
    assert (await repo.counts())["posts"] == 6
    default = stores.catalog()
    await default.initialize()
    assert await default.search_posts("%") == [] and await default.search_posts("_") == []


async def test_search_many_answers_each_term_as_its_own_search(catalog: Any) -> None:
    terms = ["Jennie", "  QUIET LUXURY ", "no such thing", "%", "airport", "Jennie"]
    assert await catalog.search_many(terms, 3) == [await catalog.search_posts(t, limit=3) for t in terms]
    assert await catalog.search_many(terms, 0) == [[] for _ in terms] and await catalog.search_many([], 3) == []


async def test_solutions_join(catalog: Any) -> None:
    posts = await catalog.search_posts("Jennie effect", limit=10)
    ids = [p.id for p in posts]
    result = await catalog.solutions_for_posts([*ids, "missing", ids[0]])
    assert list(result) == [*ids, "missing"] and result["missing"] == []
    assert all(1 <= len(result[pid]) <= 4 for pid in ids)
    first = result[ids[0]][0]
    assert set(first.model_dump()) == {"solution_id", "title", "brand", "thumbnail_url", "metadata", "link_type",
                                           "price_krw"}
    assert isinstance(first.metadata["keywords"], list) and first.metadata["qa_pairs"]
    assert first.link_type in {"affiliate", "direct"}
    data = load_sample_catalog()
    expected = [s["solution_id"] for s in data["spots"] if s["post_id"] == ids[0]]
    assert [s.solution_id for s in result[ids[0]]] == list(dict.fromkeys(expected))  # spot order
    assert {"Chanel", "Calvin Klein"} <= {s.brand for sols in result.values() for s in sols}
    assert await catalog.solutions_for_posts([]) == {}


async def test_known_entities(catalog: Any) -> None:
    entities = await catalog.known_entities()
    assert set(entities) == {"artists", "groups", "brands", "products"}
    assert "Jennie" in entities["artists"] and "BLACKPINK" in entities["groups"]
    assert "Chanel" in entities["brands"] and "Chanel Classic Flap Bag" in entities["products"]
    assert "" not in entities["groups"]
    assert len(entities["products"]) == len({s["title"] for s in load_sample_catalog()["solutions"]})


def _posts_with_products(match: Callable[[dict[str, Any]], bool]) -> set[str]:
    data = load_sample_catalog()
    wanted = {s["id"] for s in data["solutions"] if match(s)}
    active = {p["id"] for p in data["posts"] if p.get("status", "active") == "active"}
    return {s["post_id"] for s in data["spots"] if s["solution_id"] in wanted} & active


async def test_search_finds_posts_by_product_tag_brand_and_name(catalog: Any) -> None:
    # Trend tags live on products (metadata keywords), not in post titles: "Quiet Luxury" must still match.
    for term, tag in (("Quiet Luxury", "quiet luxury"), ("GORPCORE", "gorpcore")):
        found = {p.id for p in await catalog.search_posts(term, limit=500)}
        expected = _posts_with_products(lambda s, t=tag: t in s["metadata"]["keywords"])
        assert expected and expected <= found, term
    by_product = await catalog.search_posts("Chanel 22 Bag", limit=500)
    assert {p.id for p in by_product} == _posts_with_products(lambda s: s["title"] == "Chanel 22 Bag")
    assert {p.id for p in await catalog.search_posts("maison kitsuné", limit=500)} >= _posts_with_products(
        lambda s: s["brand"] == "Maison Kitsuné")  # fmt: skip
    views = [p.view_count for p in by_product]
    assert views == sorted(views, reverse=True)


async def test_vocabulary_lists_tags_scenes_and_names(catalog: Any) -> None:
    vocabulary = await catalog.vocabulary()
    assert {"quiet luxury", "gorpcore", "balletcore"} <= vocabulary["tags"]
    assert {"airport fashion", "street style"} <= vocabulary["contexts"]
    assert "Jennie" in vocabulary["artists"] and "Chanel" in vocabulary["brands"]


async def test_seeding_is_idempotent_and_race_free(stores: Stores) -> None:
    repos = [stores.catalog("race") for _ in range(4)]
    await asyncio.gather(*(r.initialize() for r in repos))
    before = await repos[0].counts()
    await repos[1].initialize()
    await stores.catalog("race").initialize()
    data = load_sample_catalog()
    assert await repos[0].counts() == before
    assert before["posts"] == len(data["posts"]) and before["spots"] == len(data["spots"])


async def test_postgres_answers_like_sqlite(tmp_path: Path, pg_schemas: SchemaPool) -> None:
    from editorial_ai.store.postgres_catalog import PostgresCatalogRepository

    sqlite = SqliteCatalogRepository(tmp_path / "ref.db")
    postgres = PostgresCatalogRepository(pg_schemas.dsn, schema=pg_schemas.new())
    await asyncio.gather(sqlite.initialize(), postgres.initialize())
    for term in ("Jennie", "jennie effect", "BLACKPINK", "airport", "rosé", "Chanel", "street", "", "quiet luxury",
                 "Gorpcore", "Re-Nylon", "maison kitsuné"):
        left, right = await sqlite.search_posts(term, limit=20), await postgres.search_posts(term, limit=20)
        assert [p.id for p in left] == [p.id for p in right], term
        drop = ("created_at",)
        assert [p.model_dump(exclude=set(drop)) for p in left] == [p.model_dump(exclude=set(drop)) for p in right]
        ids = [p.id for p in left]
        assert await sqlite.solutions_for_posts(ids) == await postgres.solutions_for_posts(ids)
    assert await sqlite.known_entities() == await postgres.known_entities()
    assert await sqlite.vocabulary() == await postgres.vocabulary()
    assert await sqlite.counts() == await postgres.counts()


# ---------------------------------------------------------------------------------------------------- factory


def test_storage_plan_defaults_to_sqlite(make_settings: Callable[..., Settings]) -> None:
    plan = storage_plan(make_settings())
    assert (plan.catalog, plan.contents) == ("sqlite", "sqlite")
    assert storage_plan(make_settings(DATABASE_URL="  ")).contents == "sqlite"


def test_storage_plan_follows_database_url(make_settings: Callable[..., Settings]) -> None:
    plan = storage_plan(make_settings(DATABASE_URL="postgresql://u:secret@db:5432/app", EDITORIAL_AI_DB_SCHEMA="ed"))
    assert (plan.catalog, plan.contents, plan.schema) == ("postgres", "postgres", "ed")
    assert "secret" not in plan.describe() and "u@db:5432/app" in plan.describe()
    forced = make_settings(DATABASE_URL="postgresql://db/app", EDITORIAL_AI_STORAGE="SQLite")
    assert (storage_plan(forced).catalog, storage_plan(forced).contents) == ("sqlite", "sqlite")


def test_storage_plan_with_supabase(make_settings: Callable[..., Settings]) -> None:
    supabase = {"SUPABASE_URL": "https://x.supabase.co", "SUPABASE_SERVICE_ROLE_KEY": "service-key"}
    plan = storage_plan(make_settings(**supabase))
    assert (plan.catalog, plan.contents) == ("supabase", "sqlite")
    plan = storage_plan(make_settings(DATABASE_URL="postgresql://db/app", **supabase))
    assert (plan.catalog, plan.contents) == ("supabase", "postgres")
    plan = storage_plan(make_settings(EDITORIAL_AI_STORAGE="supabase", **supabase))
    assert (plan.catalog, plan.contents) == ("supabase", "sqlite")


@pytest.mark.parametrize(
    ("env", "names"),
    [
        ({"EDITORIAL_AI_STORAGE": "postgres"}, ("DATABASE_URL", "unset EDITORIAL_AI_STORAGE", "SQLite")),
        ({"EDITORIAL_AI_STORAGE": "supabase"}, ("SUPABASE_URL", "SUPABASE_SERVICE_ROLE_KEY", "SQLite")),
        ({"SUPABASE_URL": "https://x.supabase.co"}, ("SUPABASE_SERVICE_ROLE_KEY", "unset SUPABASE_URL", "SQLite")),
    ],
)
def test_missing_settings_name_the_variable_and_the_offline_way(
    make_settings: Callable[..., Settings], env: dict[str, str], names: tuple[str, ...]
) -> None:
    with pytest.raises(ConfigError) as caught:
        storage_plan(make_settings(**env))
    assert all(name in str(caught.value) for name in names)


def test_invalid_storage_settings_are_refused(make_settings: Callable[..., Settings]) -> None:
    with pytest.raises(ValueError, match="EDITORIAL_AI_STORAGE"):
        make_settings(EDITORIAL_AI_STORAGE="mysql")
    with pytest.raises(ValueError, match="EDITORIAL_AI_DB_SCHEMA"):
        make_settings(EDITORIAL_AI_DB_SCHEMA="public; DROP TABLE x")


async def test_unreachable_postgres_fails_with_the_fix(make_settings: Callable[..., Settings]) -> None:
    pytest.importorskip("psycopg")
    settings = make_settings(DATABASE_URL="postgresql://nobody:pw@127.0.0.1:9/none?connect_timeout=2")
    with pytest.raises(ConfigError) as caught:
        await open_stores(settings)
    message = str(caught.value)
    assert "DATABASE_URL" in message and "SQLite" in message and "pw" not in message
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        async with open_checkpointer(settings):
            pass


async def test_open_stores_and_checkpointer_use_postgres(make_settings: Callable[..., Settings],
                                                         pg_schemas: SchemaPool) -> None:  # fmt: skip
    from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

    from editorial_ai.store.postgres_catalog import PostgresCatalogRepository
    from editorial_ai.store.postgres_contents import PostgresContentRepository

    schema = pg_schemas.new()
    settings = make_settings(DATABASE_URL=pg_schemas.dsn, EDITORIAL_AI_DB_SCHEMA=schema)
    catalog, contents = await open_stores(settings)
    assert isinstance(catalog, PostgresCatalogRepository) and isinstance(contents, PostgresContentRepository)
    assert catalog.schema == contents.schema == schema
    async with open_checkpointer(settings) as first, open_checkpointer(settings) as second:  # setup is idempotent
        assert isinstance(first, AsyncPostgresSaver) and isinstance(second, AsyncPostgresSaver)
    assert not settings.resolved_db_path.exists() and not settings.resolved_checkpoint_path.exists()
    sqlite_catalog, sqlite_contents = await open_stores(make_settings(DATABASE_URL=pg_schemas.dsn,
                                                                      EDITORIAL_AI_STORAGE="sqlite"))  # fmt: skip
    assert isinstance(sqlite_catalog, SqliteCatalogRepository) and isinstance(sqlite_contents, SqliteContentRepository)


# ---------------------------------------------------------------------------------------------------- end to end


async def test_pipeline_pauses_and_resumes_on_postgres(make_settings: Callable[..., Settings],
                                                       pg_schemas: SchemaPool) -> None:  # fmt: skip
    import psycopg
    from psycopg import sql

    from editorial_ai.store.postgres_contents import PostgresContentRepository

    schema = pg_schemas.new()
    settings = make_settings(DATABASE_URL=pg_schemas.dsn, EDITORIAL_AI_DB_SCHEMA=schema)
    async with open_pipeline(settings) as pipeline:
        assert isinstance(pipeline.deps.contents, PostgresContentRepository)
        started = await pipeline.start({"seed_keyword": "Jennie Effect", "model": "scripted:happy"})
        assert started.waiting_for_human and started.state["pipeline_status"] == "awaiting_approval"
        content_id = str(started.state["current_draft_id"])

    async with open_pipeline(settings) as pipeline:  # new connections, new graph: state comes from PostgreSQL
        waiting = await pipeline.outcome(started.thread_id)
        assert waiting.waiting_for_human and waiting.state["current_draft_id"] == content_id
        pending = await pipeline.deps.contents.get(content_id)
        assert pending is not None and pending.status in AWAITING
        done = await pipeline.decide(content_id, AdminDecision(decision="approved", reviewer="kim"))
        assert done.state["pipeline_status"] == "published" and not done.waiting_for_human
        content = await pipeline.deps.contents.get(content_id)
        events = await pipeline.deps.contents.events(content_id)
    assert content is not None and content.status == "published" and content.published_at
    assert Path(content.published_path).is_file()
    assert [(e.decision, e.reviewer) for e in events] == [("approved", "kim")]
    assert not settings.resolved_db_path.exists() and not settings.resolved_checkpoint_path.exists()
    with psycopg.connect(pg_schemas.dsn) as conn:
        query = sql.SQL("SELECT COUNT(*) FROM {}.checkpoints WHERE thread_id = %s").format(sql.Identifier(schema))
        row = conn.execute(query, (started.thread_id,)).fetchone()
    assert row is not None and row[0] > 0
