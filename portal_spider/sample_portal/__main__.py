"""``python -m portal_spider.sample_portal [--port N] [--articles N] [--seed N] [--style NAME]``"""

import argparse

from . import STYLES, SamplePortal, serve

parser = argparse.ArgumentParser(prog="python -m portal_spider.sample_portal")
parser.add_argument("--host", default="127.0.0.1")
parser.add_argument("--port", type=int, default=8000)
parser.add_argument("--articles", type=int, default=36)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--style", choices=list(STYLES), default="numeric")
args = parser.parse_args()
portal = SamplePortal(articles=args.articles, seed=args.seed, style=args.style)
server = serve(portal, host=args.host, port=args.port)
print(f"sample portal at {server.base_url}{portal.start_path}", flush=True)
try:
    server.wait()
except KeyboardInterrupt:
    server.shutdown()
