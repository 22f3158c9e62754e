"use client";

import { useEffect, useRef } from "react";

/** Sets (or, with null, removes) one query parameter in place: no navigation, no history entry. */
function replaceQueryParam(name: string, value: string | null) {
  const url = new URL(window.location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Which entity's editor is open, mirrored in the URL (`?rule=max-refund`, `?rule=new`), so an editor
 * can be linked to, shared and reopened by a reload. The URL is read once after hydration (the server
 * renders the page without the drawer); an unknown key opens nothing.
 */
export function useEditorUrl<T extends { key: string }>(
  param: string,
  items: readonly T[],
  open: (item: T | null) => void,
  canCreate: boolean,
) {
  const read = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL opens an editor once, on arrival
  useEffect(() => {
    if (read.current) return;
    read.current = true;
    const wanted = new URLSearchParams(window.location.search).get(param);
    if (wanted === "new") {
      if (canCreate) open(null);
      return;
    }
    const item = wanted ? items.find((candidate) => candidate.key === wanted) : undefined;
    if (item) open(item);
  }, []);
  return {
    opened: (item: T | null) => replaceQueryParam(param, item ? item.key : "new"),
    closed: () => replaceQueryParam(param, null),
  };
}
