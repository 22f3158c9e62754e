import { spawnSync } from "node:child_process";

// The Focal CLI: `npm run focal -- import <file>` / `export <key> [--out file]` / `test <file | key>`.
//
// The bundle code shares lib/server with the app, whose modules import "server-only". That package
// throws unless Node resolves the "react-server" export condition, which Next.js sets for server code
// and plain tsx does not. Without it, run this same script again with the condition.
async function serverOnlyLoads(): Promise<boolean> {
  try {
    await import("server-only");
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  if (!(await serverOnlyLoads())) {
    const args = [...process.execArgv, "--conditions=react-server", ...process.argv.slice(1)];
    const child = spawnSync(process.execPath, args, { stdio: "inherit" });
    return child.status ?? 1;
  }
  const [{ openDatabase }, { env }, { runCli }] = await Promise.all([
    import("@/db/client"),
    import("@/lib/env"),
    import("./run-cli"),
  ]);
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
