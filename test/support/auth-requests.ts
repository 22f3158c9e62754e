import { handleAuthRequest } from "@/lib/server/auth/handle-auth-request";
import { PEER_ADDRESS_HEADER, peerAddressHeaderValue } from "@/lib/server/request/peer-address";
import { HOST, ORIGIN } from "./request-headers";

/** The header the Node server hook writes for a request whose socket peer is `address`. */
export function peerHeader(address: string): Record<string, string> {
  return { [PEER_ADDRESS_HEADER]: peerAddressHeaderValue(address) };
}

/** POST /api/auth/sign-in/email through the app's route handler, as a browser at `peer` would send it. */
export function postSignIn(
  email: string,
  password: string,
  options: { peer?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return handleAuthRequest(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: ORIGIN,
        host: HOST,
        ...(options.peer ? peerHeader(options.peer) : {}),
        ...options.headers,
      },
      body: JSON.stringify({ email, password }),
    }),
  );
}
