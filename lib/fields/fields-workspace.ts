import type { ProfileField, ResponseVariable } from "./field-action-schemas";
import type { NameUse } from "./name-uses";

// What the Fields & Variables page hands its client components. Client-safe: types only.

export interface FieldsWorkspaceData {
  agent: { key: string; name: string; configVersion: number; profileSchemaVersion: number };
  profileFields: ProfileField[];
  variables: ResponseVariable[];
  /** Name → the rules (and tool inputs) that read it; names nobody reads are absent. */
  uses: Record<string, NameUse>;
  /** Names tool outputs declare, with their tool: taken for fields and variables. */
  toolOutputs: { name: string; tool: string }[];
}
