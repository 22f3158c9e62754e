import type { BundleTool } from "@/lib/engine/contracts/bundle";

/** A validated, canonical bundle tool as tools columns: the shape bundle import writes (write-agent-config.ts). */
export function toolColumns(tool: BundleTool) {
  return {
    key: tool.key,
    name: tool.name,
    description: tool.description,
    kind: tool.kind,
    inputSchema: tool.input_schema as Record<string, unknown>,
    output: tool.output as Record<string, unknown>,
  };
}
