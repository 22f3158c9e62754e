"use client";

import { useState } from "react";
import { useEditorUrl } from "./use-editor-url";

interface OpenedEditor<T> {
  /** null: a new entity. */
  entity: T | null;
  loadedVersion: number;
  /** New on every opening, as the drawer's React key: reopening starts from a fresh form. */
  id: number;
}

/**
 * Which entity's editor drawer a config page has open, mirrored in the URL (see useEditorUrl). An
 * entity opens on the page's version unless told otherwise: a duplicate opens on the version its
 * copy made.
 */
export function useOpenedEditor<T extends { key: string }>(
  param: string,
  items: readonly T[],
  canCreate: boolean,
  version: number,
) {
  const [opened, setOpened] = useState<OpenedEditor<T> | null>(null);
  const open = (entity: T | null, loadedVersion = version) => {
    setOpened({ entity, loadedVersion, id: Date.now() });
    url.opened(entity);
  };
  const url = useEditorUrl(param, items, open, canCreate);
  const close = () => {
    setOpened(null);
    url.closed();
  };
  return { opened, open, close };
}
