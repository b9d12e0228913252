import gzip

import pytest

from portal_spider.feeds import Entry, FeedError, feed_links, parse_feed, parse_sitemap, sitemaps_from_robots


def test_sitemaps_from_robots():
    robots = "User-agent: *\nDisallow: /admin/\nSitemap: /sitemap.xml\nsitemap: http://p.test/news.xml\n"
    assert sitemaps_from_robots(robots, "http://p.test/robots.txt") == [
        "http://p.test/sitemap.xml", "http://p.test/news.xml"]


def test_urlset_and_index():
    urlset = b"""<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <url><loc>http://p.test/article/1.html</loc><lastmod>2025-05-13</lastmod></url>
    <url><loc>/article/2.html</loc></url></urlset>"""
    sitemap = parse_sitemap(urlset, "http://p.test/sitemap.xml")
    assert sitemap.entries == [Entry("http://p.test/article/1.html", "2025-05-13"), Entry("http://p.test/article/2.html")]
    index = b"""<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <sitemap><loc>http://p.test/s1.xml</loc></sitemap></sitemapindex>"""
    assert parse_sitemap(index, "http://p.test/sitemap.xml").child_sitemaps == ["http://p.test/s1.xml"]


def test_rss_and_atom():
    rss = b"<rss><channel><item><title>t</title><link>http://p.test/a/1.html</link><pubDate>Tue, 13 May 2025 03:07:46 GMT</pubDate></item></channel></rss>"
    assert parse_feed(rss, "http://p.test/feed.xml") == [Entry("http://p.test/a/1.html", "Tue, 13 May 2025 03:07:46 GMT")]
    atom = b"""<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="/a/2.html"/><updated>2025-05-13T11:07:46+08:00</updated></entry></feed>"""
    assert parse_feed(atom, "http://p.test/atom.xml") == [Entry("http://p.test/a/2.html", "2025-05-13T11:07:46+08:00")]


def test_feed_links_and_garbage():
    html = '<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head></html>'
    assert feed_links(html, "http://p.test/list/") == ["http://p.test/feed.xml"]
    with pytest.raises(FeedError, match="feed is not XML"):
        parse_feed(b"\x00garbage", "http://p.test/")
    with pytest.raises(FeedError, match="not XML"):
        parse_sitemap(b"", "http://p.test/")
    with pytest.raises(FeedError, match="not a sitemap: the document is <html>"):
        parse_sitemap(b"<html><body>home page</body></html>", "http://p.test/sitemap.xml")


URLSET = b"""<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>http://p.test/article/1.html</loc><lastmod>2025-05-13</lastmod></url></urlset>"""


def test_gzipped_sitemaps_are_unpacked():
    sitemap = parse_sitemap(gzip.compress(URLSET), "http://p.test/sitemap.xml.gz")
    assert sitemap.entries == [Entry("http://p.test/article/1.html", "2025-05-13")]


def test_broken_or_oversized_gzip_is_a_feed_error(monkeypatch):
    with pytest.raises(FeedError, match="broken gzip data"):
        parse_sitemap(gzip.compress(URLSET)[:20], "http://p.test/sitemap.xml.gz")
    monkeypatch.setattr("portal_spider.feeds.SITEMAP_MAX_BYTES", 64)
    with pytest.raises(FeedError, match="larger than"):
        parse_sitemap(gzip.compress(URLSET), "http://p.test/sitemap.xml.gz")
