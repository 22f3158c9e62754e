import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import type { Provenance } from "@/lib/engine/contracts/turn-outcome";
import type { TurnTape } from "@/lib/engine/replay/tape";

// The engine contracts the jsonb columns of db/json-contracts.ts hold, by the key each column names.
declare module "@/db/json-contracts" {
  interface JsonContracts {
    turnProvenance: Provenance;
    turnTape: TurnTape;
    configSnapshot: AgentSnapshot;
    testCase: BundleTestCase;
    knowledgeSource: BundleKnowledgeSource;
  }
}
