import type { Metadata } from "next";
import { ApiDocs } from "@/components/api-docs/api-docs";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";
import { definePage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";

export const metadata: Metadata = { title: "REST API" };

async function ApiDocsPage() {
  await requireOperator();
  return <ApiDocs doc={buildOpenApiDocument()} />;
}

export default definePage(ApiDocsPage);
