import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as previewRoute } from "@/app/api/v1/agents/[key]/impact-preview/route";
import { POST as filePreviewRoute } from "@/app/api/v1/agents/[key]/knowledge/files/impact-preview/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { startDemoApp, tableCounts } from "@/test/support/focal-test-app";
import { HOST, ORIGIN } from "@/test/support/request-headers";
import { formOf } from "@/test/support/route-call";

// Preview impact of a knowledge file over the 700 KB a JSON body carries (docs/replay.md#impact-preview):
// the drawer keeps such a file as the browser's File and Save sends it as a file, so the preview's
// JSON draft held no text at all (422 on `content`, a field the drawer does not show), and the text
// itself is over the preview's 1 MiB JSON body (413). The file preview takes the file as Save does.

let handle: DatabaseHandle;
let cookies: Record<"designer", string>;

beforeAll(async () => {
  ({ handle, cookies } = await startDemoApp(["designer"]));
  const agent = await getAgentByKey(handle.db, "refund-desk");
  if (!agent) throw new Error("demo missing");
  for (const message of ["How long does standard shipping take?", "How often should I descale the kettle?"]) {
    const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
    await hostTurn(handle.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "req" });
  }
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

/** About `bytes` bytes of Markdown: numbered sections, one of them on descaling. */
function manual(bytes: number): string {
  const parts = ["# Kettle manual\n\n"];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const section =
      i === 1234
        ? "## Descaling\n\nDescale the kettle with citric acid every 90 days; vinegar leaves a taste.\n\n"
        : `## Section ${i}\n\nParcels from warehouse ${i} are tracked from dispatch to delivery, and the tracking link arrives by e-mail.\n\n`;
    parts.push(section);
    size += section.length;
  }
  return parts.join("");
}

const request = (path: string, body: BodyInit, headers: Record<string, string>) =>
  new Request(`${ORIGIN}/api/v1/agents/refund-desk/${path}`, {
    method: "POST",
    headers: { host: HOST, origin: ORIGIN, cookie: cookies.designer, accept: "application/x-ndjson", ...headers },
    body,
  });
const params = { params: Promise.resolve({ key: "refund-desk" }) };

describe("Preview impact of a knowledge file over 700 KB", () => {
  it("replays recent conversations on a 1.5 MB file's source (over a JSON body's 1 MiB), converted as Save converts it, and writes nothing", async () => {
    const version = (await getAgentByKey(handle.db, "refund-desk"))?.configVersion ?? 0;
    const text = manual(1_500_000);
    // The drawer's JSON draft of such a file, and the same with its text: neither can be previewed.
    const input = {
      agent_key: "refund-desk",
      expected_config_version: version,
      title: "Kettle manual",
      kind: "markdown",
    };
    const json = (content: string) =>
      request(
        "impact-preview",
        JSON.stringify({
          edit: "createKnowledgeSource",
          input: { ...input, content, entries: [], scope: "GLOBAL", scope_ref: null },
        }),
        { "content-type": "application/json", accept: "application/json" },
      );
    expect((await previewRoute(json(""), params)).status).toBe(422);
    expect((await previewRoute(json(text), params)).status).toBe(413);

    const before = await tableCounts(handle);
    const form = formOf({
      title: "Kettle manual",
      kind: "markdown",
      scope: "GLOBAL",
      expected_config_version: String(version),
      file: new File([text], "kettle.md", { type: "text/markdown" }),
    });
    const response = await filePreviewRoute(request("knowledge/files/impact-preview", form, {}), params);
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const last = lines.at(-1);
    expect(last, JSON.stringify(last).slice(0, 500)).toMatchObject({
      type: "result",
      result: { changes_config: true, base_config_version: version, report: { counts: { sessions: 2, turns: 2 } } },
    });
    expect(lines[0]).toMatchObject({ type: "progress", total: 2 });
    expect(await tableCounts(handle)).toEqual(before);
  }, 400_000);

  it("refuses a file that gives no text on `file`, as Save would", async () => {
    const version = (await getAgentByKey(handle.db, "refund-desk"))?.configVersion ?? 0;
    const form = formOf({
      title: "Only scripts",
      kind: "html",
      expected_config_version: String(version),
      file: new File(["<script>track()</script>"], "s.html", { type: "text/html" }),
    });
    const response = await filePreviewRoute(request("knowledge/files/impact-preview", form, {}), params);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({
      type: "error",
      code: "VALIDATION",
      errors: [{ path: "file", message: expect.stringMatching(/no text/) }],
    });
  }, 120_000);
});
