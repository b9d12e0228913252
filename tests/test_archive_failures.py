"""When the archive itself fails (full, read-only, locked, damaged), or its input is hostile:
one line, no traceback, what was committed stays."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import sqlite3
import subprocess
import sys

import pytest
import sqlite_utils

from storage import Archive, ArchiveDamaged, Article
from tests.conftest import FAST, run_cli

BODY = "深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色，同时注意躲避范围攻击。"


def article_line(n: int) -> str:
    return json.dumps({"url": f"https://a.com/{n}", "title": f"第{n}篇", "body_text": f"{BODY}第{n}篇。" * 20},
                      ensure_ascii=False)


def no_traceback(result: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, result.stderr[-3000:]


def error_lines(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("Error:")]


def test_hostile_lines_are_one_line_each_and_the_good_lines_are_kept(tmp_path):
    path = tmp_path / "in.jsonl"
    with open(path, "wb") as out:
        out.write(article_line(1).encode() + b"\n")
        out.write(b"\xff\xfe\x00garbage\x80\x81 binary\n")
        out.write(b'{"url": "https://a.com/s", "title": "half \\ud800 a character", "body_text": "x"}\n')
        out.write(b'{"url": "https://a.com/big", "body_text": "' + b"x" * (50 * 2**20) + b'"}\n')
        out.write(article_line(2).encode() + b"\n")
    db = str(tmp_path / "a.db")
    result = run_cli("import", str(path), "--db", db)
    no_traceback(result)
    assert result.returncode == 0
    assert result.stderr.splitlines() == [
        f"{path}:2: not UTF-8 text (byte 0)",
        f"{path}:3: title holds a lone surrogate (an escape like \\ud800 that is half a character)",
        f"{path}:4: line longer than 16 MB",
    ]
    assert result.stdout.startswith("imported 2 articles (") and result.stdout.strip().endswith(", 3 bad lines")
    assert sqlite_utils.Database(db)["articles"].count == 2


def test_a_locked_archive_stops_the_import_with_one_line(tmp_path):
    db = str(tmp_path / "a.db")
    Archive(db).db.close()
    path = tmp_path / "in.jsonl"
    path.write_text(article_line(1) + "\n", encoding="utf-8")
    holder = sqlite3.connect(db)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock past busy_timeout
    try:
        result = run_cli("import", str(path), "--db", db)
    finally:
        holder.rollback()
        holder.close()
    no_traceback(result)
    assert result.returncode == 1
    assert error_lines(result) == [
        f"Error: cannot write the archive {db}: database is locked (at line 1; the 0 articles before it are saved)"]


@pytest.fixture
def read_only_archive(tmp_path):
    """An archive file nobody may write (root ignores permissions: the immutable flag then)."""
    db = str(tmp_path / "a.db")
    Archive(db).db.close()
    if os.geteuid() != 0:
        os.chmod(db, 0o444)
        yield db
        return
    if subprocess.run(["chattr", "+i", db], capture_output=True).returncode != 0:
        pytest.skip("running as root where chattr +i is not available: no way to make a file read-only")
    try:
        yield db
    finally:
        subprocess.run(["chattr", "-i", db], check=True)


def test_a_read_only_archive_stops_the_import_with_one_line(read_only_archive, tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text(article_line(1) + "\n", encoding="utf-8")
    result = run_cli("import", str(path), "--db", read_only_archive)
    no_traceback(result)
    assert result.returncode == 1
    (line,) = error_lines(result)
    assert line.startswith(f"Error: cannot write the archive {read_only_archive}: attempt to write a readonly database")


def limited_to(size: int):
    """A file size limit (as ``ulimit -f``) for a subprocess: a write past it fails as on a full disk."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_a_full_disk_stops_the_import_and_keeps_what_was_committed(tmp_path):
    db = str(tmp_path / "a.db")
    Archive(db).db.close()
    path = tmp_path / "in.jsonl"
    path.write_text("".join(article_line(n) + "\n" for n in range(2000)), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "portal_spider.cli", "import", str(path), "--db", db],
        capture_output=True, text=True, timeout=300, preexec_fn=limited_to(os.path.getsize(db) + 4 * 1024 * 1024),
    )
    no_traceback(result)
    assert result.returncode == 1
    (line,) = error_lines(result)
    assert line.startswith(f"Error: cannot write the archive {db}: ")
    saved = int(line.rsplit("the ", 1)[1].split(" articles")[0])
    assert 0 < saved < 2000 and sqlite_utils.Database(db)["articles"].count == saved


def damage(db: str) -> None:
    """Overwrite 16 kB in the middle of the file, as a failing disk would."""
    with open(db, "r+b") as file:
        size = file.seek(0, os.SEEK_END)
        file.seek(size // 2 // 4096 * 4096)
        file.write(os.urandom(16384))


@pytest.fixture
def damaged_archive(tmp_path):
    db = str(tmp_path / "a.db")
    archive = Archive(db)
    archive.save_many([Article(url=f"https://a.com/{n}", title=f"第{n}篇", body_text=f"{BODY}第{n}篇。" * 20)
                       for n in range(300)])
    archive.db.close()
    damage(db)
    return db


def digest(path: str) -> str:
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def test_a_damaged_archive_is_refused_with_how_to_recover(damaged_archive, tmp_path):
    with pytest.raises(ArchiveDamaged, match=r"is damaged .*\.recover"):
        Archive(damaged_archive, check=True)
    before = digest(damaged_archive)
    path = tmp_path / "in.jsonl"
    path.write_text(article_line(1) + "\n", encoding="utf-8")
    for command in (["import", str(path)], ["crawl", "--start-url", "http://127.0.0.1:9/list/"]):
        result = run_cli(*command, "--db", damaged_archive)
        no_traceback(result)
        assert result.returncode == 1
        (line,) = error_lines(result)
        assert line.startswith(f"Error: the archive {damaged_archive} is damaged (")
        assert f"sqlite3 {damaged_archive} .recover | sqlite3 recovered.db" in line
    assert digest(damaged_archive) == before


def test_a_full_disk_stops_the_crawl_and_the_next_run_archives_the_rest(portal_server, tmp_path):
    db = str(tmp_path / "a.db")
    Archive(db).db.close()
    start = portal_server.base_url + "/list/index.html"
    result = subprocess.run(
        [sys.executable, "-m", "portal_spider.cli", "crawl", "--start-url", start, "--db", db, *FAST],
        capture_output=True, text=True, timeout=120, preexec_fn=limited_to(os.path.getsize(db) + 96 * 1024),
    )
    no_traceback(result)
    assert result.returncode == 69, result.stderr[-3000:]
    assert error_lines(result)[0].startswith(f"Error: cannot write the archive {db}: ")
    runs = sqlite_utils.Database(db)
    (status,) = [row["status"] for row in runs["crawl_runs"].rows]
    assert status in ("failed", "running")  # running: even the run record could not be closed
    saved = runs["articles"].count
    assert saved < 36

    crawl = subprocess.run([sys.executable, "-m", "portal_spider.cli", "crawl", "--start-url", start, "--db", db,
                            "--json", *FAST], capture_output=True, text=True, timeout=120)
    assert crawl.returncode == 0, crawl.stderr[-3000:]
    assert sqlite_utils.Database(db)["articles"].count == 36
