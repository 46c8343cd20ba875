"""Which engine tests run inside Pyodide: a subset that still cites every rule id.

Re-running the whole engine suite in wasm proves little more than running it on CPython; what
the Pyodide run must show is that the shipped runtime applies every rule the same. So the run
takes, from the tests it may run (tests/engine and tests/ai, minus `no_pyodide`), a small set
that together cite every rule id (docs/RULES.md, e.g. SS-3, SN-11) that any of them cites, and
at least one test of every test module (of those with a test not `slow`). A test cites a rule
id in its name, its parameters, its docstring or its body (`SS-3` or `SS_3`).

Chosen greedily: the test citing the most ids not yet covered, a `slow` one only for what no
other covers, of equals the shorter node id (the plainer case of a parametrized test). Run as
a script it prints the chosen node ids and what they cover:

    python3 tests/pyodide/rule_subset.py
"""
from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "RULES.md"
SOURCES = ["tests/engine", "tests/ai"]
SELECTION = "not no_pyodide"


def rule_ids() -> frozenset[str]:
    """Every rule id docs/RULES.md defines (two capitals, a dash, a number)."""
    return frozenset(re.findall(r"\b([A-Z]{2}-\d+)\b", RULES.read_text(encoding="utf-8")))


def cited(text: str, known: frozenset[str]) -> set[str]:
    """The known rule ids `text` cites, written SS-3 or SS_3 (as in test names)."""
    found = re.findall(r"(?<![A-Za-z0-9])([A-Z]{2})[-_](\d+)(?!\d)", text)
    return {f"{p}-{n}" for p, n in found} & known


class _Collector:
    """A pytest plugin: after collection, each item's node id, cited rule ids and `slow`."""

    def __init__(self):
        self.records: list[dict] = []

    def pytest_collection_finish(self, session):
        known = rule_ids()
        for item in session.items:
            function = getattr(item, "function", None)
            try:
                source = inspect.getsource(function) if function else ""
            except (OSError, TypeError):
                source = ""
            self.records.append({
                "nodeid": item.nodeid,
                "rules": sorted(cited(item.name + "\n" + source, known)),
                "slow": item.get_closest_marker("slow") is not None,
            })


def collect() -> list[dict]:
    """Collect the tests the Pyodide run may take (in this process: call from a subprocess)."""
    import pytest

    collector = _Collector()
    code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", "-m", SELECTION,
                        *SOURCES], plugins=[collector])
    if code != 0:
        raise SystemExit(f"collecting {SOURCES} failed (pytest exit {code})")
    return collector.records


def collect_in_subprocess() -> list[dict]:
    """collect(), in a fresh interpreter (a pytest run must not collect inside itself)."""
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--records"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def module_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def choose(records: list[dict]) -> list[str]:
    """Greedy cover of every cited rule id and of every module that has a test not `slow`."""
    need_rules = set().union(*(r["rules"] for r in records)) if records else set()
    need_modules = {module_of(r["nodeid"]) for r in records if not r["slow"]}
    chosen: list[str] = []

    def gain(r):
        return len(need_rules & set(r["rules"])) + (module_of(r["nodeid"]) in need_modules)

    while need_rules or need_modules:
        # a slow test only for what no other covers; then the largest gain, the shorter node
        # id, the first collected
        best = max(records, key=lambda r: (gain(r) > 0, not r["slow"], gain(r),
                                           -len(r["nodeid"])))
        if gain(best) == 0:
            break
        chosen.append(best["nodeid"])
        need_rules -= set(best["rules"])
        need_modules.discard(module_of(best["nodeid"]))
    return chosen


def covered(records: list[dict], nodeids) -> tuple[set[str], set[str]]:
    """(rule ids, modules) that the tests `nodeids` cite and belong to."""
    by_id = {r["nodeid"]: r for r in records}
    rules = set().union(*(by_id[n]["rules"] for n in nodeids)) if nodeids else set()
    return rules, {module_of(n) for n in nodeids}


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    if argv[:1] == ["--records"]:
        import contextlib
        import io

        with contextlib.redirect_stdout(io.StringIO()):
            records = collect()
        print(json.dumps(records))
        return 0
    records = collect_in_subprocess()
    chosen = choose(records)
    rules, modules = covered(records, chosen)
    for nodeid in chosen:
        print(nodeid)
    print(f"# {len(chosen)} of {len(records)} tests; {len(rules)} rule ids; "
          f"{len(modules)} modules", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
