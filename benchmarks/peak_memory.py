"""Run a command and print its peak resident memory (MiB) on stderr's last line.

    python benchmarks/peak_memory.py CMD ARGS...
The wrapper has one child, so RUSAGE_CHILDREN's maxrss is that command's peak.
"""

import resource
import subprocess
import sys

code = subprocess.call(sys.argv[1:])
peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"peak_rss_mib={peak_kib / 1024:.1f}", file=sys.stderr)
sys.exit(code)
