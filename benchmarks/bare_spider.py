"""The anchor for crawl throughput: a bare Scrapy spider that fetches URLs and parses nothing.

    scrapy runspider benchmarks/bare_spider.py -a urls=urls.txt -a stats=out.json
"""

import json
from datetime import datetime, timezone

import scrapy


class BareSpider(scrapy.Spider):
    name = "bare"
    custom_settings = {
        "ROBOTSTXT_OBEY": False,
        "AUTOTHROTTLE_ENABLED": False,
        "DOWNLOAD_DELAY": 0,
        "CONCURRENT_REQUESTS": 16,
        "CONCURRENT_REQUESTS_PER_DOMAIN": 16,
        "COOKIES_ENABLED": False,
        "TELNETCONSOLE_ENABLED": False,
        "LOG_LEVEL": "WARNING",
    }

    def __init__(self, urls: str, stats: str, **kwargs):
        super().__init__(**kwargs)
        self.urls_path = urls
        self.stats_path = stats

    async def start(self):
        with open(self.urls_path, encoding="utf-8") as lines:
            for line in lines:
                yield scrapy.Request(line.strip(), callback=self.parse, dont_filter=True)

    def parse(self, response):
        return None

    def closed(self, reason):
        stats = self.crawler.stats
        with open(self.stats_path, "w", encoding="utf-8") as out:
            json.dump({
                "pages": stats.get_value("downloader/response_count", 0),
                "seconds": (datetime.now(timezone.utc) - stats.get_value("start_time")).total_seconds(),
            }, out)
