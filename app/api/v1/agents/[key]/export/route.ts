import { exportBundle, serializeBundle } from "@/lib/bundles/export-bundle";
import { defineRoute } from "@/lib/server/define-route";
import { ExportParams } from "./schema";

// GET /api/v1/agents/{key}/export → the agent's bundle file, byte for byte what the CLI writes.
export const GET = defineRoute({ scope: "agents:read", params: ExportParams }, async ({ params, db }) => {
  const text = serializeBundle(await exportBundle(db, params.key));
  return new Response(text, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      // The key is a slug (AgentKey), so it is safe in a header.
      "content-disposition": `attachment; filename="${params.key}.bundle.json"`,
    },
  });
});
