import demo from "../../demo/refund-desk.bundle.json";
import { extractResponseVariables } from "../stages/extraction/extract-response-variables";
import { snapshotFromBundle } from "./snapshot-from-bundle";

const variables = snapshotFromBundle(demo).responseVariables;

/** What the demo's refund_amount reads in a reply: the amounts it binds, and the ones it is not sure of. */
export function readDemoRefunds(reply: string): { refunds: unknown[]; uncertain: string[] } {
  const x = extractResponseVariables(reply, variables);
  return {
    refunds: x.values.refund_amount ?? [],
    uncertain: (x.uncertainMoney?.refund_amount ?? []).map((u) => u.text),
  };
}
