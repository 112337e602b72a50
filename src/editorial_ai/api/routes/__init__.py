"""Routers: pipeline, contents, logs, health and the admin UI."""
