import type { Provider, QueueProtocol } from "./types.js";
import { fixed, idPath, json, JSON_OUTPUT, LONG_WAIT } from "./shared.js";
import { textOf } from "../input-readers.js";

/** The receipt holds only `task_id`; the task's state and videos come from task-result. */
const ASYNC_TASK: QueueProtocol = {
  status: { kind: "id", field: ["task_id"], prefix: "/v3/async/task-result?task_id=" },
  state: ["task", "status"],
  done: "TASK_STATUS_SUCCEED",
  failed: ["TASK_STATUS_FAILED"],
  error: ["task", "reason"],
  output: ["videos", 0, "video_url"],
  ...LONG_WAIT,
};

// Like groq, text generation without chat has no valid route here.
export const novita: Provider = {
  id: "novita",
  directBaseUrl: "https://api.novita.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "NOVITA_API_KEY",
  chatPath: fixed("/v3/openai/chat/completions"),
  tasks: {
    "text-to-video": { path: (id) => `/v3/async/${idPath(id)}`, body: (input) => json({ prompt: textOf(input) }), output: JSON_OUTPUT, queue: ASYNC_TASK },
  },
};
