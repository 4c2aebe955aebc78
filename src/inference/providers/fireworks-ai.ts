import type { Provider } from "./types.js";
import { fixed } from "./shared.js";

export const fireworksAi: Provider = {
  id: "fireworks-ai",
  directBaseUrl: "https://api.fireworks.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "FIREWORKS_AI_API_KEY",
  chatPath: fixed("/inference/v1/chat/completions"),
  tasks: {},
};
