import type { Provider } from "./types.js";
import { chatAt, openAiCompletions } from "./shared.js";

export const featherlessAi: Provider = {
  id: "featherless-ai",
  directBaseUrl: "https://api.featherless.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: chatAt("/v1/chat/completions"),
  tasks: {
    "text-generation": openAiCompletions("/v1/completions"),
  },
};
