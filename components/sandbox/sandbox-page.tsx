import Link from "next/link";
import { SaveAsTestDialog } from "@/components/conversation-tests/save-as-test-dialog";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SandboxData } from "@/lib/sandbox/server/load-sandbox";
import { ContinuityToggle } from "./continuity-toggle";
import { SandboxWorkspace } from "./sandbox-workspace";
import { SessionPicker } from "./session-picker";
import { StartSessionButton } from "./start-session-button";

interface SandboxPageProps {
  data: SandboxData;
  selectedTurnId?: string;
}

/** Agent › Sandbox: talk to the agent as a customer and see why each reply is what it is. */
export function SandboxPage({ data, selectedTurnId }: SandboxPageProps) {
  const { agent, provider } = data;
  const offline = provider.name === "offline";
  return (
    <>
      <PageHeader
        className="pb-0"
        title={
          <>
            <Link href={`/agents/${encodeURIComponent(agent.key)}`} className="hover:underline">
              {agent.name}
            </Link>
            <span className="px-1.5 font-normal text-muted-foreground" aria-hidden="true">
              ›
            </span>
            <span className="sr-only"> — </span>
            Sandbox
          </>
        }
        actions={
          <>
            <Badge
              data-testid="provider-badge"
              title={`Replies come from ${provider.name} (${provider.model})`}
              className="font-mono"
            >
              {/* Below 1280 px the header needs the room: the word stays for screen readers and the title. */}
              <span className="sr-only font-sans text-muted-foreground xl:not-sr-only">provider</span>
              {offline ? "offline" : provider.model}
            </Badge>
            <SessionPicker
              agentKey={agent.key}
              sessions={data.sessions}
              othersSessions={data.othersSessions}
              currentId={data.session?.id ?? null}
              startedBy={data.sessionStartedBy}
            />
            <ContinuityToggle
              // A new session starts from its own stored value, not the previous session's optimistic one.
              key={data.session?.id ?? "no-session"}
              sessionId={data.session?.id ?? null}
              enabled={data.session?.continuityEnabled ?? null}
              canPost={data.canPost}
              deploymentOn={data.continuity.deploymentOn}
              agentOn={data.continuity.agentOn}
            />
            {data.canPost && data.session && data.turns.length > 0 ? (
              <SaveAsTestDialog agentKey={agent.key} sessionId={data.session.id} label="Save as test" compact />
            ) : null}
            {data.canPost ? (
              <StartSessionButton
                agentKey={agent.key}
                label="New session"
                testId="sandbox-reset"
                continuityEnabled={data.session?.continuityEnabled ?? null}
                environments={data.environments}
                environment={data.session?.environment}
              />
            ) : null}
          </>
        }
      />
      {/* A new session is a new conversation: remount so draft, errors and local turns start empty. */}
      <SandboxWorkspace key={data.session?.id ?? "no-session"} data={data} selectedTurnId={selectedTurnId} />
    </>
  );
}
