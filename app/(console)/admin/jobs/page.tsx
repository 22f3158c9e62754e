import type { Metadata } from "next";
import { AccessDenied } from "@/components/admin/access-denied";
import { JobsPage } from "@/components/admin/jobs-page";
import { roleAtLeast } from "@/lib/identity/roles";
import { parseJobSearch } from "@/lib/jobs/job-list";
import { definePage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";
import { loadJobsPage } from "@/lib/server/jobs/load-jobs-page";

export const metadata: Metadata = { title: "Jobs" };

async function AdminJobsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const operator = await requireOperator();
  if (!roleAtLeast(operator.role, "admin")) return <AccessDenied needs="admin" have={operator.role} />;
  const search = parseJobSearch(await searchParams);
  const data = await loadJobsPage(await getDb(), search);
  return <JobsPage {...data} search={search} />;
}

export default definePage(AdminJobsPage);
