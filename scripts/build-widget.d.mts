/** Builds widget/ into public/widget.js (unless `write` is false): its size in bytes, gzipped, and its text. */
export function buildWidget(options?: { write?: boolean }): { bytes: number; gzipBytes: number; text: string };
