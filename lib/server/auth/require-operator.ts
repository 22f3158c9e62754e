import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signInHref } from "@/lib/identity/safe-return-path";
import { getOperatorFromHeaders, type OperatorPrincipal } from "../principal";

/** Layouts and pages call this first: no session → the sign-in page, coming back here afterwards. */
export async function requireOperator(): Promise<OperatorPrincipal> {
  const requestHeaders = await headers();
  const operator = await getOperatorFromHeaders(requestHeaders);
  if (!operator) {
    redirect(signInHref(requestHeaders.get("x-focal-path")));
  }
  return operator;
}
