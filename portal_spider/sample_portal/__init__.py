"""A bundled, deterministic sample game-guide portal (攻略站) for demos, tests and benchmarks.

No Scrapy here: the portal is generated in memory from a seed and served by the stdlib.

    from portal_spider.sample_portal import SamplePortal, serve
    portal = SamplePortal(articles=36, seed=1)  # or style="forum", "slug", ... (STYLES)
    with serve(portal, port=0) as server:
        ...  # crawl server.base_url + portal.start_path; compare with portal.truth_json(server.base_url)

The articles come from one generator (``content``, ``content_en`` for English styles); the
style (``styles``, one module each) is the kind of site they are published on: its URL
scheme, listing and article templates, sitemap and feed. The default, ``numeric``
(``styles/numeric.py``): ``/`` → 302 ``/list/index.html``; listings ``/list/index.html``,
``/list/index_2.html`` … (newest first, pager 上一頁 / numbers / 下一頁); articles
``/article/<id>.html`` (+ ``_2``/``_3`` continuation pages for about 1 in 4, canonical always
page 1); ``/category/{guide,patch,pvp}.html``; ``/about.html``; ``/robots.txt``
(Disallow: /admin/); ``/sitemap.xml``; ``/feed.xml`` (20 newest); ``/a/<id>`` → 301 to the
article. Article pages vary like real ones: Traditional or Simplified script, pinyin
artefacts ``當(dāng)前`` (or ``<ruby>``), GB18030 bytes behind a gb2312 meta with no header
charset, an ad block inside the body, a 熱門文章 sidebar with tracking parameters.
"""

from .portal import DISGUISES, ArticleTruth, SamplePortal
from .server import PortalServer, serve
from .styles import STYLES

__all__ = ["ArticleTruth", "DISGUISES", "PortalServer", "STYLES", "SamplePortal", "serve"]
