/** What a config page gives each editor drawer it opens, whatever the drawer edits. */
export interface OpenedEditorProps<D> {
  data: D;
  /** The config_version the editor was opened on: sent as expected_config_version. */
  loadedVersion: number;
  /** The version the page shows now; used after "reload, keep my edits". */
  currentVersion: number;
  readOnly: boolean;
  onSaved: (version: number) => void;
  onClose: () => void;
}
