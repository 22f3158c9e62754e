import type { ModelProvider } from "../../ports";

/**
 * The provider whose `sense` is the engine's own local sensor over the offline embedder
 * (lib/providers/offline/sense.ts): with it no model stands behind the local sensor. Keyed on the
 * provider's name, which tapes record, so a frozen replay takes the same path as the recorded turn.
 */
export const LOCAL_SENSE_PROVIDER_NAME = "offline";

export function modelStandsBehind(model: ModelProvider): boolean {
  return model.name !== LOCAL_SENSE_PROVIDER_NAME;
}
