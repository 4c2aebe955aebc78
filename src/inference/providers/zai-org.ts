import type { Provider, QueueProtocol } from "./types.js";
import { fixed, dataUrl, json, JSON_OUTPUT, SHORT_WAIT } from "./shared.js";
import { fileOf, textOf } from "../input-readers.js";

/** A failed job says only FAIL: the snippet shows the whole reply. */
const ASYNC_IMAGE: QueueProtocol = {
  status: { kind: "id", field: ["id"], prefix: "/api/paas/v4/async-result/" },
  state: ["task_status"],
  done: "SUCCESS",
  failed: ["FAIL"],
  output: ["image_result", 0, "url"],
  ...SHORT_WAIT,
};

export const zaiOrg: Provider = {
  id: "zai-org",
  directBaseUrl: "https://api.z.ai",
  authScheme: "Bearer",
  headers: { "x-source-channel": "hugging_face", "accept-language": "en-US,en" },
  acceptsHubTokens: true,
  tokenVariable: "ZAI_ORG_API_KEY",
  pythonClientRefuses: ["image-to-text"],
  chatPath: fixed("/api/paas/v4/chat/completions"),
  tasks: {
    // Image generation is asynchronous: the reply names the job.
    "text-to-image": {
      path: fixed("/api/paas/v4/async/images/generations"),
      body: (input, model) => json({ model, prompt: textOf(input) }),
      output: JSON_OUTPUT,
      queue: ASYNC_IMAGE,
    },
    "image-to-text": { path: fixed("/api/paas/v4/layout_parsing"), body: (input, model) => json({ model, file: dataUrl(fileOf(input)) }), output: JSON_OUTPUT },
  },
};
