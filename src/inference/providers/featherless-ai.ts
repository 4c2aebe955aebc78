import type { Provider } from "./types.js";
import { fixed, openAiCompletions } from "./shared.js";

export const featherlessAi: Provider = {
  id: "featherless-ai",
  directBaseUrl: "https://api.featherless.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "FEATHERLESS_AI_API_KEY",
  chatPath: fixed("/v1/chat/completions"),
  tasks: {
    "text-generation": openAiCompletions("/v1/completions"),
  },
};
