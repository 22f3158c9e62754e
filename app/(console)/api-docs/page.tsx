import type { Metadata } from "next";
import { ApiDocs } from "@/components/api-docs/api-docs";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";
import { requireOperator } from "@/lib/server/auth/require-operator";

export const metadata: Metadata = { title: "REST API" };

export default async function ApiDocsPage() {
  await requireOperator();
  return <ApiDocs doc={buildOpenApiDocument()} />;
}
