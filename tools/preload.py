"""The page's static module graph, preloaded: index.html names every module app.js reaches by
static imports as a `<link rel="modulepreload">`, so the browser fetches them all at once
instead of discovering them one import level at a time (each level is one more round trip on
a first visit: a dozen levels on a phone network)."""
from __future__ import annotations

import posixpath
import re

# `import ... from "x"`, `export ... from "x"` and `import "x"`, across lines; the specifier
# group must be relative (bare and absolute specifiers are not ours to preload)
STATIC_IMPORT = re.compile(
    r"""(?:^|[;\n}])\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s*)?["'](\.{1,2}/[^"']+)["']""")


def static_imports(source: str) -> list[str]:
    """The relative specifiers of a module's static imports and re-exports."""
    without_comments = re.sub(r"/\*.*?\*/|^\s*//[^\n]*", "", source, flags=re.S | re.M)
    return STATIC_IMPORT.findall(without_comments)


def module_graph(files: dict[str, bytes], entry: str) -> list[str]:
    """Every module reachable from `entry` by static imports (paths as keys of `files`), in the
    order first met, the entry excluded. A missing module is an error: the page would fail too."""
    seen, order, todo = {entry}, [], [entry]
    while todo:
        current = todo.pop(0)
        for spec in static_imports(files[current].decode("utf-8")):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(current), spec))
            if target not in files:
                raise ValueError(f"{current} imports {spec}, which is not in web/")
            if target not in seen:
                seen.add(target)
                order.append(target)
                todo.append(target)
    return order


def preload_links(files: dict[str, bytes], entry: str, prefix: str) -> str:
    """The `<link rel="modulepreload">` lines for the modules `entry` reaches."""
    return "".join(f'  <link rel="modulepreload" href="{prefix}{path}">\n'
                   for path in module_graph(files, entry))
