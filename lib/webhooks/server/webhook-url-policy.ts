import "server-only";
import { env } from "@/lib/env";
import {
  checkOutboundUrl,
  type OutboundPolicy,
  type OutboundTarget,
  outboundTarget,
  type Resolver,
  systemResolver,
} from "@/lib/outbound/outbound-target";

// Which URLs a webhook may be sent to: the outbound address policy (lib/outbound/outbound-target.ts)
// that http tools use too, with any public host allowed: a webhook goes to a helpdesk the designer
// names, and Focal sends it only Focal's own event. Special-purpose and this host's own addresses are
// refused, written in the URL or reached through DNS, unless a FOCAL_TOOL_HOSTS entry names that exact
// host. Checked when a webhook is saved, before every attempt, and by the attempt's connection itself.

// A host that takes longer to resolve is treated as not resolving: 5 s is far above a healthy resolver.
const LOOKUP_TIMEOUT_MS = 5_000;

function withTimeout(resolve: Resolver): Resolver {
  return (hostname) =>
    Promise.race([
      resolve(hostname),
      new Promise<never>((_, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no answer within ${LOOKUP_TIMEOUT_MS / 1000} s`)),
          LOOKUP_TIMEOUT_MS,
        );
        timer.unref?.();
      }),
    ]);
}

function webhookPolicy(resolve: Resolver = systemResolver): OutboundPolicy {
  return { allowedHosts: env().FOCAL_TOOL_HOSTS, listedOnly: false, resolve: withTimeout(resolve) };
}

/** The save-time (and before-attempt) answer: ok, or the reason the URL cannot receive webhooks. */
export async function checkWebhookUrl(
  text: string,
  resolve?: Resolver,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const verdict = await checkOutboundUrl(text, webhookPolicy(resolve));
  return verdict.ok ? verdict : { ok: false, reason: verdict.reason };
}

/** The attempt's target: its connection resolves the name again through the policy. */
export function webhookTarget(text: string, resolve?: Resolver): OutboundTarget {
  return outboundTarget(text, webhookPolicy(resolve));
}
