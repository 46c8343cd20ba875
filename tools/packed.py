"""The big downloads of a first visit, shipped xz-compressed and decoded in the engine's worker.

Why: a host compresses on the fly, and not well enough for a first visit (docs/WEB.md
"Compression as served"): Netlify sends the wasm with gzip or brotli at a level it does not
publish (gzip -9: 3.53 MB, brotli 11: 2.77 MB) and zips and wheels as they are (deflated per
entry). xz -9 of the same wasm is 2.64 MB, and a zip whose entries are stored, compressed as one
stream, is a third smaller than its deflated entries. Chromium has no decoder for either in
DecompressionStream (gzip and deflate only), so the worker decodes with xz-decompress (xz-embedded
compiled to wasm, vendored from npm: tools/vendor.py) as the bytes arrive (web/packed-fetch.js).

Each file keeps its name with ".xz" added; build-assets.js lists them (PACKED), so the worker
asks for the plain name and gets the decoded bytes. Packing is slow (about 5 s for the wasm), so
results are kept in .cache/packed/ by content."""
from __future__ import annotations

import io
import lzma
import zipfile

from .common import CACHE, short_hash

SUFFIX = ".xz"
KEEP = CACHE / "packed"
# xz-embedded checks CRC32 (it skips SHA-256). Wasm is a byte stream: no position bits
# (lp = pb = 0) packs it about 6 kB tighter than the preset.
_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME,
             "dict_size": 1 << 24, "lc": 3, "lp": 0, "pb": 0}]


def rezip(data: bytes, compression: int = zipfile.ZIP_STORED) -> bytes:
    """The same zip with every entry compressed by `compression`: stored by default (the xz
    stream compresses them together, better)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", compression) as dst:
        for info in src.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = compression
            dst.writestr(entry, src.read(info), compresslevel=9 if compression == zipfile.ZIP_DEFLATED else None)
    return out.getvalue()


def xz(data: bytes) -> bytes:
    """`data` as an xz stream the page's decoder reads (kept in .cache/packed/ by content)."""
    kept = KEEP / (short_hash(data, repr(_FILTERS).encode()) + SUFFIX)
    if kept.exists():
        return kept.read_bytes()
    packed = lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=_FILTERS)
    KEEP.mkdir(parents=True, exist_ok=True)
    tmp = kept.with_suffix(".tmp")
    tmp.write_bytes(packed)
    tmp.replace(kept)
    return packed


def pack(name: str, data: bytes) -> bytes:
    """The packed form of the file `name`: zips and wheels stored first, then xz."""
    return xz(rezip(data) if name.endswith((".zip", ".whl")) else data)


def unpack(data: bytes) -> bytes:
    """The original bytes of a packed file (tests and tools; zips come back stored)."""
    return lzma.decompress(data, format=lzma.FORMAT_XZ)
