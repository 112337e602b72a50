"""Token accounting, node instrumentation and JSONL run logs."""
