/**
 * Edits of a list edited as rows (a tool's inputs, evidence items, FAQ entries, a test's turns): one row
 * patched, one removed, one added at the end; each hands the whole new list to `onChange`.
 */
export function rowEdits<Row>(rows: Row[], onChange: (rows: Row[]) => void) {
  return {
    change: (index: number, patch: Partial<Row>) =>
      onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row))),
    remove: (index: number) => onChange(rows.filter((_, i) => i !== index)),
    add: (row: Row) => onChange([...rows, row]),
  };
}
