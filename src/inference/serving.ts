import { PROVIDER_IDS } from "./id-lists.js";
import type { ProviderId, RouteTask } from "./ids.js";
import { PROVIDERS } from "./providers/index.js";
import { SnippetProblem } from "./problem.js";

/** The providers hubref writes `task` requests for ("conversational": chat). */
function providersServing(task: RouteTask): ProviderId[] {
  return PROVIDER_IDS.filter((id) => (task === "conversational" ? PROVIDERS[id].chatPath !== undefined : PROVIDERS[id].tasks[task] !== undefined));
}

/** A provider without a route for the task: say which ones have one, so the user can pick. */
export function noRouteProblem(provider: ProviderId, task: RouteTask): SnippetProblem {
  return new SnippetProblem({ kind: "provider-lacks-task", provider, what: task === "conversational" ? "chat" : task, serving: providersServing(task) });
}
