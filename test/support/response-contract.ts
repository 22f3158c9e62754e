import { z } from "zod";
import { ErrorBody } from "@/lib/openapi/response-schemas";
import { ROUTE_META, type RouteMeta } from "@/lib/server/define-route";

// The response half of a route's contract, checked on every answer an API test gets: the body declared for
// its status (`defineRoute({ response })`, the schema the OpenAPI document draws), the shared error body at
// 4xx/5xx, and no key the schema leaves out. Production never pays for this: it runs in tests only.

export type RouteHandler = (r: Request, s: { params: Promise<Record<string, string>> }) => Promise<Response>;

export function routeMetaOf(handler: unknown): RouteMeta | undefined {
  return (handler as { [ROUTE_META]?: RouteMeta } | undefined)?.[ROUTE_META];
}

/** The schema an answer at `status` must match; null when the route declares nothing there (a contract break). */
function schemaFor(meta: RouteMeta, status: number): z.ZodType | null {
  const declared = meta.responses[status];
  if (status >= 400) return declared ? z.union([declared, ErrorBody]) : ErrorBody;
  return declared ?? null;
}

/**
 * Paths of keys in `sent` that parsing dropped: a zod object strips keys it does not declare, so a key the
 * route sends and the document leaves out would otherwise pass unnoticed.
 */
function undeclaredKeys(sent: unknown, parsed: unknown, at = "(root)"): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => undeclaredKeys(item, parsed[i], `${at}[${i}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) => {
    const path = at === "(root)" ? key : `${at}.${key}`;
    return key in parsed ? undeclaredKeys(sent[key], parsed[key], path) : [path];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What is wrong with a JSON answer at `status`; empty when it keeps the route's declared contract. */
export function contractProblems(meta: RouteMeta, status: number, body: unknown): string[] {
  const schema = schemaFor(meta, status);
  if (!schema) return [`status ${status} is not declared (declared: ${Object.keys(meta.responses).join(", ")})`];
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return undeclaredKeys(body, parsed.data).map((path) => `${path}: sent, but the schema does not declare it`);
}

/** Throws when a route's JSON answer breaks its contract. Streams and routes outside defineRoute pass. */
export async function checkResponse(handler: unknown, request: Request, response: Response): Promise<void> {
  const meta = routeMetaOf(handler);
  if (!meta || !response.headers.get("content-type")?.includes("application/json")) return;
  const text = await response.clone().text();
  const problems = contractProblems(meta, response.status, text === "" ? undefined : JSON.parse(text));
  if (problems.length > 0) {
    const route = `${request.method} ${new URL(request.url).pathname}`;
    throw new Error(`${route} answered ${response.status} off its declared contract:\n  ${problems.join("\n  ")}`);
  }
}

/** Calls a route handler the way Next.js would and checks its answer against the route's contract. */
export async function callRoute(
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  const response = await handler(request, { params: Promise.resolve(params) });
  await checkResponse(handler, request, response);
  return response;
}

/** The same handler, checking every answer it gives (for tests that call handlers themselves). */
export function checkedRoute<H extends RouteHandler>(handler: H): H {
  const checked = async (request: Request, segment: { params: Promise<Record<string, string>> }) => {
    const response = await handler(request, segment);
    await checkResponse(handler, request, response);
    return response;
  };
  return Object.assign(checked, { [ROUTE_META]: routeMetaOf(handler) }) as unknown as H;
}
