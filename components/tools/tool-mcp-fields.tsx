import { Mono } from "@/components/ui/mono";
import type { ToolFormState } from "@/lib/tools/tool-form-state";

// An mcp tool's source, read-only: a sync of its MCP server writes the server, the remote tool, the
// URL, the credential, the description and the inputs (docs/tools.md#mcp-servers). The description
// is the server's text: shown as plain text, never as markup or links.

export function ToolMcpFields({ form }: { form: ToolFormState }) {
  const source = form.mcp;
  if (!source) return null;
  return (
    <section
      className="space-y-2 rounded-lg border border-border p-3 text-sm"
      aria-labelledby="tool-mcp-title"
      data-testid="tool-mcp-source"
    >
      <h3 id="tool-mcp-title" className="font-medium">
        From MCP server <Mono>{source.server}</Mono>
      </h3>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Remote tool</dt>
        <dd>
          <Mono>{source.tool}</Mono>
        </dd>
        <dt className="text-muted-foreground">URL</dt>
        <dd className="break-all">
          <Mono>{source.url}</Mono>
        </dd>
        <dt className="text-muted-foreground">Credential</dt>
        <dd>{source.credential ? <Mono>{source.credential}</Mono> : "none"}</dd>
        <dt className="text-muted-foreground">Limits</dt>
        <dd>
          {form.timeout_ms} ms, {form.max_bytes} bytes
        </dd>
      </dl>
      <div>
        <p className="text-muted-foreground text-xs">Description (from the server, shown as plain text)</p>
        <p className="whitespace-pre-wrap break-words text-xs" data-testid="tool-mcp-description">
          {form.description || "none"}
        </p>
      </div>
      <p className="text-muted-foreground text-xs">
        The description and inputs follow the server: change them there, then Sync under MCP servers. Approval and
        output variables are yours to set here.
      </p>
    </section>
  );
}
