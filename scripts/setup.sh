#!/usr/bin/env bash
# Create .venv (once) and install portal-archive into it with the given extras.
# Sourced by demo.sh and test.sh, so a fresh clone needs nothing but python3 >= 3.11.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
# The pip a venv starts with (23.2) fails to resolve the bench extra (lxml[html-clean]
# required twice); a current one does. Offline, the venv's pip is kept and said so.
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip \
    || echo "setup.sh: could not upgrade pip, going on with $(.venv/bin/python -m pip --version)" >&2
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[${1:-test}]"
