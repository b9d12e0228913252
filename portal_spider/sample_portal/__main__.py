"""``python -m portal_spider.sample_portal [--port N] [--articles N] [--seed N] [--style NAME] [--hostile]``"""

import argparse

from . import STYLES, SamplePortal, serve
from .hostile import HostilePortal

parser = argparse.ArgumentParser(prog="python -m portal_spider.sample_portal")
parser.add_argument("--host", default="127.0.0.1")
parser.add_argument("--port", type=int, default=8000)
parser.add_argument("--articles", type=int, default=36)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--style", choices=list(STYLES), default="numeric")
parser.add_argument("--hostile", action="store_true",
                    help="the default style whose listing also links hazards (sample_portal.hostile)")
parser.add_argument("--elsewhere", default="http://127.0.0.2:8000/elsewhere.html",
                    help="with --hostile: the page on another site its off-site hazards point to")
args = parser.parse_args()
if args.hostile:
    portal = HostilePortal(elsewhere=args.elsewhere, articles=args.articles, seed=args.seed)
else:
    portal = SamplePortal(articles=args.articles, seed=args.seed, style=args.style)
server = serve(portal, host=args.host, port=args.port)
print(f"sample portal at {server.base_url}{portal.start_path}", flush=True)
if args.hostile:
    print(f"its calendar at {server.base_url}{portal.calendar_path}", flush=True)
try:
    server.wait()
except KeyboardInterrupt:
    server.shutdown()
