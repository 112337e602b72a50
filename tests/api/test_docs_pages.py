"""/docs and /redoc work without a network: every script and style they load is served by this app."""

from __future__ import annotations

import re

import httpx


async def test_swagger_ui_and_redoc_load_only_local_assets(client: httpx.AsyncClient) -> None:
    for path, needle in (("/docs", "SwaggerUIBundle"), ("/redoc", "<redoc")):
        page = await client.get(path)
        assert page.status_code == 200 and needle in page.text, path
        urls = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert urls and all(u.startswith("/") and not u.startswith("//") for u in urls), (path, urls)
        assert "cdn" not in page.text.lower() and "fonts.googleapis" not in page.text
        for url in urls:
            asset = await client.get(url)
            assert asset.status_code == 200 and len(asset.content) > 1000, url
    assert (await client.get("/openapi.json")).status_code == 200
