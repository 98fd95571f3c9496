"""The Python tests on every CPython that the package claims (3.9 to 3.13).

    nox                  every version found; one not installed is skipped
    nox -s tests-3.12    one version
    nox -- ARGS          pytest ARGS instead of the whole suite

Each session builds the extension once into build/nox-<version> (kept, so a
second run only recompiles what changed) and runs pytest against the
installed package.
"""

from __future__ import annotations

import glob
import os
import re
from pathlib import Path

import nox

PYTHONS = ["3.9", "3.10", "3.11", "3.12", "3.13"]
BUILD_REQUIREMENTS = nox.project.load_toml("pyproject.toml")["build-system"]["requires"]
# ujson: the differential test compares against it (pinned: its messages;
# 6.1.0 requires Python 3.10, so 3.9 runs without that test).
# numpy: dumps encodes its arrays natively (the module never imports it).
TEST_REQUIREMENTS = ["pytest", "hypothesis", "mypy", 'ujson==6.1.0; python_version >= "3.10"',
                     "numpy"]

ROOT = Path(__file__).parent

# A missing interpreter is reported and skipped, also under CI=true (where
# nox would otherwise fail the run): the machine decides which versions exist.
nox.options.error_on_missing_interpreters = False
nox.options.sessions = ["tests"]


def _expose_pyenv_interpreters() -> None:
    """Puts pyenv's interpreters where nox looks (pythonX.Y on PATH).

    pyenv keeps each version under $PYENV_ROOT/versions/X.Y.Z/bin, and its
    shims answer only for the versions selected globally, so nox would not
    see the others. A folder of pythonX.Y links, one per minor version (the
    newest patch release), goes first on PATH.
    """
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    newest: dict[str, tuple[tuple[int, ...], Path]] = {}
    for folder in glob.glob(str(pyenv_root / "versions" / "3.*")):
        match = re.fullmatch(r"(3)\.(\d+)\.(\d+)", Path(folder).name)
        if match is None:
            continue
        minor = f"{match[1]}.{match[2]}"
        binary = Path(folder) / "bin" / f"python{minor}"
        release = tuple(int(part) for part in match.groups())
        if binary.exists() and (minor not in newest or newest[minor][0] < release):
            newest[minor] = (release, binary)
    if not newest:
        return
    links = ROOT / ".nox" / "interpreters"
    links.mkdir(parents=True, exist_ok=True)
    for minor, (_, binary) in newest.items():
        link = links / f"python{minor}"
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(binary)
    os.environ["PATH"] = f"{links}{os.pathsep}{os.environ.get('PATH', '')}"


_expose_pyenv_interpreters()


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    session.install(*BUILD_REQUIREMENTS, *TEST_REQUIREMENTS)
    # Without build isolation pip needs no fresh build environment per run,
    # and the per-version build folder makes a rebuild incremental.
    session.install(
        "--no-build-isolation",
        f"--config-settings=build-dir=build/nox-{session.python}",
        ".",
    )
    # `nox -s tests-3.12 -- python/tests/test_loads.py` runs only what follows "--".
    tests = session.posargs or ["python/tests"]
    session.run("python", "-m", "pytest", *tests, "-q", "-p", "no:cacheprovider")
