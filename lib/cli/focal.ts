import { runWithReactServerCondition } from "./react-server-condition";

// The Focal CLI: `npm run focal -- import <file>` / `export <key> [--out file]` / `test <file | key>`.
// It runs under Node's "react-server" condition (react-server-condition.ts says why).
async function main(): Promise<number> {
  const [{ openDatabase }, { env }, { composeFocal }, { runCli }] = await Promise.all([
    import("@/db/client"),
    import("@/lib/env"),
    import("@/lib/boot/compose"),
    import("./run-cli"),
  ]);
  // A bundle's tests run on the background worker threads the composition root provides.
  composeFocal();
  return runCli(process.argv.slice(2), {
    openDatabase: () => {
      const settings = env();
      return openDatabase({ url: settings.DATABASE_URL, dataDir: settings.FOCAL_DATA_DIR });
    },
    // A bundle's tests run on an in-memory embedded database: nothing to set up, nothing left behind.
    openScratchDatabase: () => openDatabase({ dataDir: "memory://" }),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}

runWithReactServerCondition(main);
