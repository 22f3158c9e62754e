interface EditorDescriptionOptions {
  agentName: string;
  readOnly: boolean;
  /** The version the page shows now: what a viewer is looking at. */
  currentVersion: number;
  /** The version a save goes over: the one opened, or the one "reload, keep my edits" brought. */
  expectedVersion: number;
  /** After "read-only: ", what a viewer may and may not do here. */
  readOnlyNote: string;
  /** What else a save makes besides the next config version ("profile schema v4"). */
  alsoMakes?: string;
}

/** The line under an editor drawer's title: the version a save makes, or why the drawer is read-only. */
export function editorDescription(options: EditorDescriptionOptions): string {
  const { agentName, readOnly, currentVersion, expectedVersion, readOnlyNote, alsoMakes } = options;
  if (readOnly) return `${agentName} · v${currentVersion} · read-only: ${readOnlyNote}`;
  const makes = alsoMakes ? `v${expectedVersion + 1} and ${alsoMakes}` : `v${expectedVersion + 1}`;
  return `${agentName} · editing v${expectedVersion}; saving makes ${makes}, recorded in the ledger.`;
}
