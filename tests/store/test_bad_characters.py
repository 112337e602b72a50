"""Characters that are never text (NUL, lone surrogates, noncharacters) at the boundaries: a model's keyword with
a NUL no longer fails the step's whole catalog search, a lone surrogate in a model's title no longer fails the
run, and a person's request holding one is refused naming the character."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from editorial_ai.llm.structured import parse_structured, parse_structured_async
from editorial_ai.store.catalog import SqliteCatalogRepository
from editorial_ai.worker.run_request import RunRequest


@pytest.fixture
async def repo(tmp_path: Path) -> SqliteCatalogRepository:
    repository = SqliteCatalogRepository(tmp_path / "catalog.db")
    await repository.initialize()
    return repository


async def test_one_bad_term_never_fails_the_others(repo: SqliteCatalogRepository) -> None:
    clean = await repo.search_posts("Jennie")
    assert clean
    terms = ["Jennie\x00", "Jen\ud800nie", "Jennie", '"unterminated', "Jennie\ufffe"]
    found = await repo.search_many(terms)
    assert [len(rows) > 0 for rows in found] == [True, True, True, False, True]
    assert [r.id for r in found[0]] == [r.id for r in clean] == [r.id for r in found[1]]
    repo.close()


class Title(BaseModel):
    title: str
    tags: list[str] = []


@pytest.mark.parametrize("raw", ['{"title": "Quiet \\ud800luxury\\u0000", "tags": ["a\\ufffe"]}',
                                 '{"title": "Quiet \\udfffluxury", "tags": ["a"]'])  # the second needs repair
def test_model_output_loses_characters_that_are_never_text(raw: str) -> None:
    parsed = parse_structured(raw, Title)
    assert isinstance(parsed, Title) and parsed.title == "Quiet luxury"
    assert all("\ufffe" not in tag for tag in parsed.tags)
    parsed.model_dump_json().encode("utf-8")  # storable: no lone surrogate left


async def test_the_async_parser_cleans_too() -> None:
    parsed = await parse_structured_async('{"title": "T\\ud83d", "tags": []}', Title)
    assert isinstance(parsed, Title) and parsed.title == "T"


@pytest.mark.parametrize("value", ["Jennie \ud800", "Jennie \ufdd0", "Jennie \x00", "Jennie \U0001fffe"])
def test_a_request_holding_one_is_refused_naming_it(value: str) -> None:
    with pytest.raises(ValidationError, match=r"U\+|unicode string"):  # pydantic's own words for a surrogate
        RunRequest(seed_keyword=value)
