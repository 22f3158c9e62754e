import "server-only";
import vm from "node:vm";
import { AppError } from "@/lib/server/errors";

// The testers run designer-typed regexes (patterns, CEL's matches()) over pasted text on the server.
// A catastrophically backtracking one — (a+)+b over a long run of a's — would hold the event loop for
// minutes, and JavaScript cannot stop a running regex from outside. V8 can: a vm timeout terminates
// whatever runs in the isolate, the regex included, and the process carries on.
const context = vm.createContext({ run: () => undefined });

/**
 * Runs `work` and stops it after `ms`, throwing VALIDATION with `tooSlow` (words for the designer).
 * Synchronous work only: the limit covers the call, not promises it leaves behind.
 */
export function runWithTimeLimit<T>(work: () => T, ms: number, tooSlow: string): T {
  context.run = work;
  try {
    return vm.runInContext("run()", context, { timeout: ms }) as T;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") throw new AppError("VALIDATION", tooSlow);
    throw error;
  } finally {
    context.run = () => undefined;
  }
}
