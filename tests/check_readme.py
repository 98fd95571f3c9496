"""Checks that every C++ block the README quotes from examples/ is the
example's marked region (between `// [example]` lines) as it stands, and that
the output the README shows is the output the tests expect, so the README
cannot drift from code that is built and run.

    python3 tests/check_readme.py [REPO_ROOT]
"""

import re
import sys
from pathlib import Path


def example_region(path: Path) -> str:
    parts = path.read_text().split("// [example]\n")
    if len(parts) != 3:
        raise SystemExit(f"{path}: expected one region between two '// [example]' lines")
    return parts[1]


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1])
    readme = (root / "README.md").read_text()
    blocks = re.findall(r"```cpp\n(.*?)```\n", readme, flags=re.S)
    failures = []
    checked = 0
    for name in ("handler_example.cpp", "writer_example.cpp", "twitter_dom.cpp", "twitter_typed.cpp"):
        region = example_region(root / "examples" / name)
        checked += 1
        if region not in blocks:
            failures.append(f"README does not quote examples/{name} as it stands")
    for expected in ("writer.txt", "handler_string.txt", "twitter_typed_error.txt"):
        output = (root / "tests" / "examples" / expected).read_text().strip()
        checked += 1
        if output not in readme:
            failures.append(f"README does not show the output in tests/examples/{expected}")
    for failure in failures:
        print(failure)
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
