import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const testFile = /\.test\.tsx?$/;
const skippedDirs = new Set(["node_modules", "e2e", ".next", ".data", ".git", "test-results"]);
// A file that replaces a module or changes process-wide state needs a fresh module graph: a
// `vi.mock` does not reach a module another file in the same worker imported first.
const touchesProcessState =
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skippedDirs.has(entry.name) ? [] : testFiles(path.join(dir, entry.name));
    return testFile.test(entry.name) ? [path.relative(import.meta.dirname, path.join(dir, entry.name))] : [];
  });
}

const isolatedFiles = testFiles(import.meta.dirname).filter((file) =>
  touchesProcessState.test(fs.readFileSync(path.join(import.meta.dirname, file), "utf8")),
);

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React Server Components; tests run server code directly.
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
      // `next/headers` only works inside a Next.js request; server actions under test read the
      // headers a test sets (test/support/request-headers.ts).
      "next/headers": path.resolve(import.meta.dirname, "test/support/request-headers.ts"),
    },
  },
  test: {
    environment: "node",
    pool: "forks",
    // The default (CPUs − 1) is one worker on these 2-core machines; two cut the PostgreSQL DB
    // tests from 125 s to 81 s (three: 84 s), since a DB test waits on its database half the time.
    maxWorkers: 2,
    globalSetup: ["./test/global-setup.ts"],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          // Files share one module graph per worker: importing the server once instead of once per
          // file took the PGlite run from 284 s to 156 s.
          isolate: false,
          // .test.tsx too: a component test must not be skipped for its extension.
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**", ...isolatedFiles],
        },
      },
      {
        extends: true,
        test: { name: "isolated", isolate: true, include: isolatedFiles.length > 0 ? isolatedFiles : ["no-such-file"] },
      },
    ],
  },
});
