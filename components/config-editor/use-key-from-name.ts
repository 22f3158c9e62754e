"use client";

import { useState } from "react";

/**
 * For useConfigEditor's `derive` (rules, tools): a new entity's key follows its name until the designer
 * types a key of their own; an existing entity's key changes only when the key itself is edited.
 */
export function useKeyFromName<F extends { key: string; name: string }>(
  isNew: boolean,
  keyFromName: (name: string) => string,
) {
  const [keyEdited, setKeyEdited] = useState(!isNew);
  return (patch: Partial<F>): Partial<F> => {
    if (patch.key !== undefined) setKeyEdited(true);
    return !keyEdited && patch.name !== undefined ? ({ key: keyFromName(patch.name) } as Partial<F>) : {};
  };
}
