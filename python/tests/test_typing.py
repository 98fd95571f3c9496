"""The type stubs: they match the module (mypy's stubtest) and type typical
calls under mypy --strict, as the installed package is seen by a user."""

from __future__ import annotations

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).parent


def run_mypy(*args: str) -> subprocess.CompletedProcess[str]:
    # From a folder outside the source tree, so the installed package is checked.
    return subprocess.run([sys.executable, "-m", *args], cwd=HERE,
                          capture_output=True, text=True, timeout=600, check=False)


def test_stubs_match_the_module():
    result = run_mypy("mypy.stubtest", "ultrajson", "--allowlist",
                      str(HERE / "stubtest_allowlist.txt"), "--ignore-unused-allowlist")
    assert result.returncode == 0, result.stdout + result.stderr


def test_typical_calls_pass_mypy_strict():
    result = run_mypy("mypy", "--strict", "--no-incremental", "typing_usage.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_catches_a_wrong_call(tmp_path):
    # The check above could pass for want of looking: a wrong call must fail.
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import ultrajson\nx: int = ultrajson.dumps([1], indent='2')\n")
    result = run_mypy("mypy", "--strict", "--no-incremental", str(wrong))
    assert result.returncode == 1
    assert "indent" in result.stdout and "str" in result.stdout


def test_package_sources_pass_mypy_strict():
    # The pure-Python parts (JSON Lines, the command line) as installed.
    result = run_mypy("mypy", "--strict", "--no-incremental", "-p", "ultrajson")
    assert result.returncode == 0, result.stdout + result.stderr
