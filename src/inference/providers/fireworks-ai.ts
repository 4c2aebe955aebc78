import type { Provider } from "./types.js";
import { chatAt } from "./shared.js";

export const fireworksAi: Provider = {
  id: "fireworks-ai",
  directBaseUrl: "https://api.fireworks.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: chatAt("/inference/v1/chat/completions"),
  tasks: {},
};
