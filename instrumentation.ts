import { isBuildPhase, isNodeRuntime } from "./lib/env";

// Runs once per server process before it answers requests: migrate, provision, print the sign-in.
export async function register() {
  if (!isNodeRuntime() || isBuildPhase()) return;
  const { bootFocal } = await import("./lib/server/boot/boot");
  try {
    await bootFocal();
  } catch (error) {
    console.error(`\n  Focal could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
