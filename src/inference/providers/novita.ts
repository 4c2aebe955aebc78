import type { Provider } from "./types.js";
import { chatAt, idPath, json, JSON_OUTPUT, textOf } from "./shared.js";

// Like groq, text generation without chat has no valid route here.
export const novita: Provider = {
  id: "novita",
  directBaseUrl: "https://api.novita.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: chatAt("/v3/openai/chat/completions"),
  tasks: {
    "text-to-video": { path: (id) => `/v3/async/${idPath(id)}`, body: (input) => json({ prompt: textOf(input) }), output: JSON_OUTPUT, queued: true },
  },
};
