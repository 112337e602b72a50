"""`editorial-ai serve`: the REST API and admin UI with uvicorn."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import typer

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, err_console
from editorial_ai.config import ConfigError, Settings


def is_loopback(host: str) -> bool:
    """True for localhost and loopback addresses (127.0.0.0/8, ::1)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def queue_line(settings: Settings) -> str:
    """Where runs execute: this process (embedded) or the workers of a Redis queue (docs/scaling.md)."""
    from editorial_ai.worker.queue import broker_url, describe_url

    url = broker_url(settings)
    if url is None:
        return "runs: executed in this process (set EDITORIAL_AI_BROKER_URL to queue them for `editorial-ai worker`)"
    return f"runs: queued in Redis at {describe_url(url)} for `editorial-ai worker` processes"


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface; non-loopback needs ADMIN_API_KEY."),
    port: int = typer.Option(8000, "--port", min=1, max=65535),
    model: str | None = typer.Option(
        None, "--model", help="Default provider:model of new runs (default: EDITORIAL_AI_MODEL)."
    ),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP),
    log_level: str = typer.Option("info", "--log-level", help="uvicorn log level."),
) -> None:
    """Serve the REST API (/api, /docs) and the admin UI (/admin/)."""
    import uvicorn

    from editorial_ai.api.app import create_app

    settings = build_settings(model, data_dir)  # a bad variable: one line naming it and its range, exit 2
    try:
        runs_where = queue_line(settings)
    except ConfigError as exc:
        err_console.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(code=2) from None
    if settings.admin_api_key is None:
        if not is_loopback(host):
            # Without a key every route is open; exposing that beyond this machine is never what anyone wants.
            err_console.print(f"[bold red]error:[/] refusing to serve on {host} without authentication: set "
                              "ADMIN_API_KEY (12+ characters), or bind to 127.0.0.1")
            raise typer.Exit(code=2)
        err_console.print("[bold yellow on red] DEV MODE [/] [bold yellow]ADMIN_API_KEY is not set: the API "
                          "and the admin UI accept every request without authentication.[/]")
    console.print(f"admin UI: http://{host}:{port}/admin/   API docs: http://{host}:{port}/docs   "
                  f"model: {settings.model}")
    console.print(runs_where)
    names = settings.host_allowlist()
    if "*" not in names and not is_loopback(host) and host.strip("[]").lower() not in names:
        # The Host check (DNS rebinding) answers 400 to any name not listed: say so before the first request does.
        err_console.print(f"[bold yellow]note:[/] requests must name this server as one of {', '.join(names)}; "
                          "list the name clients use (e.g. its DNS name or address) in EDITORIAL_AI_ALLOWED_HOSTS")
    # Open event streams would otherwise keep a stopping server waiting for their clients.
    uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level, timeout_graceful_shutdown=5)
