import { afterAll } from "vitest";

// Most test files share a worker and its module graph (vitest.config.ts), one file after another, so a
// file that changes process.env must leave it as it found it. lib/env.ts re-reads the environment when
// it changes, so a variable set here reaches the code under test on its next call. A file that sets
// process.env by hand instead runs isolated, in a module graph of its own (~4 s of imports each).

type Variables = Record<string, string | undefined>;

function apply(variables: Variables): Variables {
  const before: Variables = {};
  for (const [name, value] of Object.entries(variables)) {
    before[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return before;
}

/**
 * Environment variables for the calling test file: `set` (in a hook or a test) changes them, and every
 * one it changed is put back after the file's last test. Call it at the top of the file.
 */
export function fileEnv(): { set(variables: Variables): void } {
  const original: Variables = {};
  afterAll(() => {
    apply(original);
    for (const name of Object.keys(original)) delete original[name];
  });
  return {
    set(variables) {
      const before = apply(variables);
      for (const [name, value] of Object.entries(before)) if (!(name in original)) original[name] = value;
    },
  };
}

/** Runs `work` with `variables` set, and puts them back however it ends. */
export async function withEnv<T>(variables: Variables, work: () => Promise<T>): Promise<T> {
  const before = apply(variables);
  try {
    return await work();
  } finally {
    apply(before);
  }
}
