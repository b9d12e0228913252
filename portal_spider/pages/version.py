"""Which extraction made an article: the package version and a digest of this package's code.

Recorded on each article (``articles.extractor_version``), so that an archive tells which
articles an extraction change may affect; any edit of the parsing code changes it, with
no number for anyone to remember to bump.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path


@cache
def extractor_version() -> str:
    digest = hashlib.sha256()
    for source in sorted(Path(__file__).parent.rglob("*.py")):
        digest.update(source.relative_to(Path(__file__).parent).as_posix().encode())
        digest.update(source.read_bytes())
    try:
        release = version("portal-archive")
    except PackageNotFoundError:  # run from a source tree that is not installed
        release = "0"
    return f"{release}+{digest.hexdigest()[:12]}"
