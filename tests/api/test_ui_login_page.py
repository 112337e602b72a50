"""The login page as someone who has not logged in sees it: no name, no navigation, no log out, and words that say
a reviewer's key works as well as the admin's."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .helpers import API_KEY, post_form


async def test_the_login_page_shows_nobody_logged_in(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY) as (_, client):
        page = (await client.get("/admin/login")).text
        topbar = re.search(r'<header class="topbar">(.*?)</header>', page, re.S)
        assert topbar is not None
        assert "Log out" not in topbar.group(1) and "<nav>" not in topbar.group(1)
        assert 'class="who' not in topbar.group(1) and "admin" not in re.sub(r'href="[^"]*"', "", topbar.group(1))
        assert "reviewer key" in page and "Your key" in page and "Admin key" not in page
        logged = await post_form(client, "/admin/login", {"api_key": API_KEY, "next": "/admin/"}, page="/admin/login")
        assert logged.status_code == 303
        queue = (await client.get("/admin/")).text
        assert "Log out" in queue and '<span class="who small"' in queue and "<nav>" in queue


async def test_dev_mode_shows_the_navigation_and_its_badge(client: Any) -> None:
    page = (await client.get("/admin/")).text
    assert "<nav>" in page and "DEV MODE" in page and "Log out" not in page
