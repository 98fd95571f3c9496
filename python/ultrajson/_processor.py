"""The processor feature that the 32-bit x86 build needs: SSE2.

On 32-bit x86 the extension is built with SSE2 (python/CMakeLists.txt says
why).  A processor without it (older than the Pentium 4 and the Athlon 64)
would stop the interpreter with an illegal instruction as the extension
loads; the package checks first and raises ImportError instead.  Linux says
what the processor has in /proc/cpuinfo; elsewhere there is nothing to read
without running code, and the check passes.
"""

from __future__ import annotations

import struct

# What platform.machine() names x86 as.  A 32-bit interpreter on a 64-bit
# kernel sees the kernel's name: every x86-64 processor has SSE2, and the
# check then finds it in /proc/cpuinfo.
_X86_MACHINES = frozenset(("i386", "i486", "i586", "i686", "x86", "x86_64", "amd64"))

_MESSAGE = (
    "ultrajson's 32-bit x86 build needs a processor with SSE2 "
    "(a Pentium 4, an Athlon 64 or later); this one has none"
)


def lacks_sse2(cpuinfo: str) -> bool:
    """Whether /proc/cpuinfo's text names processors, none of which has SSE2."""
    flags = [line.partition(":")[2].split() for line in cpuinfo.splitlines() if line.startswith("flags")]
    return bool(flags) and not any("sse2" in processor for processor in flags)


def check(pointer_size: int | None = None, machine: str | None = None, cpuinfo_path: str = "/proc/cpuinfo") -> None:
    """Raise ImportError on 32-bit x86 when the processor has no SSE2 (the
    arguments are for the tests: the interpreter's own by default)."""
    if (struct.calcsize("P") if pointer_size is None else pointer_size) != 4:
        return
    import platform  # only here: most interpreters never need it

    if (platform.machine() if machine is None else machine).lower() not in _X86_MACHINES:
        return
    try:
        with open(cpuinfo_path, encoding="ascii", errors="replace") as cpuinfo:
            text = cpuinfo.read()
    except OSError:
        return
    if lacks_sse2(text):
        raise ImportError(_MESSAGE)
