import { spawnSync } from "node:child_process";

// The CLI and the worker share lib/server with the app, whose modules import "server-only". That
// package throws unless Node resolves the "react-server" export condition, which Next.js sets for
// server code and plain tsx does not.

async function serverOnlyLoads(): Promise<boolean> {
  try {
    await import("server-only");
    return true;
  } catch {
    return false;
  }
}

/** Runs `main` under the "react-server" condition: directly when it is set, else as a child of this same script with it. */
export function runWithReactServerCondition(main: () => Promise<number>): void {
  const run = async (): Promise<number> => {
    if (await serverOnlyLoads()) return main();
    const args = [...process.execArgv, "--conditions=react-server", ...process.argv.slice(1)];
    return spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1;
  };
  run().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
