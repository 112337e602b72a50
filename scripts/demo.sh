#!/usr/bin/env bash
# The offline demo: a keyword becomes a published article on the embedded model.
# Step 1 runs the pipeline until it waits for a human; step 2, a separate process, approves it
# (the run's state lives in SQLite, not in memory) and prints where the article was published.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
export EDITORIAL_AI_DATA_DIR="${EDITORIAL_AI_DATA_DIR:-data/demo}"
KEYWORD="${1:-Jennie Effect}"

echo "== 1. running the pipeline for '$KEYWORD' on the embedded model (no network, no keys)"
# Exit 3 means escalated: the draft still failed review and waits for an editor, who may still approve it.
RUN_EXIT=0
$BIN/editorial-ai run "$KEYWORD" --target-celeb Jennie || RUN_EXIT=$?
if [ "$RUN_EXIT" -ne 0 ] && [ "$RUN_EXIT" -ne 3 ]; then
  echo "the run failed (exit $RUN_EXIT)"; exit "$RUN_EXIT"
fi
CONTENT_ID=$($BIN/editorial-ai contents list --json --limit 1 | $BIN/python -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
STATUS=$($BIN/editorial-ai contents show "$CONTENT_ID" --json | $BIN/python -c 'import json,sys; print(json.load(sys.stdin)["status"])')
echo
echo "== 2. a human reads content $CONTENT_ID (status: $STATUS) and approves it, from a new process"
# An escalated or flagged draft is approved only with --confirm and a note saying why (kept in the decision log).
$BIN/editorial-ai approve "$CONTENT_ID" --reviewer demo-editor --confirm --note "demo: read in the terminal, approved"
echo
echo "== 3. approving publishes nothing: publishing is its own confirmed step"
$BIN/editorial-ai publish "$CONTENT_ID" --reviewer demo-editor --yes
echo
echo "== done: open the file printed after 'public:' in a browser, or run 'editorial-ai serve' and open /articles/$CONTENT_ID"
