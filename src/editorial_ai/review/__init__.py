"""The quality-gate engine: rubrics, deterministic checks, judge, pass rules."""
