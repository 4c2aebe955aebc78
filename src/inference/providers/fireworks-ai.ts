import type { Provider } from "./types.js";
import { fixed } from "./shared.js";

export const fireworksAi: Provider = {
  id: "fireworks-ai",
  directBaseUrl: "https://api.fireworks.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: fixed("/inference/v1/chat/completions"),
  tasks: {},
};
