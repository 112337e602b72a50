"""REST API and admin web UI."""

from editorial_ai.api.app import create_app

__all__ = ["create_app"]
