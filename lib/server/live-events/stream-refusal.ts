import "server-only";
import { errorResponse } from "../route-errors";

/** A live stream the instance will not hold now (its limits are full): the error, and when to try again. */
export function streamRefusal(
  refused: { status: number; code: string; message: string; retryAfter: number },
  requestId: string,
) {
  const response = errorResponse(refused.status, refused.code, refused.message, requestId);
  response.headers.set("retry-after", String(refused.retryAfter));
  return response;
}
