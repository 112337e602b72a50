"""Services: LLM orchestration and domain logic behind the pipeline nodes."""
