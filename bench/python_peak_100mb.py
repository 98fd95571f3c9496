"""Peak memory of loads and dumps on a 100 MB document, ultrajson against json
(issue 7): each call in a fresh interpreter, the growth of the resident set's
high-water mark (VmHWM, reset through /proc/self/clear_refs) over the call.

    python3 bench/python_peak_100mb.py

The document is twitter.json 160 times over in one array (101 MB), read as
a str for loads; dumps encodes what json.loads made of it.
"""

from __future__ import annotations

import subprocess
import sys

CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from python_cases import read_corpus
import ultrajson
module = {"json": json, "ultrajson": ultrajson}[sys.argv[2]]
text = "[" + ",".join([read_corpus("twitter.json")] * 160) + "]"
value = json.loads(text) if sys.argv[3] == "dumps" else None
def status(key):
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) * 1024 for l in f if l.startswith(key + ":"))
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")
before = status("VmRSS")
result = module.dumps(value) if sys.argv[3] == "dumps" else module.loads(text)
print(status("VmHWM") - before, len(text))
"""


def main() -> int:
    here = sys.path[0]
    print("| call | json peak growth (MiB) | ultrajson (MiB) | ultrajson / json |")
    print("|---|--:|--:|--:|")
    for call in ("loads", "dumps"):
        growth = {}
        for name in ("json", "ultrajson"):
            out = subprocess.run([sys.executable, "-c", CHILD, here, name, call],
                                 capture_output=True, text=True, check=True).stdout.split()
            growth[name] = int(out[0])
        mib = {name: value / 2**20 for name, value in growth.items()}
        print(f"| {call}, {int(out[1]) / 1e6:.0f} MB document | {mib['json']:.0f} | "
              f"{mib['ultrajson']:.0f} | {growth['ultrajson'] / growth['json']:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
