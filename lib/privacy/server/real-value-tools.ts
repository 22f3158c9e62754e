import "server-only";
import type { PrivacySettings } from "@/lib/engine/contracts/privacy-settings";
import type { ToolRunner } from "@/lib/engine/ports";
import { restoreInValue } from "@/lib/engine/stages/privacy/restore-placeholders";
import type { SessionVault } from "./session-vault";

/**
 * The tool runner, giving a tool whose `privacy.tools[key].receives_real_values` is on its input with
 * the placeholders restored; every other tool gets placeholders. It sits under the tape's recorder, so
 * the tape hashes the masked input a replay sees. Such a call's request as sent is dropped from its
 * result: it carries the real values, and the result goes into the tape and the trace.
 */
export function toolsWithRealValues(tools: ToolRunner, vault: SessionVault, settings: PrivacySettings): ToolRunner {
  return {
    async run(tool, input) {
      if (settings.tools[tool.key]?.receives_real_values !== true) return tools.run(tool, input);
      const { request: _real, ...result } = await tools.run(
        tool,
        restoreInValue(input, vault.realValueOf) as Record<string, unknown>,
      );
      return result;
    },
  };
}
