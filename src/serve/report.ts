import type { ServePlan } from "./plan.js";

/*
 * A plan as scripts read it: the `plan` object of `snippet --json`, of the
 * model page's --json, of `models --fits --app vllm --json`, of the library's
 * servePlan and of MCP's plan_local_run, made here once so the views agree.
 */

/** The plan with its figures and settings; why it does not fit is the refusal's, said in words beside it. */
export type ServePlanReport = Omit<ServePlan, "failure">;

export function servePlanReport(plan: ServePlan): ServePlanReport {
  const { failure: _failure, ...report } = plan;
  return report;
}
