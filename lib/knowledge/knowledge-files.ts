// Uploaded files as knowledge sources (docs/knowledge.md#uploaded-files): the size caps the REST
// bodies and the console's upload check, and the page headings a converted PDF carries. Client-safe, pure.

/**
 * The largest file sent as a file (`POST …/knowledge/files`, multipart/form-data), in bytes: 20 MiB,
 * counted while the body streams in (request-guard/body-limits.ts). A manual of a few thousand pages
 * of text, or a PDF whose pictures make most of its size; the text it converts to is held to
 * KNOWLEDGE_SOURCE_MAX_CHARS.
 */
export const KNOWLEDGE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The largest file inside a JSON body (`html`, `pdf_base64`), in bytes (700 KiB). Every JSON body and
 * console action is held to 1 MiB and base64 makes a PDF 4/3 its size: 700 KiB becomes 955,736
 * characters, which still fits with the JSON around it, so a file over the cap is refused by name
 * (422 on its field) rather than as a body over the limit (413). Larger files go as files.
 */
export const KNOWLEDGE_FILE_MAX_BYTES = 700 * 1024;

/** `pdf_base64`'s longest text: the cap's bytes in base64 (4 characters per 3 bytes, padded). */
export const KNOWLEDGE_FILE_MAX_BASE64 = 4 * Math.ceil(KNOWLEDGE_FILE_MAX_BYTES / 3);

/** The heading a converted PDF puts above each page's text: the page's passages carry it as their heading path. */
export function pageHeading(page: number): string {
  return `# Page ${page}`;
}

const PAGE_HEADING = /^# Page \d+$/gm;

/** How many pages a converted PDF's content holds (one heading each, empty pages included). */
export function pdfPageCount(content: string): number {
  return content.match(PAGE_HEADING)?.length ?? 0;
}

/** A file's size as the console shows it: "640 KB", "1.2 MB". */
export function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
