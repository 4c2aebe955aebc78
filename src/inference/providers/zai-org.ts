import type { Provider } from "./types.js";
import { chatAt, dataUrl, fileOf, fixed, json, JSON_OUTPUT, textOf } from "./shared.js";

export const zaiOrg: Provider = {
  id: "zai-org",
  directBaseUrl: "https://api.z.ai",
  authScheme: "Bearer",
  headers: { "x-source-channel": "hugging_face", "accept-language": "en-US,en" },
  acceptsHubTokens: true,
  chatPath: chatAt("/api/paas/v4/chat/completions"),
  tasks: {
    // Image generation is asynchronous: the reply names the job.
    "text-to-image": { path: fixed("/api/paas/v4/async/images/generations"), body: (input, model) => json({ model, prompt: textOf(input) }), output: JSON_OUTPUT, queued: true },
    "image-to-text": { path: fixed("/api/paas/v4/layout_parsing"), body: (input, model) => json({ model, file: dataUrl(fileOf(input)) }), output: JSON_OUTPUT },
  },
};
