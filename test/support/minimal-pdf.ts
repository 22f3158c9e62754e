// A PDF built by hand, byte for byte the same on every run: one page per entry, each line of it set
// in Helvetica (one of the 14 fonts every reader has, so no font is embedded). For the converters'
// tests, instead of a binary fixture nobody can read in a diff.

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, "\\$&")})`;
}

/**
 * The PDF's bytes; `pages[i]` holds page i+1's lines. `padBytes` adds an object no page refers to, a
 * stream of that many bytes: the weight of a file whose pictures make most of its size.
 */
export function minimalPdf(pages: readonly (readonly string[])[], padBytes = 0): Uint8Array<ArrayBuffer> {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  pages.forEach((lines, i) => {
    const stream = [
      "BT",
      "/F1 12 Tf",
      "14 TL",
      "72 720 Td",
      ...lines.map((line, n) => (n === 0 ? `${pdfString(line)} Tj` : `${pdfString(line)} '`)),
      "ET",
    ].join("\n");
    const pageId = pageIds[i] as number;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  if (padBytes > 0) objects.push(`<< /Length ${padBytes} >>\nstream\n${"0".repeat(padBytes)}\nendstream`);
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
