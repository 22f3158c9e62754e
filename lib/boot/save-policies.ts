import "server-only";
import { testsGatePolicy } from "@/lib/conversation-tests/server/tests-gate";
import { impactPreviewPolicy } from "@/lib/replay/server/preview-stamp";
import type { SavePolicy } from "@/lib/versioning/server/save-policy";

/**
 * The checks every configuration save runs through (lib/versioning/server/save-policy.ts), in this
 * order within its transaction: the conversation-test gate (may refuse the save, or hold production
 * for a designer's forced save), then the impact preview's stamp. Save actions, the config routes and
 * `focal apply` hand this list to the write path, which imports neither feature.
 */
export const SAVE_POLICIES: readonly SavePolicy[] = [testsGatePolicy, impactPreviewPolicy];
