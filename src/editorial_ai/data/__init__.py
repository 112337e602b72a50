"""Packaged data files (the fictional sample catalog)."""
