import { z } from "zod";

// A time in an API answer: Date.toISOString()'s ISO 8601 string in UTC, described once for the
// OpenAPI document.

export const IsoTime = z.string().describe("ISO 8601 UTC");
