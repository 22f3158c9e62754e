import type { CredentialKind } from "@/lib/credentials/credential-schemas";
import type { OpenApiDocument, OpenApiOperation } from "./openapi-document-schema";
import { resolvedRecord } from "./openapi-refs";

// An operation's security requirement (its own, else the document's) as a credential kind: the first
// scheme of the first requirement, as most clients pick it. `security: []` means none.

export interface OperationSecurity {
  /** The scheme's name under components.securitySchemes. */
  scheme: string;
  /** The credential kind that sends it; null: no kind does (OpenID Connect, an API key in a cookie, mutual TLS…). */
  kind: CredentialKind | null;
  /** What the scheme is, in words, for messages: "http bearer", "apiKey in header X-Api-Key". */
  described: string;
}

function kindOf(scheme: Record<string, unknown>): CredentialKind | null {
  const http = typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : "";
  if (scheme.type === "http" && http === "bearer") return "bearer";
  if (scheme.type === "http" && http === "basic") return "basic";
  if (scheme.type === "apiKey" && scheme.in === "header") return "header";
  if (scheme.type === "apiKey" && scheme.in === "query") return "query";
  const flows = scheme.flows as Record<string, unknown> | undefined;
  if (scheme.type === "oauth2" && flows?.clientCredentials) return "oauth2_client_credentials";
  return null;
}

function schemeInWords(scheme: Record<string, unknown>): string {
  if (scheme.type === "http") return `http ${String(scheme.scheme ?? "")}`.trim();
  if (scheme.type === "apiKey") return `apiKey in ${String(scheme.in ?? "?")} ${String(scheme.name ?? "")}`.trim();
  if (scheme.type === "oauth2") return `oauth2 (${Object.keys((scheme.flows as object) ?? {}).join(", ")})`;
  return String(scheme.type);
}

/** The operation's security, or null when it needs none. */
export function operationSecurity(doc: OpenApiDocument, operation: OpenApiOperation): OperationSecurity | null {
  const requirements = operation.security ?? doc.security ?? [];
  const name = requirements.flatMap((requirement) => Object.keys(requirement))[0];
  if (name === undefined) return null;
  const at = `document.components.securitySchemes.${name}`;
  const scheme = resolvedRecord(doc, doc.components?.securitySchemes?.[name], at);
  if (!scheme) return { scheme: name, kind: null, described: "a scheme the document does not define" };
  return { scheme: name, kind: kindOf(scheme), described: schemeInWords(scheme) };
}
