import { exportBundle, serializeBundle } from "@/lib/bundles/server/export-bundle";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { defineRoute, passThrough } from "@/lib/server/define-route";
import { ExportParams } from "./schema";

// GET /api/v1/agents/{key}/export → the agent's bundle file, byte for byte what the CLI writes.
// Sent as the serialised text (a download), so the Bundle it declares is checked by the API tests, not the types.
export const GET = defineRoute(
  { scope: "agents:read", params: ExportParams, response: Bundle },
  async ({ params, db }) => {
    const text = serializeBundle(await exportBundle(db, params.key));
    return passThrough(
      new Response(text, {
        headers: {
          "content-type": "application/json; charset=utf-8",
          // The key is a slug (AgentKey), so it is safe in a header.
          "content-disposition": `attachment; filename="${params.key}.bundle.json"`,
        },
      }),
    );
  },
);
