// Brotli for the build (tools/encode.py): Node's zlib, at the highest quality, since the
// standard library of the build's Python has no brotli.
//
//   node brotli.mjs IN OUT [IN OUT ...]
import { readFileSync, writeFileSync } from "node:fs";
import zlib from "node:zlib";

const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  const data = readFileSync(args[i]);
  writeFileSync(args[i + 1], zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_LGWIN]: zlib.constants.BROTLI_MAX_WINDOW_BITS,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  } }));
}
