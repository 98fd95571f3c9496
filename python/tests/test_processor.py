"""The package's processor check: the 32-bit x86 build needs SSE2, and a
processor without it gets an ImportError, not an illegal instruction."""

from __future__ import annotations

import pytest
from ultrajson import _processor

PENTIUM_III = """processor\t: 0
vendor_id\t: GenuineIntel
model name\t: Pentium III (Coppermine)
flags\t\t: fpu vme de pse tsc msr pae mce cx8 sep mtrr pge mca cmov pat pse36 mmx fxsr sse
"""
PENTIUM_4 = PENTIUM_III.replace("Pentium III (Coppermine)", "Pentium 4").replace(" sse\n", " sse sse2\n")
# Two processors, one with SSE2 (no such machine, but the extension needs
# only that the one it runs on has it; the check does not guess which).
MIXED = PENTIUM_III + "\n" + PENTIUM_4.replace("processor\t: 0", "processor\t: 1")


@pytest.mark.parametrize(
    ("text", "lacks"),
    [(PENTIUM_III, True), (PENTIUM_4, False), (MIXED, False), ("", False), ("processor\t: 0\n", False)],
)
def test_lacks_sse2_reads_the_flags_lines(text, lacks):
    assert _processor.lacks_sse2(text) is lacks


def test_sse2_is_a_whole_flag_not_a_prefix():
    assert _processor.lacks_sse2(PENTIUM_III.replace(" sse\n", " sse sse2x\n"))


@pytest.fixture
def cpuinfo(tmp_path):
    def write(text):
        path = tmp_path / "cpuinfo"
        path.write_text(text)
        return str(path)

    return write


@pytest.mark.parametrize("machine", ["i686", "i386", "x86", "x86_64", "AMD64"])
def test_32_bit_x86_without_sse2_raises_import_error(cpuinfo, machine):
    with pytest.raises(ImportError, match="needs a processor with SSE2"):
        _processor.check(4, machine, cpuinfo(PENTIUM_III))


@pytest.mark.parametrize(("pointer_size", "machine"), [(8, "x86_64"), (4, "armv7l"), (8, "aarch64")])
def test_other_builds_are_not_checked(cpuinfo, pointer_size, machine):
    _processor.check(pointer_size, machine, cpuinfo(PENTIUM_III))


def test_32_bit_x86_with_sse2_passes(cpuinfo):
    _processor.check(4, "i686", cpuinfo(PENTIUM_4))


def test_no_cpuinfo_to_read_passes(tmp_path):
    _processor.check(4, "i686", str(tmp_path / "missing"))


def test_this_processor_passes():
    # The package imported, so the real check passed here; run it again
    # with the interpreter's own pointer size, machine and /proc/cpuinfo.
    _processor.check()
