import { z } from "zod";
import { HeaderName } from "@/lib/engine/contracts/bundle";
import { EnvironmentName } from "@/lib/environments/environment-schemas";

// Tool credentials (docs/tools.md#credentials): client-safe schemas shared by the REST routes, the
// console's actions and forms, and the OpenAPI document. A body carries a secret in; no answer ever
// carries one out: a binding is listed by name, kind, environment and fingerprint.

export const CREDENTIAL_KINDS = ["bearer", "header", "basic", "query", "oauth2_client_credentials"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** What a tool's `credential` names; the shape of an entity key. */
const CredentialName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, "Use lower-case letters, digits, '_' and '-', starting with a letter or digit");

// A value sent in a header or a query: one line (a CR or LF would start another header), 4 KiB at
// most (a long JWT is about 1–2 KiB; servers refuse header blocks over 8 KiB).
const OneLine = z
  .string()
  .min(1)
  .max(4096)
  .refine((value) => !/[\r\n]/.test(value), "Must be one line: no carriage return or line feed");

const Secret = OneLine;
const HttpsUrl = z.url({ protocol: /^https?$/ }).max(2048);

const Bearer = z.strictObject({ kind: z.literal("bearer"), token: Secret });
const Header = z.strictObject({ kind: z.literal("header"), header: HeaderName, value: Secret });
const Basic = z.strictObject({
  kind: z.literal("basic"),
  // RFC 7617: the user-id may not hold a colon.
  username: OneLine.refine((name) => !name.includes(":"), "A username may not contain ':'"),
  password: Secret,
});
const Query = z.strictObject({ kind: z.literal("query"), param: z.string().min(1).max(128), value: Secret });
const OAuth2 = z.strictObject({
  kind: z.literal("oauth2_client_credentials"),
  token_url: HttpsUrl,
  client_id: OneLine,
  client_secret: Secret,
  scope: OneLine.optional(),
  audience: OneLine.optional(),
});

/** The five kinds, each with these fields beside its own. */
function kindsWith<S extends z.ZodRawShape>(fields: S) {
  return z.discriminatedUnion("kind", [
    Bearer.extend(fields),
    Header.extend(fields),
    Basic.extend(fields),
    Query.extend(fields),
    OAuth2.extend(fields),
  ]);
}

/** The kinds' fields, each with its secret: what is sealed. */
export const CredentialValue = kindsWith({});
export type CredentialValue = z.infer<typeof CredentialValue>;

/** Which binding: an environment's own, or (absent or null) the agent's default. */
const Binding = EnvironmentName.nullable()
  .optional()
  .describe("The environment this value is bound in; absent or null: the agent's default for every environment");

export const CreateCredentialBody = kindsWith({ name: CredentialName, environment: Binding });
export type CreateCredentialBody = z.infer<typeof CreateCredentialBody>;

/** PUT rotates one binding: a new value (the kind may change), the same name and environment. */
export const RotateCredentialBody = kindsWith({ environment: Binding });
export type RotateCredentialBody = z.infer<typeof RotateCredentialBody>;

/** One binding as listed: never its secret. */
export const CredentialBody = z.object({
  name: z.string(),
  kind: z.enum(CREDENTIAL_KINDS),
  environment: z.string().nullable().describe("null: the agent's default binding"),
  fingerprint: z.string().describe("First 8 hex digits of a keyed hash of the value: tells two values apart"),
  created_by: z.string(),
  created_at: z.string(),
  rotated_at: z.string().nullable(),
  used_by: z.array(z.string()).describe("Keys of the tools that name this credential"),
});
export type CredentialBody = z.infer<typeof CredentialBody>;

export const CredentialList = z.object({ credentials: z.array(CredentialBody) });

export const DeletedCredentialBody = z.object({ deleted: z.string(), environment: z.string().nullable() });

/** `?environment=` on GET and DELETE of one binding: absent is the agent's default. */
export const CredentialBindingQuery = z.object({ environment: EnvironmentName.optional() });
