/** A background job (replay, test run) that is queued or running is still going: keep polling it. */
export function jobIsActive(job: { status: string }): boolean {
  return job.status === "queued" || job.status === "running";
}
