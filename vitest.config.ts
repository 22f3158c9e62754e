import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React Server Components; tests run server code directly.
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
    },
  },
  test: {
    environment: "node",
    pool: "forks",
    // The default (CPUs − 1) is one worker on these 2-core machines; two cut the PostgreSQL DB
    // tests from 125 s to 81 s (three: 84 s), since a DB test waits on its database half the time.
    maxWorkers: 2,
    // .test.tsx too: a component test must not be skipped for its extension.
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
    globalSetup: ["./test/global-setup.ts"],
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
