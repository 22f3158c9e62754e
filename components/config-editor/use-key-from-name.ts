"use client";

import { useState } from "react";

/**
 * A new entity's key follows its name until the designer types a key of their own; an existing
 * entity's key changes only when the key itself is edited. Rules, tools and agents (key ← name),
 * scenarios (key ← name), profile fields (field_name ← display_name). `derive` takes an edit's patch
 * and gives the key that follows it (useConfigEditor's `derive`, or spread into the patch); `reset`
 * makes the key follow again (a dialog that stays mounted between openings).
 */
export function useKeyFromName<F extends object>(
  isNew: boolean,
  keyFromName: (name: string) => string,
  fields: { name: keyof F & string; key: keyof F & string } = { name: "name", key: "key" } as never,
) {
  const [keyEdited, setKeyEdited] = useState(!isNew);
  const derive = (patch: Partial<F>): Partial<F> => {
    if (patch[fields.key] !== undefined) setKeyEdited(true);
    const name = patch[fields.name];
    return !keyEdited && typeof name === "string" ? ({ [fields.key]: keyFromName(name) } as Partial<F>) : {};
  };
  return Object.assign(derive, { reset: () => setKeyEdited(false) });
}
