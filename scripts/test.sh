#!/usr/bin/env bash
# Set up and run the whole test suite: scripts/test.sh [pytest options]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
exec .venv/bin/python -m pytest "$@"
