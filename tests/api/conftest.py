"""Fixtures: the app with its lifespan running, on a temporary data dir and the scripted provider."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from editorial_ai.config import Settings

from .helpers import running_client

Running = AbstractAsyncContextManager[tuple[FastAPI, httpx.AsyncClient]]


@pytest.fixture
def client_for(make_settings: Callable[..., Settings]) -> Callable[..., Running]:
    """`async with client_for(model=..., api_key=..., headers=...) as (app, client)`."""

    def factory(model: str = "scripted:happy", api_key: str | None = None,
                headers: dict[str, str] | None = None, **overrides: Any) -> Running:
        # Test mode: the scripted scenarios are allowed and offered, as in every API test.
        overrides.setdefault("EDITORIAL_AI_TEST_MODE", True)
        return running_client(make_settings(model, ADMIN_API_KEY=api_key, **overrides), headers)

    return factory


@pytest.fixture
async def api(client_for: Callable[..., Running]) -> AsyncIterator[tuple[FastAPI, httpx.AsyncClient]]:
    """A dev-mode app (no key) on scripted:happy."""
    async with client_for() as pair:
        yield pair


@pytest.fixture
def client(api: tuple[FastAPI, httpx.AsyncClient]) -> httpx.AsyncClient:
    """The client of `api`."""
    return api[1]
