import { type IncomingMessage, Server, type ServerResponse } from "node:http";
import { PEER_ADDRESS_HEADER, peerAddressHeaderValue } from "../request/peer-address";
import { logAbortedUpload, refuseOversizedBody } from "./request-body-hooks";

declare global {
  var __focalRequestHookInstalled: boolean | undefined;
}
const slot = globalThis;

/**
 * Every HTTP request, before Next.js sees it: its socket address is recorded in a header Next.js passes
 * on to proxy.ts and the route handlers (see request/peer-address.ts for why Next's own
 * X-Forwarded-For cannot be used; whatever the client sent under that name is replaced), a declared
 * body over the path's limit is refused at once, and an upload the client abandons is logged. It wraps
 * http.Server's emit, so it covers the server `next start` already created: each request event goes
 * through the prototype.
 */
export function installServerRequestHook(): void {
  if (slot.__focalRequestHookInstalled) return;
  slot.__focalRequestHookInstalled = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function hookedEmit(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = peerAddressHeaderValue(request.socket?.remoteAddress);
      if (refuseOversizedBody(request, args[1] as ServerResponse)) return true;
      logAbortedUpload(request);
    }
    return Reflect.apply(emit, this, [event, ...args]);
  } as typeof emit;
}
