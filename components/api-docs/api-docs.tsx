import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
import type { buildOpenApiDocument } from "@/lib/openapi/openapi-document";
import { plural } from "@/lib/text/plural";

type Doc = ReturnType<typeof buildOpenApiDocument>;
interface Operation {
  summary?: string;
  "x-focal-scope"?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

function SchemaBlock({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="rounded border border-border">
      <summary className="cursor-pointer px-2 py-1 text-xs font-medium">{label}</summary>
      <pre className="max-h-80 overflow-auto bg-muted p-2 text-xs">{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}

/** The OpenAPI document rendered for people: every path, its scope, parameters, bodies and status codes. */
export function ApiDocs({ doc }: { doc: Doc }) {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <>
      <PageHeader
        title="REST API"
        description={`${doc.info.title} ${doc.info.version} · OpenAPI ${doc.openapi} · ${plural(operations.length, "operation")}`}
        actions={
          <a className="text-sm underline" href="/api/v1/openapi.json">
            openapi.json
          </a>
        }
      />
      <p className="text-sm text-muted-foreground">{doc.info.description} Create keys on Users &amp; keys.</p>
      {operations.map(({ path, method, op }) => (
        <Card key={`${method} ${path}`} data-testid="api-operation">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              <Badge variant={method === "get" ? "info" : "warning"}>{method.toUpperCase()}</Badge>
              <Mono>{path}</Mono>
              {op["x-focal-scope"] ? (
                <Badge variant="neutral">scope {op["x-focal-scope"]}</Badge>
              ) : (
                <Badge variant="neutral">no auth</Badge>
              )}
            </CardTitle>
            <CardDescription>{op.summary}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {op.parameters?.length ? (
              <ul className="space-y-0.5">
                {op.parameters.map((p) => (
                  <li key={p.name}>
                    <Mono>{p.name}</Mono>{" "}
                    <span className="text-muted-foreground">
                      ({p.in}
                      {p.required ? ", required" : ""})
                    </span>
                    {p.description ? ` — ${p.description}` : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {op.requestBody ? (
              <SchemaBlock label="Request body" schema={op.requestBody.content["application/json"]?.schema} />
            ) : null}
            <div className="flex flex-wrap gap-2">
              {Object.entries(op.responses).map(([code, response]) => (
                <span key={code} className="text-xs">
                  <Mono>{code}</Mono> {response.description}
                </span>
              ))}
            </div>
            {Object.entries(op.responses)
              .filter(([code]) => code.startsWith("2"))
              .map(([code, response]) => (
                <SchemaBlock
                  key={code}
                  label={`Response ${code}`}
                  schema={response.content?.["application/json"]?.schema}
                />
              ))}
          </CardContent>
        </Card>
      ))}
    </>
  );
}
