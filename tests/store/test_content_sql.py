"""The contents store's statements: one Core statement per operation, compiled per database, shapes reused."""

from __future__ import annotations

import sqlalchemy as sa

from editorial_ai.store.content_sql import ContentDialect
from editorial_ai.store.sql_compile import _COMPILED


def _claim(d: ContentDialect, content_id: str, expected: list[str]) -> sa.Update:
    c = d.tables.contents.c
    return sa.update(d.tables.contents).where(c.id == content_id, c.status.in_(expected)).values(status="approved")


def test_one_statement_compiles_for_each_database_with_its_parameters() -> None:
    sqlite, postgres = ContentDialect("sqlite"), ContentDialect("postgresql", "tenant_a")
    lite_sql, lite_params = sqlite.compile(_claim(sqlite, "c-1", ["pending", "escalated"]))
    pg_sql, pg_params = postgres.compile(_claim(postgres, "c-1", ["pending", "escalated"]))
    assert "IN (:status_1_1, :status_1_2)" in lite_sql and "tenant_a.editorial_contents" in pg_sql
    assert "IN (%(status_1_1)s, %(status_1_2)s)" in pg_sql and "::" not in pg_sql  # no casts a JSONB column refuses
    assert lite_params == pg_params == {"status": "approved", "id_1": "c-1", "status_1_1": "pending",
                                        "status_1_2": "escalated"}  # fmt: skip


def test_a_shape_is_compiled_once_and_bound_to_each_calls_values() -> None:
    d = ContentDialect("sqlite")
    d.compile(_claim(d, "c-1", ["pending"]))
    shapes = len(_COMPILED["sqlite"])
    sql, params = d.compile(_claim(d, "c-2", ["pending", "escalated", "approved"]))
    assert len(_COMPILED["sqlite"]) == shapes  # the same statement with other values and a longer IN list
    assert "IN (:status_1_1, :status_1_2, :status_1_3)" in sql
    assert params["id_1"] == "c-2" and params["status_1_3"] == "approved"
