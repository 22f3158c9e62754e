import type { Bundle } from "./bundle";

/** A bundle with no entities and every default written out, in the canonical key order; `agent` names it. */
export function emptyBundle(agent: Partial<Bundle["agent"]> = {}): Bundle {
  return {
    focal_bundle: 1,
    agent: { key: "", name: "", description: "", settings: {}, ...agent },
    profile_fields: [],
    variables: [],
    tools: [],
    scenarios: [],
    rules: [],
    knowledge_sources: [],
    tests: [],
  };
}
