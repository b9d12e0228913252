#!/usr/bin/env bash
# The main job, end to end: serve the bundled sample portal, crawl it into demo.db,
# then browse the archive in Datasette at http://127.0.0.1:8001 (Ctrl-C stops).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
PORTAL_PORT=${PORTAL_PORT:-8000}
DATASETTE_PORT=${DATASETTE_PORT:-8001}
.venv/bin/portal-archive sample-portal --port "$PORTAL_PORT" &
portal_pid=$!
# The portal goes when the demo does, however it ends: Ctrl-C (a background job of a
# script ignores SIGINT, so the terminal's does not reach it), SIGTERM, an error, or the end.
trap 'kill "$portal_pid" 2>/dev/null || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
.venv/bin/python - "$PORTAL_PORT" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/robots.txt", timeout=1)
        break
    except OSError:
        time.sleep(0.1)
PY
# The sample portal is ours and local: politeness off so the demo takes seconds.
.venv/bin/portal-archive crawl --start-url "http://127.0.0.1:$PORTAL_PORT/list/index.html" \
  --db demo.db -s AUTOTHROTTLE_ENABLED=0 -s DOWNLOAD_DELAY=0 -s CONCURRENT_REQUESTS_PER_DOMAIN=8
echo "browse the archive at http://127.0.0.1:$DATASETTE_PORT/demo/articles"
# Not exec: the shell stays to stop the portal when Datasette ends.
.venv/bin/portal-archive serve --db demo.db --port "$DATASETTE_PORT"
