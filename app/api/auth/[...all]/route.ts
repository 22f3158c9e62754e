import { handleAuthRequest } from "@/lib/server/auth/handle-auth-request";

// better-auth's own endpoints (sign-in, sign-out, session). Public by design: they are how a
// session is obtained; sign-up is disabled, and handleAuthRequest checks the Origin and the sign-in
// limits before better-auth sees the request.
export const GET = handleAuthRequest;
export const POST = handleAuthRequest;
