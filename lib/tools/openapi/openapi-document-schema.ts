import { z } from "zod";
import { documentPath, OpenApiImportError } from "./openapi-issue";

// The part of an OpenAPI 3.0/3.1 document the import relies on, checked before anything is mapped so
// a broken document is refused with the place of each problem (`document.paths./pets.get.responses`).
// Objects are loose: extensions (`x-…`) and fields the import does not read pass through unchecked.

const Ref = z.looseObject({ $ref: z.string() });
const Schema = z.union([z.record(z.string(), z.unknown()), z.boolean()]);

const Parameter = z.looseObject({
  name: z.string().min(1),
  in: z.enum(["path", "query", "header", "cookie"]),
  description: z.string().optional(),
  required: z.boolean().optional(),
  schema: Schema.optional(),
});

const MediaType = z.looseObject({ schema: Schema.optional() });
const Content = z.record(z.string(), MediaType);

const RequestBody = z.looseObject({ content: Content, required: z.boolean().optional() });
const Response = z.looseObject({ description: z.string().optional(), content: Content.optional() });

const SecurityRequirement = z.record(z.string(), z.array(z.string()));

const Operation = z.looseObject({
  operationId: z.string().min(1).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  parameters: z.array(z.union([Ref, Parameter])).optional(),
  requestBody: z.union([Ref, RequestBody]).optional(),
  responses: z.record(z.string(), z.union([Ref, Response])),
  security: z.array(SecurityRequirement).optional(),
});
export type OpenApiOperation = z.infer<typeof Operation>;

export const OPERATION_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const PathItem = z.looseObject({
  parameters: z.array(z.union([Ref, Parameter])).optional(),
  ...Object.fromEntries(OPERATION_METHODS.map((method) => [method, Operation.optional()])),
});

const SecurityScheme = z.looseObject({
  type: z.enum(["apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"]),
  scheme: z.string().optional(),
  name: z.string().optional(),
  in: z.string().optional(),
  flows: z.record(z.string(), z.unknown()).optional(),
});

const OpenApiDocument = z.looseObject({
  openapi: z
    .string({
      error: 'Missing "openapi": this is not an OpenAPI 3.x document (Swagger 2.0 documents are not imported)',
    })
    .regex(/^3\.\d+(\.\d+)?$/, "Only OpenAPI 3.x documents are imported"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  paths: z.record(z.string().regex(/^\//, "A path starts with /"), z.union([Ref, PathItem])),
  components: z
    .looseObject({ securitySchemes: z.record(z.string(), z.union([Ref, SecurityScheme])).optional() })
    .optional(),
  security: z.array(SecurityRequirement).optional(),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

/** An issue at its place; a union's (a $ref or the object) is reported as the object's own problem. */
function placed(issue: z.core.$ZodIssue): { path: string; message: string } {
  if (issue.code === "invalid_union") {
    const inner = issue.errors.at(-1)?.[0];
    if (inner) return placed({ ...inner, path: [...issue.path, ...inner.path] });
  }
  return { path: documentPath(issue.path), message: issue.message };
}

/** The document checked as OpenAPI 3.x; refused with each problem's place in the document. */
export function checkedOpenApiDocument(value: unknown): OpenApiDocument {
  const parsed = OpenApiDocument.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 20).map(placed);
  const first = issues[0];
  throw new OpenApiImportError(
    `This is not a valid OpenAPI 3.x document${first ? `: ${first.path}: ${first.message}` : ""}.`,
    issues,
  );
}
