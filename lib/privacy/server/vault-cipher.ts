import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// AES-256-GCM (NIST SP 800-38D): a fresh 96-bit IV per value, the 128-bit tag checked on open, and
// the session id and placeholder bound in as additional data, so a sealed value copied to another
// row or session does not open there. Sealed form: "v1.<iv>.<tag>.<ciphertext>", base64url.

const VERSION = "v1";
const IV_BYTES = 12;

const aad = (sessionId: string, placeholder: string) => Buffer.from(`${sessionId}\u0000${placeholder}`, "utf8");

export function sealValue(key: Buffer, sessionId: string, placeholder: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad(sessionId, placeholder));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain text, or throws (wrong key, altered or malformed ciphertext). */
export function openValue(key: Buffer, sessionId: string, placeholder: string, sealed: string): string {
  const [version, iv, tag, body, ...rest] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0)
    throw new Error("malformed sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(aad(sessionId, placeholder));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
