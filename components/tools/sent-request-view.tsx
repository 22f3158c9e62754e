import type { SentRequest } from "@/lib/engine/ports";

// An http tool's request as it went out (Try it, the trace's tool calls): method and URL, then each
// header as "Name: value", then the body. Credential values arrive as •••• from the runner.

/** "x-request-id" → "X-Request-Id": the runner sends names lower-case; people read them capitalised. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/** The request, or nothing for a value that is not one (attributes are stored JSON). */
export function SentRequestView({ request }: { request: unknown }) {
  if (!isSentRequest(request)) return null;
  const lines = [
    `${request.method} ${request.url}`,
    ...Object.entries(request.headers).map(([name, value]) => `${headerName(name)}: ${value}`),
    ...(request.body ? ["", request.body] : []),
  ];
  return (
    <pre
      className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-[11px]"
      data-testid="sent-request"
    >
      {lines.join("\n")}
    </pre>
  );
}

function isSentRequest(value: unknown): value is SentRequest {
  if (!value || typeof value !== "object") return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.method === "string" &&
    typeof candidate.url === "string" &&
    typeof candidate.headers === "object" &&
    candidate.headers !== null &&
    Object.values(candidate.headers).every((v) => typeof v === "string")
  );
}
