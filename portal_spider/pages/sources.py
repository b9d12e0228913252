"""Names for where a field's value came from (parse_article_with_sources reports them)."""

SELECTOR = "selector"  # the portal's CSS selector from portals.toml
STRUCTURED_DATA = "structured data"  # JSON-LD, microdata (itemprop, <time pubdate>)
META = "meta"  # <meta> tags, OpenGraph, the document's <title>
HEURISTIC = "heuristic"  # the page's own text and markup: headings, bylines, dated lines, the scored block
NONE = "none"  # the field is empty
