import { z } from "zod";

// What every settings section is built from (agent-settings.ts, people-settings.ts).

export const score = z.number().min(0).max(1);
export const count = (min: number, max: number) => z.number().int().min(min).max(max);

type Shape = Record<string, z.ZodType>;
type Defaults<S extends Shape> = { [K in keyof S]: z.output<S[K]> };
type Defaulted<S extends Shape> = { [K in keyof S]: z.ZodDefault<S[K]> };

/** One settings section: `input` takes any subset of the keys, `config` fills the rest with `defaults`. */
export function section<S extends Shape>(shape: S, defaults: Defaults<S>) {
  const defaulted: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const value = defaults[key as keyof S];
    // A fresh copy per parse: a shared default array would leak one agent's edits into another's.
    defaulted[key] = (schema as z.ZodType<unknown>).default(() => structuredClone(value) as never);
  }
  return {
    input: z.strictObject(shape).partial(),
    config: z.strictObject(defaulted as Defaulted<S>),
    defaults: Object.freeze(defaults),
  };
}
