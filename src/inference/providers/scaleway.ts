import type { Provider } from "./types.js";
import { fixed, openAiCompletions, openAiEmbeddings } from "./shared.js";

export const scaleway: Provider = {
  id: "scaleway",
  directBaseUrl: "https://api.scaleway.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "SCALEWAY_API_KEY",
  pythonClientRefuses: ["text-generation"],
  chatPath: fixed("/v1/chat/completions"),
  tasks: {
    "text-generation": openAiCompletions("/v1/completions"),
    "feature-extraction": openAiEmbeddings("/v1/embeddings"),
  },
};
