import { getAuth } from "@/lib/server/auth/auth";

// better-auth's own endpoints (sign-in, sign-out, session). Public by design: they are how a
// session is obtained; sign-up is disabled and sign-in is rate-limited in lib/server/auth/auth.ts.
async function handle(request: Request): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(request);
}

export const GET = handle;
export const POST = handle;
