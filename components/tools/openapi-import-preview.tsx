import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import type { ImportOpenApiResult } from "@/lib/tools/openapi/openapi-import-schemas";

// What the import would create, from a dry run: each tool's key and request, its inputs and output
// variables, whether it asks for approval, and what of the operation it leaves out.

export function OpenApiImportPreview({ preview, pending }: { preview: ImportOpenApiResult | null; pending: boolean }) {
  if (!preview) {
    return pending ? <p className="text-muted-foreground text-xs">Preparing the preview…</p> : null;
  }
  return (
    <section
      aria-labelledby="openapi-preview-title"
      className="space-y-2"
      data-testid="openapi-preview"
      aria-busy={pending}
    >
      <h3 id="openapi-preview-title" className="font-medium text-sm">
        Will create {preview.tools.length === 1 ? "1 tool" : `${preview.tools.length} tools`}
      </h3>
      <ul className="space-y-2">
        {preview.tools.map(({ tool, notes, operation }) => (
          <li key={tool.key} className="space-y-1 rounded border border-border p-2 text-xs">
            <div className="flex flex-wrap items-center gap-2">
              <Mono>{tool.key}</Mono>
              <span>{tool.name}</span>
              {tool.requires_approval ? <Badge variant="warning">asks for approval</Badge> : null}
            </div>
            {tool.kind === "http" ? (
              <p className="break-all font-mono text-muted-foreground">
                {tool.output.method} {tool.output.url}
                {tool.output.credential ? ` · credential ${tool.output.credential}` : ""}
              </p>
            ) : null}
            <p>
              <span className="text-muted-foreground">Inputs: </span>
              {Object.keys(tool.input_schema.properties).join(", ") || "none"}
            </p>
            <p>
              <span className="text-muted-foreground">Output variables: </span>
              {Object.keys(tool.output.variables).join(", ") || "none"}
            </p>
            {notes.length > 0 ? (
              <ul className="list-disc pl-4 text-muted-foreground" aria-label={`Notes on ${operation}`}>
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
