import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// The device cookie (OWASP's "device cookies" against online guessing): a browser that signed in to an
// account gets an HttpOnly cookie binding that account to a random device id, signed with a key derived
// from the auth secret. A later sign-in to the same account that presents it is counted apart from
// strangers (sign-in-throttle.ts): a stranger's wrong passwords, from anywhere, never lock it out, and
// its own wrong passwords lock out only that device. The cookie names no account: its signature is
// checked against the e-mail the sign-in sends.

const DEVICE_COOKIE = "focal_device";
// As long as a signed-in address is remembered (sign-in-throttle.ts); each sign-in renews it.
const DEVICE_COOKIE_SECONDS = 30 * 24 * 60 * 60;

function deviceKey(authSecret: string): Buffer {
  return createHmac("sha256", authSecret).update("focal device cookie v1").digest();
}

function signature(authSecret: string, email: string, deviceId: string): string {
  return createHmac("sha256", deviceKey(authSecret)).update(`${email}\n${deviceId}`).digest("base64url");
}

/** The device id of a cookie this browser got when it signed in to `email`, or null. */
export function knownDeviceId(cookieHeader: string | null, email: string, authSecret: string): string | null {
  const value = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const [deviceId, given] = value?.split(".") ?? [];
  if (!deviceId || !given || !email) return null;
  const expected = Buffer.from(signature(authSecret, email, deviceId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? deviceId : null;
}

/** The Set-Cookie value for a browser that just signed in to `email` (a fresh device id unless it had one). */
export function deviceCookieFor(email: string, authSecret: string, deviceId: string | null, secure: boolean): string {
  const id = deviceId ?? randomBytes(16).toString("base64url");
  const attributes = [`Max-Age=${DEVICE_COOKIE_SECONDS}`, "Path=/api/auth", "HttpOnly", "SameSite=Strict"];
  if (secure) attributes.push("Secure");
  return [`${DEVICE_COOKIE}=${id}.${signature(authSecret, email, id)}`, ...attributes].join("; ");
}
