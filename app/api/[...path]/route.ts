import { requestIdFrom } from "@/lib/server/principal";

// Every /api path no route serves, whatever the method: the API's JSON error body, not the console's
// HTML 404 page. Routes with a real handler always win over this catch-all in Next.js's router.
function notFound(request: Request): Response {
  const requestId = requestIdFrom(request.headers);
  return Response.json(
    { error: { code: "NOT_FOUND", message: "No such API path.", request_id: requestId } },
    { status: 404, headers: { "x-request-id": requestId, "cache-control": "no-store" } },
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
