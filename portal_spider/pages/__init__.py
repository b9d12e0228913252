"""Page parsing: bytes of one article page to a storage.article.Article (no Scrapy here)."""

from .article import parse_article, parse_article_with_sources
from .encoding import decode_html
from .options import ExtractionOptions
from .paging import join_pages

__all__ = ["ExtractionOptions", "decode_html", "join_pages", "parse_article", "parse_article_with_sources"]
