/** The Tests page, optionally with a run's report open. */
export function testsHref(agentKey: string, query: Record<string, string | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return `/agents/${encodeURIComponent(agentKey)}/tests${search ? `?${search}` : ""}`;
}

/** A case's editor. */
export function testCaseHref(agentKey: string, caseKey: string): string {
  return `${testsHref(agentKey)}/${encodeURIComponent(caseKey)}`;
}
