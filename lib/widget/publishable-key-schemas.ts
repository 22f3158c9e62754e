import { z } from "zod";
import { DRAFT, EnvironmentName, PRODUCTION } from "@/lib/environments/environment-schemas";

// Client-safe schemas of publishable keys (docs/widget.md): the REST bodies, the console's create
// form and the OpenAPI document draw on these.

// A page's Origin header is scheme://host[:port] with no path; only http and https pages embed a widget.
function isExactOrigin(text: string): boolean {
  if (text.includes("*")) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === text.toLowerCase();
  } catch {
    return false;
  }
}

// Copying a site's address from the browser bar gives "https://shop.example.com/": that bare "/" path is
// the origin itself, so one trailing slash is dropped; "https://shop.example.com/chat/" still has a path.
function withoutTrailingSlash(text: string): string {
  return text.endsWith("/") ? text.slice(0, -1) : text;
}

export const AllowedOrigin = z
  .string()
  .trim()
  .max(300)
  .transform(withoutTrailingSlash)
  .refine(
    isExactOrigin,
    "must be an exact origin such as https://shop.example.com (scheme, host, optional port; no path, no wildcard)",
  )
  .transform((text) => text.toLowerCase());

// 20 origins cover a site's production, staging and local hosts; more is a sign of a shared key.
const MAX_ORIGINS = 20;

// An agent has production and at most 10 named environments (docs/environments.md).
const MAX_ENVIRONMENTS = 11;

/** The environments a key's sessions may run in: released ones only, never draft. */
const KeyEnvironments = z
  .array(
    z
      .string()
      .trim()
      .refine(
        (name) => name !== DRAFT,
        "a publishable key never reaches draft: a page's customers talk to released versions",
      )
      .pipe(EnvironmentName),
  )
  .min(1, "needs at least one environment")
  .max(MAX_ENVIRONMENTS)
  .refine((names) => new Set(names).size === names.length, "lists an environment twice");

export const CreatePublishableKeyBody = z.strictObject({
  label: z.string().trim().min(1, "is required").max(100),
  allowed_origins: z
    .array(AllowedOrigin)
    .min(1, "needs at least one origin")
    .max(MAX_ORIGINS)
    .refine((origins) => new Set(origins).size === origins.length, "lists an origin twice"),
  environments: KeyEnvironments.default([PRODUCTION]).describe(
    "The environments its sessions may run in (docs/environments.md); production unless named. Never draft",
  ),
});

export const PublishableKeyBody = z.object({
  id: z.string().uuid(),
  label: z.string(),
  /** The first characters (pk_ + 8), to tell keys apart; never the key. */
  prefix: z.string(),
  allowed_origins: z.array(z.string()),
  environments: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
});

/** The created key: the whole key, shown this once. */
export const CreatedPublishableKeyBody = PublishableKeyBody.extend({ key: z.string().startsWith("pk_") });

export const PublishableKeyList = z.object({ publishable_keys: z.array(PublishableKeyBody) });

export const RevokedPublishableKeyBody = z.object({ revoked: z.string().uuid() });

/** The console's create form: the REST body and the agent it is for. */
export const CreatePublishableKeyInput = CreatePublishableKeyBody.extend({
  agent: z.string().min(1, "choose an agent").max(64),
});

export const RevokePublishableKeyInput = z.strictObject({ agent: z.string().min(1).max(64), id: z.string().uuid() });
