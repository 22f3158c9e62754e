import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

// The PII vault's key (docs/privacy.md#the-key): FOCAL_VAULT_KEY when set. On PGlite without it, one
// generated once and kept beside the database files (<data dir>-vault.key, mode 0600), so the
// embedded instance works out of the box; on PostgreSQL without it there is no key, and values stay
// masked and unkept (several instances must share one key: only the environment can give them one).

const KEY_BYTES = 32;

function decode(configured: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(configured) ? Buffer.from(configured, "hex") : Buffer.from(configured, "base64url");
}

/** Where PGlite's generated key lives: beside the data directory, never inside it (PGlite owns that). */
function keyFileOf(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}-vault.key`);
}

// Read once per file: the key never changes while the process runs, and the mkdir, write attempt and
// read cost ~0.15 ms of system calls, paid on every sealed value a turn opens (a tool's credential).
const pgliteKeys = new Map<string, Buffer>();

function pgliteKey(dataDir: string): Buffer {
  const file = keyFileOf(dataDir);
  const known = pgliteKeys.get(file);
  if (known) return known;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // "wx": a second process starting at the same moment keeps the first one's key.
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = decode(fs.readFileSync(file, "utf8").trim());
  pgliteKeys.set(file, key);
  return key;
}

/** The 32-byte key, or null when none is configured (PostgreSQL without FOCAL_VAULT_KEY). */
export function vaultKey(): Buffer | null {
  const e = env();
  if (e.FOCAL_VAULT_KEY) return decode(e.FOCAL_VAULT_KEY);
  if (e.DATABASE_URL) return null;
  return pgliteKey(e.FOCAL_DATA_DIR);
}
