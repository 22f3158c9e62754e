import "server-only";
import type { z } from "zod";
import type { Database } from "@/db/types";
import { defineAction } from "@/lib/server/define-action";
import { testerRateLimiter } from "./tester-rate-limit";

/**
 * A console tester's server action. Read-only and about the input as typed, so a viewer may use it;
 * each test is work on the server, so it first takes one of the operator's tests (tester-rate-limit.ts).
 */
export function defineTesterAction<S extends z.ZodType, T>(
  config: { name: string; schema: S },
  test: (input: z.infer<S>, db: Database) => Promise<T>,
) {
  return defineAction({ ...config, role: "viewer" }, async (input, { db, operator }) => {
    testerRateLimiter.take(operator.id);
    return test(input, db);
  });
}
