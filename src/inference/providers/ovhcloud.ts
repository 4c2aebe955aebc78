import type { Provider } from "./types.js";
import { fixed, openAiCompletions } from "./shared.js";

export const ovhcloud: Provider = {
  id: "ovhcloud",
  directBaseUrl: "https://oai.endpoints.kepler.ai.cloud.ovh.net",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "OVHCLOUD_API_KEY",
  pythonClientRefuses: ["text-generation"],
  chatPath: fixed("/v1/chat/completions"),
  tasks: {
    "text-generation": openAiCompletions("/v1/completions"),
  },
};
