import { agentKeyParam, operationBuilder, pathParam, queryParam } from "../openapi/openapi-helpers";
import { ImpactPreviewSchema } from "../replay/replay-view-schemas";
import { GAPS_MAX_DAYS, GAPS_MAX_LIMIT, KnowledgeGaps } from "./knowledge-gap-schemas";
import {
  KNOWLEDGE_SEARCH_MAX_K,
  KnowledgeSearchResult,
  KnowledgeSourceDeleted,
  KnowledgeSourceDetail,
  KnowledgeSourceInput,
  KnowledgeSourceList,
  KnowledgeSourceRefreshed,
  KnowledgeSourceWritten,
} from "./knowledge-schemas";

// OpenAPI path objects of an agent's knowledge (docs/knowledge.md).

const operation = operationBuilder({
  400: "Malformed JSON, or an If-Match that names no version",
  401: "Missing, invalid or revoked API key",
  403: "The key lacks the scope",
  404: "No such agent, or no such source",
  409: "A test gate blocked the change (the body names the failing tests)",
  412: "If-Match names a config_version the agent has moved on from",
  413: "The body is over 1 MiB",
  422: "Validation failed: an unknown kind, content on an FAQ source or entries on a text one, a blank text, a duplicate id, a scope naming no scenario or step, an uploaded file that cannot be read (an HTML page nested too deeply, or not converted within 60 s or 512 MB; a PDF not read within 30 s or 512 MB), has no text or is over 700 KB (named by its field, `html` or `pdf_base64`), a url source's URL outside FOCAL_TOOL_HOSTS, answering an HTTP error or a redirect, too slow (10 s), over 8 MiB, with no text, a PDF with no text, XML that is not a sitemap (on `url`); SITEMAP_TOO_LARGE: a sitemap listing more than 200 pages (on `url`); a search without `q`, or a gaps window outside 1–365 days",
  503: "UNAVAILABLE: the instance is converting 2 files and has 8 more waiting; send the request again after Retry-After seconds (nothing was written)",
});

/** The upload's own texts: its body is a form of up to 20 MiB, not JSON of 1 MiB. */
const uploadOperation = operationBuilder({
  400: "A malformed multipart body, a field sent twice, or an If-Match that names no version",
  404: "No such agent",
  409: "A test gate blocked the change (the body names the failing tests)",
  412: "If-Match names a config_version the agent has moved on from",
  413: "The file is over 20 MB (named on `file`; counted while the body streams in, nothing read past it)",
  415: "The body is not multipart/form-data",
  422: "Validation failed: no `file` part, a kind other than text, markdown, html or pdf, a scope naming no scenario or step, or a file that gives no text (on `file`): not UTF-8 or binary (text, markdown), only scripts, styles and navigation (html), a PDF that cannot be opened, is password-protected, has no text layer, has more than 2,000 pages or takes more than 30 s to read, a page nested too deeply or taking more than 60 s to convert, a file needing more than 512 MB to read, or text over 6,000,000 characters",
  429: "The impact preview: the key or the agent has its most replays, test runs and impact previews open; retry after Retry-After seconds",
  503: "UNAVAILABLE: the instance is converting 2 files and has 8 more waiting; send the request again after Retry-After seconds (nothing was written)",
});

/** The form `POST …/knowledge/files` takes: drawn by hand, since a file part has no JSON schema. */
const UPLOAD_FORM = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["file", "title", "kind"],
        properties: {
          file: { type: "string", format: "binary", description: "The file, at most 20 MB" },
          title: { type: "string", description: "The source's title" },
          kind: {
            type: "string",
            enum: ["text", "markdown", "html", "pdf"],
            description: "What the file holds: text and markdown kept as they are, html and pdf converted to Markdown",
          },
          scope: { type: "string", enum: ["GLOBAL", "SCENARIO", "STEP"], default: "GLOBAL" },
          scope_ref: { type: "string", description: 'A scenario key, or "scenario_key/step_key" for a step' },
          key: { type: "string", description: "The source's id; made from the title when left out" },
        },
      },
    },
  },
};

/** The form `POST …/knowledge/files/impact-preview` takes: the upload's, the editor's version and the window. */
const PREVIEW_FORM = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        ...UPLOAD_FORM.content["multipart/form-data"].schema,
        required: ["file", "title", "kind", "expected_config_version"],
        properties: {
          ...UPLOAD_FORM.content["multipart/form-data"].schema.properties,
          expected_config_version: { type: "integer", description: "The config_version the draft is made on" },
          sessions: { type: "integer", default: 200, description: "The last sessions replayed, at most (1–2,000)" },
          turns: { type: "integer", default: 2000, description: "The last turns replayed, at most (1–20,000)" },
        },
      },
    },
  },
};

const sourceId = pathParam("id", { type: "string" }, "The source's id (its key)");
const CONFIG_CHANGE =
  "A config change like any other: a new config_version, CONFIG_CHANGED in the ledger with the fields that changed, and the tests gate. Environments pin knowledge with the rest of the configuration; a rollback restores the old passages.";

export const knowledgePaths = {
  "/api/v1/agents/{key}/knowledge/sources": {
    get: operation("config:read", {
      summary: "The agent's knowledge sources, with how many passages each was cut into",
      parameters: [agentKeyParam],
      ok: { description: "Every source, by id", schema: KnowledgeSourceList },
    }),
    post: operation("config:write", {
      summary:
        "Add a knowledge source: pasted text or Markdown, FAQ entries, an HTML page or PDF file, or a URL (a page or a sitemap)",
      description: `${CONFIG_CHANGE} An HTML page (\`html\`) or a PDF (\`pdf_base64\`, at most 700 KB) is converted to Markdown once, on save: the source keeps the converted text as its \`content\`, headings (a PDF: one "Page N" heading per page) as its passages' heading paths. A \`url\` source (\`{kind: "url", url, refresh_hours?}\`) is fetched on save through the tool host allow-list (FOCAL_TOOL_HOSTS, no redirects, 10 s, 8 MiB): HTML, Markdown, text or PDF converted the same way; a sitemap (\`<urlset>\`, or a \`<sitemapindex>\` of at most 10) gives each of its pages (at most 200) under its title as a heading. A URL that gives no text is refused on \`url\` and nothing is written.`,
      parameters: [agentKeyParam],
      body: KnowledgeSourceInput,
      ok: { status: 201, description: "The source as saved, with its passage count", schema: KnowledgeSourceWritten },
      also: [409, 412, 503],
    }),
  },
  "/api/v1/agents/{key}/knowledge/files": {
    post: {
      ...uploadOperation("config:write", {
        summary: "Add a knowledge source from a file of up to 20 MB: Markdown, text, HTML or PDF (multipart/form-data)",
        description: `${CONFIG_CHANGE} The file is converted once, on save, as \`html\` and \`pdf_base64\` are on POST …/knowledge/sources, whose 1 MiB JSON body holds files of at most 700 KB: the source keeps the text as its \`content\`. A PDF or HTML file is read on a worker thread of its own, at most 2 at once in a process with 8 more waiting (one more: 503 with Retry-After): a PDF at most 2,000 pages, 30 s and 512 MB, an HTML page 60 s and 512 MB. Refusals name \`file\` and write nothing.`,
        parameters: [agentKeyParam],
        ok: { status: 201, description: "The source as saved, with its passage count", schema: KnowledgeSourceWritten },
        errors: [400, 401, 403, 404, 409, 412, 413, 415, 422, 503],
      }),
      requestBody: UPLOAD_FORM,
    },
  },
  "/api/v1/agents/{key}/knowledge/files/impact-preview": {
    post: {
      ...uploadOperation("agents:read", {
        summary: "What adding a file of up to 20 MB as a source would do to recent conversations (multipart/form-data)",
        description:
          'The impact preview (POST …/impact-preview) of a `createKnowledgeSource` whose file is over the 700 KB its 1 MiB JSON body carries: the file is converted as its save would convert it (refusals name `file`), the draft checked as Save would check it (422) and rolled back, then the last `sessions` sessions or `turns` turns are replayed on it, frozen. `Accept: application/x-ndjson` streams `{type:"progress",done,total}` lines, then `{type:"result",result}`; closing the request cancels. Writes nothing. A designer\'s session, or a key with agents:read.',
        parameters: [agentKeyParam],
        ok: { description: "The preview", schema: ImpactPreviewSchema },
        errors: [400, 401, 403, 404, 413, 415, 422, 429, 503],
      }),
      requestBody: PREVIEW_FORM,
    },
  },
  "/api/v1/agents/{key}/knowledge/sources/{id}": {
    get: operation("config:read", {
      summary: "One knowledge source, its content or entries included",
      parameters: [agentKeyParam, sourceId],
      ok: { description: "The source", schema: KnowledgeSourceDetail },
    }),
    put: operation("config:write", {
      summary: "Replace a knowledge source (another `key` in the body renames it)",
      description: CONFIG_CHANGE,
      parameters: [agentKeyParam, sourceId],
      body: KnowledgeSourceInput,
      ok: {
        description: "The source as saved; `changed` false when the body equals what is stored",
        schema: KnowledgeSourceWritten,
      },
      also: [409, 412, 503],
    }),
    delete: operation("config:write", {
      summary: "Delete a knowledge source",
      description: CONFIG_CHANGE,
      parameters: [agentKeyParam, sourceId],
      ok: { description: "The id deleted and the new config_version", schema: KnowledgeSourceDeleted },
      also: [409, 412],
    }),
  },
  "/api/v1/agents/{key}/knowledge/sources/{id}/refresh": {
    post: operation("config:write", {
      summary: "Fetch a url source again now",
      description: `Changed text is a config change (${CONFIG_CHANGE}) The same text writes nothing (\`changed\` false). A fetch that fails keeps the source's passages and answers 200 with \`refreshed\` false and the reason in \`fetch.error\`, as the \`knowledge.refresh\` job records it for sources with a \`refresh_hours\`.`,
      parameters: [agentKeyParam, sourceId],
      ok: {
        description: "The source after the fetch, with its fetch status",
        schema: KnowledgeSourceRefreshed,
      },
      also: [409, 412],
    }),
  },
  "/api/v1/agents/{key}/knowledge/search": {
    get: operation("config:read", {
      summary: "What a customer asking `q` would get: the top passages and whether they answer it",
      description:
        "The same index and answerability verdict a turn uses, at the agent's latest version, for `q` asked as a first message. `answerable` false: the agent would say it does not know.",
      parameters: [
        agentKeyParam,
        { ...queryParam("q", { type: "string" }, "The question"), required: true },
        queryParam(
          "k",
          { type: "integer", minimum: 1, maximum: KNOWLEDGE_SEARCH_MAX_K, default: 5 },
          "How many passages",
        ),
      ],
      ok: { description: "The passages, best first, and the verdict", schema: KnowledgeSearchResult },
      also: [422],
    }),
  },
  "/api/v1/agents/{key}/knowledge/gaps": {
    get: operation("config:read", {
      summary: "The questions the agent abstained on, grouped, most asked first",
      description:
        "Abstained turns of every channel (the console's sandbox too) over the last `days`, near-identical questions grouped by their shared content terms. A group is `answered_in_version` the latest version when that version now answers its question and all its turns ran before it.",
      parameters: [
        agentKeyParam,
        queryParam("days", { type: "integer", minimum: 1, maximum: GAPS_MAX_DAYS, default: 30 }, "How many days back"),
        queryParam("limit", { type: "integer", minimum: 1, maximum: GAPS_MAX_LIMIT, default: 50 }, "How many groups"),
      ],
      ok: { description: "The groups, most asked first", schema: KnowledgeGaps },
      also: [422],
    }),
  },
};
