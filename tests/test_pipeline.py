"""ArchivePipeline and the run's writer: articles that queue up while the writer is busy are saved in one transaction."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest
from scrapy.utils.test import get_crawler

from portal_spider.extensions import RunRecorder
from portal_spider.pipelines import ArchivePipeline
from storage import Archive, Article


# The pipeline asks the run recorder about the run.
WITH_RUN = {"EXTENSIONS": {"portal_spider.extensions.RunRecorder": 500}}


def articles(n: int) -> list[Article]:
    return [Article(url=f"https://e.com/{i}", title=f"第{i}篇", body_text=f"第{i}篇攻略的正文。") for i in range(n)]


class HeldWriter:
    """Holds the writer inside its first save until released; records each batch's size."""

    def __init__(self):
        self.saving, self.release, self.batches = threading.Event(), threading.Event(), []


@pytest.fixture
def writer(monkeypatch):
    held = HeldWriter()
    save_many = Archive.save_many

    def held_save_many(self, batch):
        held.saving.set()
        held.release.wait(5)
        held.batches.append(len(batch))
        return save_many(self, batch)

    monkeypatch.setattr(Archive, "save_many", held_save_many)
    return held


def run_pipeline(settings: dict, items: list[Article], writer: HeldWriter) -> list:
    """The first item is being saved while the others arrive."""
    pipeline = ArchivePipeline.from_crawler(get_crawler(settings_dict={**WITH_RUN, **settings}))

    async def feed():
        pending = [asyncio.ensure_future(pipeline.process_item(items[0]))]
        while not writer.saving.is_set():
            await asyncio.sleep(0.01)
        pending += [asyncio.ensure_future(pipeline.process_item(item)) for item in items[1:]]
        await asyncio.sleep(0.1)  # they queue up
        writer.release.set()
        return await asyncio.gather(*pending, return_exceptions=True)

    try:
        return asyncio.run(feed())
    finally:
        pipeline.crawler.get_extension(RunRecorder).writer.close()


def test_queued_articles_are_saved_in_one_transaction(tmp_path, writer):
    path = str(tmp_path / "a.db")
    results = run_pipeline({"ARCHIVE_PATH": path}, articles(10), writer)
    assert all(isinstance(r, Article) for r in results)
    assert writer.batches == [1, 9]
    assert Archive(path).db["articles"].count == 10


def test_batches_are_capped(tmp_path, writer):
    run_pipeline({"ARCHIVE_PATH": str(tmp_path / "a.db"), "ARCHIVE_MAX_BATCH": 4}, articles(10), writer)
    assert writer.batches == [1, 4, 4, 1]


def test_a_failing_article_fails_alone(tmp_path, writer):
    items = articles(4)
    items[2] = Article(url="https://e.com/bad", title={"not": "text"}, body_text="正文")
    results = run_pipeline({"ARCHIVE_PATH": str(tmp_path / "a.db")}, items, writer)
    assert isinstance(results[2], sqlite3.Error)
    assert [isinstance(r, Article) for r in results] == [True, True, False, True]


def test_a_cancelled_wait_does_not_stop_the_writer(tmp_path, writer):
    path = str(tmp_path / "a.db")
    pipeline = ArchivePipeline.from_crawler(get_crawler(settings_dict={**WITH_RUN, "ARCHIVE_PATH": path}))
    first, second, third = articles(3)

    async def feed():
        saving = asyncio.ensure_future(pipeline.process_item(first))
        while not writer.saving.is_set():
            await asyncio.sleep(0.01)
        abandoned = asyncio.ensure_future(pipeline.process_item(second))
        await asyncio.sleep(0.05)
        abandoned.cancel()  # e.g. the engine gave up on the item
        writer.release.set()
        return await asyncio.wait_for(asyncio.gather(saving, pipeline.process_item(third)), 5)

    try:
        assert asyncio.run(feed()) == [first, third]
    finally:
        pipeline.crawler.get_extension(RunRecorder).writer.close()
    assert [r[0] for r in Archive(path).db.execute("SELECT url FROM articles ORDER BY id")] == [first.url, third.url]
