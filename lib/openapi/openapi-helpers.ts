import { z } from "zod";
import { ErrorBody } from "@/lib/openapi/error-body";

// What every path file of the OpenAPI document builds its operations from: JSON content from a zod
// schema, parameters, the key's scope, and error responses described in that file's own words.

type Io = "input" | "output";
type Parameter = Record<string, unknown>;

/** `application/json` content for a schema: requests describe what may be sent (`input`), responses what comes back. */
export function jsonContent(schema: z.ZodType, io: Io = "input") {
  return { "application/json": { schema: z.toJSONSchema(schema, { io, unrepresentable: "any" }) } };
}

/**
 * What 400, 401, 403 and 413 mean at every endpoint that takes an API key and a JSON body of at most
 * 1 MiB (request-guard/body-limits.ts); a path file's own texts replace these where it says more.
 */
const COMMON_ERROR_TEXT: Record<number, string> = {
  400: "Malformed JSON",
  401: "Missing, invalid or revoked API key",
  403: "The key lacks the scope",
  413: "Body over 1 MiB",
};

/** A builder of error responses for these status codes, each with its description and the error body. */
export function errorResponses(ownDescriptions: Record<number, string>) {
  const descriptions = { ...COMMON_ERROR_TEXT, ...ownDescriptions };
  return (...codes: number[]) =>
    Object.fromEntries(
      codes.map((code) => [
        String(code),
        { description: descriptions[code] ?? "Error", content: jsonContent(ErrorBody) },
      ]),
    );
}

/** An operation that takes an API key with this scope. */
export const secured = (scope: string) => ({ security: [{ apiKey: [] }], "x-focal-scope": scope });

/** A required path parameter, a string unless told. */
export function pathParam(name: string, schema: Record<string, unknown> = { type: "string" }, description?: string) {
  return { name, in: "path", required: true, ...(description ? { description } : {}), schema };
}

/** A required path parameter holding a uuid (`id` unless told). */
export const uuidParam = (name = "id", description?: string) =>
  pathParam(name, { type: "string", format: "uuid" }, description);

/** The agent key in `/agents/{key}/…`. */
export const agentKeyParam = pathParam("key");

/** An optional query parameter, a string unless told. */
export function queryParam(name: string, schema: Record<string, unknown> = { type: "string" }, description?: string) {
  return { name, in: "query", required: false, ...(description ? { description } : {}), schema };
}

type OperationSpec = {
  summary: string;
  description?: string;
  parameters?: Parameter[];
  /** The required JSON request body. */
  body?: z.ZodType;
  /** The success answer: 200 unless `status` says otherwise, described by the builder's `io` unless told. */
  ok: { status?: number; description: string; schema: z.ZodType; io?: Io };
  /** Declared answers of this operation's own (a 422 with another body). */
  responses?: Record<string, unknown>;
  /**
   * The error codes it answers with, described by the builder's texts; unless listed here, the ones
   * `standardErrors` gives it and those in `also`.
   */
  errors?: number[];
  /** Error codes of this operation's own, beyond the standard ones (409, 429, 502, 503, …). */
  also?: number[];
};

/**
 * What every operation can answer: 401 and 403 (no valid key, or not the scope); with a path parameter
 * 404 (nothing by that name, or outside the key's agents); with a JSON body 400 (malformed), 413 (over
 * 1 MiB) and 422 (invalid).
 */
function standardErrors(spec: OperationSpec): number[] {
  const hasPathParameter = spec.parameters?.some((parameter) => parameter.in === "path") ?? false;
  const codes = [401, 403, ...(hasPathParameter ? [404] : []), ...(spec.body ? [400, 413, 422] : [])];
  return [...codes, ...(spec.also ?? [])];
}

/**
 * A builder of the common operation (the scope its key needs, parameters, JSON body, one success answer,
 * error codes) with one path file's error texts; `io` is how its success answers are described.
 */
export function operationBuilder(errorText: Record<number, string>, io: Io = "output") {
  const errors = errorResponses(errorText);
  return (scope: string, spec: OperationSpec) => ({
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...secured(scope),
    ...(spec.parameters ? { parameters: spec.parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: jsonContent(spec.body) } } : {}),
    responses: {
      [spec.ok.status ?? 200]: {
        description: spec.ok.description,
        content: jsonContent(spec.ok.schema, spec.ok.io ?? io),
      },
      ...spec.responses,
      ...errors(...(spec.errors ?? standardErrors(spec))),
    },
  });
}

/** An operation on one thing named by the uuid `id` in its path (a session, a run), answered with it. */
export function byIdOperation(
  operation: ReturnType<typeof operationBuilder>,
  scope: string,
  summary: string,
  ok: OperationSpec["ok"],
) {
  return operation(scope, { summary, parameters: [uuidParam()], ok });
}

type CollectionOperation = { scope: string } & Omit<OperationSpec, "parameters" | "ok"> & {
    ok: Omit<OperationSpec["ok"], "status">;
  };

/**
 * The two operations on an agent's collection (`/api/v1/agents/{key}/webhooks`, …/credentials): GET lists
 * it, POST adds one and answers 201 with what was added; both take the agent key alone.
 */
export function agentCollection(
  operation: ReturnType<typeof operationBuilder>,
  { list, add }: { list: CollectionOperation; add: CollectionOperation },
) {
  const agentOperation = ({ scope, ...spec }: CollectionOperation, status: number) =>
    operation(scope, { ...spec, parameters: [agentKeyParam], ok: { ...spec.ok, status } });
  return { get: agentOperation(list, 200), post: agentOperation(add, 201) };
}
