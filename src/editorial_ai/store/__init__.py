"""Persistence: the catalog repository and other stores."""
