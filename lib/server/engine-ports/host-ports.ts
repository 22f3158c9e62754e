import "server-only";
import type { EnginePorts } from "@/lib/engine/ports";
import { portsFromEnv } from "./env-ports";

declare global {
  var __focalPorts: EnginePorts | undefined;
  var __focalPortOverride: Partial<EnginePorts> | undefined;
}
const slot = globalThis;

/** The ports the host runs the engine with: offline unless OPENAI_API_KEY is set. */
export function hostPorts(): EnginePorts {
  slot.__focalPorts ??= portsFromEnv();
  return { ...slot.__focalPorts, ...slot.__focalPortOverride };
}

/** Tests inject a scripted model or failing tools through the same ports the host uses. */
export function overrideHostPorts(override: Partial<EnginePorts> | undefined): void {
  slot.__focalPortOverride = override;
}

/**
 * Whether a test replaced some port: its scripted model or tools live in this thread and cannot
 * cross into a background worker, so work that would go there runs here instead.
 */
export function hostPortsOverridden(): boolean {
  return slot.__focalPortOverride !== undefined && Object.keys(slot.__focalPortOverride).length > 0;
}
