import { NextResponse } from "next/server";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";

// Public, like any API description: it holds no data, only shapes.
export function GET() {
  return NextResponse.json(buildOpenApiDocument());
}
