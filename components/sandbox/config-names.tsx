"use client";

import { createContext, type ReactNode, use } from "react";
import type { ConfigNames } from "@/lib/turns/name-ids";

const ConfigNamesContext = createContext<ConfigNames>({});

/** The agent's names by id, for the timeline and turn facts below it (lib/turns/name-ids.ts). */
export function ConfigNamesProvider({ names, children }: { names: ConfigNames; children: ReactNode }) {
  return <ConfigNamesContext value={names}>{children}</ConfigNamesContext>;
}

export function useConfigNames(): ConfigNames {
  return use(ConfigNamesContext);
}
