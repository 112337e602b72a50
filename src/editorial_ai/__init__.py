"""Editorial AI: self-correcting LLM content generation."""

__version__ = "0.1.0"
