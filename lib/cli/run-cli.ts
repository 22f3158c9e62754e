import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { DatabaseHandle } from "@/db/client";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { exportBundle, serializeBundle } from "@/lib/bundles/server/export-bundle";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import type { CliDeps } from "./cli-deps";
import { readJsonFile } from "./read-json-file";
import { type ApplyCommand, runApply } from "./run-apply";
import { parseTestCommand, runTests, type TestCommand } from "./run-tests";

const CLI_ACTOR: Actor = { kind: "system", name: "cli", id: null };

const USAGE = `Usage:
  npm run focal -- import <file>               Import an agent bundle: creates the agent, or replaces
                                               the whole configuration of the agent with that key
  npm run focal -- export <key> [--out <file>] Write an agent's bundle to stdout, or to <file>
  npm run focal -- test <bundle-file | key> [--suite <name>] [--k <1-10>] [--tries <n>]
                   [--mode frozen|offline|live] [--junit <file>]
                                               Run an agent's conversation tests; a bundle file runs on
                                               a temporary embedded database (no server; no network
                                               unless --mode live). Exit code 1 when a case fails
  npm run focal -- apply <bundle-file> [--agent <key>] [--yes]
                                               Print the entity changes that take the agent (the
                                               bundle's agent.key unless --agent) to the bundle's
                                               configuration; --yes applies them in one transaction,
                                               each a config version. Exit code 0 nothing to do or
                                               applied, 2 changes planned but not applied, 1 error

The database is DATABASE_URL when set, else the embedded one in FOCAL_DATA_DIR (.data/pglite).
While a Focal server uses the embedded database, use its REST API instead:
  POST /api/v1/agents/import, GET /api/v1/agents/<key>/export`;

/** Runs one CLI command and returns the exit code: 0 done, 1 failed, 2 usage error (apply: also a plan not applied). */
export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    deps.stderr(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.command === "help") {
    deps.stdout(`${USAGE}\n`);
    return 0;
  }

  if (parsed.command === "test") return runTests(parsed, deps);
  if (parsed.command === "apply") return runApply(parsed, deps);

  let input: unknown;
  if (parsed.command === "import") {
    const read = await readJsonFile(parsed.file, deps.stderr);
    if (!read) return 1;
    input = read.json;
  }

  let handle: DatabaseHandle | undefined;
  try {
    handle = await deps.openDatabase();
    const requestId = `cli-${randomUUID()}`;
    if (parsed.command === "import") {
      const result = await importBundle(handle.db, input, CLI_ACTOR, requestId);
      const how = result.created ? "created" : "configuration replaced";
      deps.stdout(
        `Imported "${result.key}" (agent ${result.agent_id}): ${how}, config version ${result.config_version}.\n`,
      );
    } else {
      const text = serializeBundle(await exportBundle(handle.db, parsed.key));
      if (parsed.out) {
        await writeFile(parsed.out, text);
        deps.stderr(`Wrote "${parsed.key}" to ${parsed.out}.\n`);
      } else {
        deps.stdout(text);
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      deps.stderr(`${error.message}\n`);
      return 1;
    }
    if (error instanceof AppError && error.httpStatus < 500) {
      const where = parsed.command === "import" ? `${parsed.file}: ` : "";
      deps.stderr(`${where}${error.message}\n`);
      for (const issue of error.issues ?? []) deps.stderr(`  ${issue.path}: ${issue.message}\n`);
      return 1;
    }
    deps.stderr(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await handle?.close();
  }
}

type Command =
  | { command: "help" }
  | { command: "import"; file: string }
  | { command: "export"; key: string; out?: string }
  | TestCommand
  | ApplyCommand;

function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: "string", short: "o" },
      help: { type: "boolean", short: "h" },
      suite: { type: "string" },
      k: { type: "string" },
      tries: { type: "string" },
      mode: { type: "string" },
      junit: { type: "string" },
      agent: { type: "string" },
      yes: { type: "boolean", short: "y" },
    },
  });
  const [command, target, ...extra] = positionals;
  if (values.help || command === undefined || command === "help") return { command: "help" };
  if (extra.length > 0) throw new Error(`Unexpected arguments: ${extra.join(" ")}`);
  if (command === "import") {
    if (!target) throw new Error("import needs a bundle file.");
    if (values.out) throw new Error("--out is for export.");
    return { command, file: target };
  }
  if (command === "export") {
    if (!target) throw new Error("export needs an agent key.");
    return { command, key: target, out: values.out };
  }
  if (command === "apply") {
    if (!target) throw new Error("apply needs a bundle file.");
    return { command, file: target, agent: values.agent, yes: values.yes ?? false };
  }
  if (command === "test") {
    if (!target) throw new Error("test needs a bundle file or an agent key.");
    return parseTestCommand(target, values);
  }
  throw new Error(`Unknown command "${command}".`);
}
