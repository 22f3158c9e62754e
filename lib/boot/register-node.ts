import { isBuildPhase } from "@/lib/env";
import { loggableError } from "@/lib/server/loggable-error";
import { installConsoleScrub } from "@/lib/server/node-hooks/scrub-console";
import { installServerRequestHook } from "@/lib/server/node-hooks/server-request-hook";
import { startTurnTelemetry } from "@/lib/server/telemetry/otel-export";
import { bootFocal } from "./boot";

/** Boots Focal in the Node.js server; a failure (e.g. the data directory is locked) stops the process. */
export async function registerNode(): Promise<void> {
  if (isBuildPhase()) return;
  installServerRequestHook();
  installConsoleScrub();
  try {
    await bootFocal();
    // Trace export (OTEL_EXPORTER_OTLP_ENDPOINT): a bad or silent endpoint warns once, nothing more.
    startTurnTelemetry();
  } catch (error) {
    console.error(`\n  Focal could not start: ${loggableError(error).message}\n`);
    process.exit(1);
  }
}
