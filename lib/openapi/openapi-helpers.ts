import { z } from "zod";
import { ErrorBody } from "@/lib/openapi/error-body";

// What every path file of the OpenAPI document builds its operations from: JSON content from a zod
// schema, and error responses described in that file's own words.

/** `application/json` content for a schema: requests describe what may be sent (`input`), responses what comes back. */
export function jsonContent(schema: z.ZodType, io: "input" | "output" = "input") {
  return { "application/json": { schema: z.toJSONSchema(schema, { io, unrepresentable: "any" }) } };
}

/** A builder of error responses for these status codes, each with its description and the error body. */
export function errorResponses(descriptions: Record<number, string>) {
  return (...codes: number[]) =>
    Object.fromEntries(
      codes.map((code) => [
        String(code),
        { description: descriptions[code] ?? "Error", content: jsonContent(ErrorBody) },
      ]),
    );
}
