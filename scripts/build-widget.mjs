// Bundles widget/ (framework-free TypeScript) into public/widget.js with esbuild: run by next.config.mjs
// on every `next build` and `next dev`, so a clean clone needs nothing more than `npm ci && npm run build`.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

/** Builds the bundle; writes public/widget.js unless `write` is false. Returns its bytes and gzip size. */
export function buildWidget({ write = true } = {}) {
  const result = buildSync({
    entryPoints: [path.join(root, "widget", "main.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    // Browsers of the last ~3 years: fetch streams and shadow DOM.
    target: ["es2020", "chrome100", "firefox105", "safari16"],
    legalComments: "none",
    write: false,
    outfile: path.join(root, "public", "widget.js"),
  });
  const file = result.outputFiles[0];
  if (write) fs.writeFileSync(file.path, file.contents);
  return { bytes: file.contents.length, gzipBytes: gzipSync(file.contents).length, text: file.text };
}
