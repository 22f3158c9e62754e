import { ROUTE_META, type RouteMeta } from "@/lib/server/define-route";
import { assertResponseContract } from "@/lib/server/response-contract";

// Every answer an API test gets is checked against its route's contract (lib/server/response-contract.ts):
// defineRoute checks its own answers outside production too; this also covers tests that call handlers
// themselves and answers built around the wrapper.

export type RouteHandler = (r: Request, s: { params: Promise<Record<string, string>> }) => Promise<Response>;

export function routeMetaOf(handler: unknown): RouteMeta | undefined {
  return (handler as { [ROUTE_META]?: RouteMeta } | undefined)?.[ROUTE_META];
}

/** Throws when a route's JSON answer breaks its contract. Streams and routes outside defineRoute pass. */
export async function checkResponse(handler: unknown, request: Request, response: Response): Promise<void> {
  const meta = routeMetaOf(handler);
  if (meta) await assertResponseContract(meta, request, response);
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
