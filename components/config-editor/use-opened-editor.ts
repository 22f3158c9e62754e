"use client";

import { useState } from "react";
import { useEditorUrl } from "./use-editor-url";
import { usePageVersion } from "./use-page-version";

interface OpenedEditor<T> {
  /** null: a new entity. */
  entity: T | null;
  loadedVersion: number;
  /** New on every opening, as the drawer's React key: reopening starts from a fresh form. */
  id: number;
}

/**
 * A config list page's version (usePageVersion) and which entity's editor drawer it has open,
 * mirrored in the URL (see useEditorUrl), with the props that drawer takes. An entity opens on the
 * page's version unless told otherwise: a duplicate opens on the version its copy made.
 */
export function useOpenedEditor<T extends { key: string }, D extends { agent: { configVersion: number } }>(
  param: string,
  items: readonly T[],
  data: D,
  canEdit: boolean,
) {
  const { version, onSaved } = usePageVersion(data.agent.configVersion);
  const [opened, setOpened] = useState<OpenedEditor<T> | null>(null);
  const open = (entity: T | null, loadedVersion = version) => {
    setOpened({ entity, loadedVersion, id: Date.now() });
    url.opened(entity);
  };
  const url = useEditorUrl(param, items, open, canEdit);
  const close = () => {
    setOpened(null);
    url.closed();
  };
  const editorProps = { data, currentVersion: version, readOnly: !canEdit, onSaved, onClose: close };
  return { version, onSaved, opened, open, editorProps };
}
