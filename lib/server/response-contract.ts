import "server-only";
import { z } from "zod";
import { ErrorBody } from "@/lib/openapi/error-body";
import { answersCustomer, type CustomerViewDeclaration } from "./customer-view";

// The response half of a route's contract: the body declared for its status (`defineRoute({ response })`,
// the schema the OpenAPI document draws), the shared error body at 4xx/5xx, and no key the schema leaves
// out. defineRoute checks every JSON answer against it outside production (lib/env.ts NODE_ENV), so
// development and the tests see a break at once; production never pays for the parse.

/** The declared bodies by status, as a route's metadata holds them. */
interface DeclaredResponses {
  responses: Readonly<Record<number, z.ZodType>>;
  /** The bodies a customer gets instead (a publishable key, or `?view=customer` where the route offers it). */
  customer?: CustomerViewDeclaration & { responses: Readonly<Record<number, z.ZodType>> };
}

/** The schema an answer at `status` must match; null when the route declares nothing there (a contract break). */
function schemaFor({ responses }: DeclaredResponses, status: number): z.ZodType | null {
  const declared = responses[status];
  if (status >= 400) return declared ? z.union([declared, ErrorBody]) : ErrorBody;
  return declared ?? null;
}

/**
 * Paths of keys in `sent` that parsing dropped: a zod object strips keys it does not declare, so a key the
 * route sends and the document leaves out would otherwise pass unnoticed.
 */
function undeclaredKeys(sent: unknown, parsed: unknown, at = "(root)"): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => undeclaredKeys(item, parsed[i], `${at}[${i}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) => {
    const path = at === "(root)" ? key : `${at}.${key}`;
    return key in parsed ? undeclaredKeys(sent[key], parsed[key], path) : [path];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What is wrong with a JSON answer at `status`; empty when it keeps the route's declared contract. */
export function contractProblems(declared: DeclaredResponses, status: number, body: unknown): string[] {
  const schema = schemaFor(declared, status);
  if (!schema) {
    return [`status ${status} is not declared (declared: ${Object.keys(declared.responses).join(", ")})`];
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return undeclaredKeys(body, parsed.data).map((path) => `${path}: sent, but the schema does not declare it`);
}

/** The bodies this request may be answered with: the customer's where it gets the customer's view. */
function declaredFor(declared: DeclaredResponses, request: Request): DeclaredResponses {
  return declared.customer && answersCustomer(declared.customer, request)
    ? { responses: declared.customer.responses }
    : declared;
}

/** Throws when a JSON answer breaks the declared contract. Streams and files (not JSON) pass. */
export async function assertResponseContract(
  declared: DeclaredResponses,
  request: Request,
  response: Response,
): Promise<void> {
  if (!response.headers.get("content-type")?.includes("application/json")) return;
  const text = await response.clone().text();
  const body = text === "" ? undefined : JSON.parse(text);
  const problems = contractProblems(declaredFor(declared, request), response.status, body);
  if (problems.length > 0) {
    const route = `${request.method} ${new URL(request.url).pathname}`;
    throw new Error(`${route} answered ${response.status} off its declared contract:\n  ${problems.join("\n  ")}`);
  }
}
