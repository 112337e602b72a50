"""The `editorial-ai` command line."""
