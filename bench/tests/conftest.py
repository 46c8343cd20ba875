"""The tests of the benches' own code (bench/): the experiments' readings and searches and the
rule-based styles, which the shipped AI does not contain. Run on their own, not by
`build.py test`:

    python3 -m pytest bench/tests

bench/ and py/ go on the path here, as the bench scripts put them (they import each other as
top-level modules: `import lookahead`).
"""

import pathlib
import sys

BENCH = pathlib.Path(__file__).resolve().parents[1]
for path in (BENCH.parent / "py", BENCH):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: the longest of these tests (deselect: -m 'not slow')")
