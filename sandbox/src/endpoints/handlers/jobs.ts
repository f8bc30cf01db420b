/**
 * Jobs (spec/paths/jobs.yaml): the status of one of the caller's jobs, read with its token. The reference
 * shows neither the token's origin nor the response's fields: in the sandbox a job is a seeded record with
 * an opaque token, and the body (an open object in the spec) is its JobId, Status and CreatedDate.
 */
import { badRequest, notFound, ok, type Handler, type HandlerTable } from "../api/handler.js";

const getJobStatus: Handler<"getJobStatus"> = (context) => {
  const job = context.store.owned(context.store.jobs, context.tenant, context.path.jobId);
  if (job === undefined) return notFound("The job");
  if (context.query.token !== job.token)
    return badRequest("invalid_token", "The token does not belong to this job.", "token");
  return ok({ JobId: job.Id, Status: job.Status, CreatedDate: job.CreatedDate });
};

export const jobHandlers = { getJobStatus } satisfies Partial<HandlerTable>;
