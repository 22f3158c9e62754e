import { type IncomingMessage, Server } from "node:http";
import { PEER_ADDRESS_HEADER, peerAddressHeaderValue } from "../request/peer-address";

declare global {
  var __focalPeerStampInstalled: boolean | undefined;
}
const slot = globalThis;

/**
 * Records every HTTP request's socket address in a header Next.js passes on to proxy.ts and the
 * route handlers (see request/peer-address.ts for why Next's own X-Forwarded-For cannot be used).
 * It wraps http.Server's emit, so it covers the server `next start` already created: each request
 * event goes through the prototype. Whatever the client sent under that name is replaced.
 */
export function installPeerAddressStamp(): void {
  if (slot.__focalPeerStampInstalled) return;
  slot.__focalPeerStampInstalled = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function stampedEmit(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = peerAddressHeaderValue(request.socket?.remoteAddress);
    }
    return Reflect.apply(emit, this, [event, ...args]);
  } as typeof emit;
}
