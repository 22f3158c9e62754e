import type { OpenApiDocument } from "./openapi-document-schema";
import { refuse } from "./openapi-issue";

// The base the tools' URLs start with: the request's base_url, else the document's servers[0].url.
// A relative server URL ("/v1": relative to wherever the document was served) or a templated one
// ("https://{region}.api.example.com") cannot be called as it stands, so the request must say it.

export function serverUrlOf(doc: OpenApiDocument, baseUrl: string | undefined): string {
  const chosen = baseUrl ?? doc.servers?.[0]?.url;
  const at = baseUrl !== undefined ? "base_url" : "document.servers[0].url";
  if (chosen === undefined) {
    refuse("document.servers", 'The document names no server: give the API\'s address in "base_url".');
  }
  if (/\{[^}]*\}/.test(chosen)) {
    refuse(at, `The server URL "${chosen}" has {variables}: give the address to call in "base_url".`);
  }
  let url: URL;
  try {
    url = new URL(chosen);
  } catch {
    refuse(at, `The server URL "${chosen}" is relative: give the API's full address in "base_url".`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") refuse(at, `The server URL "${chosen}" is not http(s).`);
  return chosen.replace(/\/+$/, "");
}
