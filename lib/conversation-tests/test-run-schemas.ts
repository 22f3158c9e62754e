import { z } from "zod";
import { MAX_TRIES } from "@/lib/engine/contracts/test-case";

// Client-safe request of a conversation test run (REST, the console's Tests page, the CLI's flags).

export const TestRunBody = z
  .strictObject({
    suite: z.string().min(1).max(64).optional(),
    /** Only these cases. */
    keys: z.array(z.string().min(1).max(64)).min(1).max(500).optional(),
    /** pass^k's k. */
    k: z.number().int().min(1).max(MAX_TRIES, `k must be between 1 and ${MAX_TRIES}`).default(1),
    /** Tries per case (≥ k; default k). Frozen and offline runs are deterministic: one try stands for all. */
    tries: z.number().int().min(1).max(MAX_TRIES).optional(),
    mode: z.enum(["frozen", "offline", "live"]).default("frozen"),
    /** A whole agent bundle to test instead of the saved configuration (its own `tests` are run). */
    config: z.unknown().optional(),
  })
  .refine((b) => b.tries === undefined || b.tries >= b.k, { path: ["tries"], message: "tries must be at least k" });
export type TestRunBody = z.input<typeof TestRunBody>;
