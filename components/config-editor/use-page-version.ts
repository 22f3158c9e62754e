"use client";

import { useState } from "react";

/** The newest config_version a config page knows: the server's, or a save of ours the refresh has not brought yet. */
export function usePageVersion(serverVersion: number) {
  const [savedVersion, setSavedVersion] = useState(0);
  return { version: Math.max(serverVersion, savedVersion), onSaved: setSavedVersion };
}
