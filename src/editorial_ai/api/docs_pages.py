"""The interactive API documents, Swagger UI at /docs and ReDoc at /redoc, served from packaged assets.

FastAPI's own pages load their scripts from a CDN, so without a network the admin UI's "API" link was a blank
page. The scripts and styles come from the `fastapi-offline` package instead and are served by this app.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

DOCS_ASSETS_URL = "/static/api-docs"
ASSET_NAMES = ("swagger-ui-bundle.js", "swagger-ui.css", "redoc.standalone.js", "favicon.png")


def assets_dir() -> Path:
    """The folder of the packaged Swagger UI and ReDoc files (an installed package: a real folder)."""
    return Path(str(files("fastapi_offline") / "static"))


def install_docs_pages(app: FastAPI) -> None:
    """Serve /docs and /redoc from local assets; create the app with `docs_url=None, redoc_url=None`."""
    folder = assets_dir()
    missing = [name for name in ASSET_NAMES if not (folder / name).is_file()]
    if missing:  # an install without the dependency: say so at start-up, not as a blank page later
        raise RuntimeError(f"the API docs assets {missing} are missing from {folder}; "
                           "reinstall the package (`pip install -e .`)")
    app.mount(DOCS_ASSETS_URL, StaticFiles(directory=folder), name="api-docs-assets")
    openapi_url = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url, title=f"{app.title} - API",
            swagger_js_url=f"{DOCS_ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{DOCS_ASSETS_URL}/favicon.png")

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi_url, title=f"{app.title} - API reference",
            redoc_js_url=f"{DOCS_ASSETS_URL}/redoc.standalone.js",
            redoc_favicon_url=f"{DOCS_ASSETS_URL}/favicon.png", with_google_fonts=False)
