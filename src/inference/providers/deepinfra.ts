import type { Provider } from "./types.js";
import { fixed, openAiCompletions, openAiEmbeddings, openAiImages, openAiSpeech } from "./shared.js";

export const deepinfra: Provider = {
  id: "deepinfra",
  directBaseUrl: "https://api.deepinfra.com",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "DEEPINFRA_API_KEY",
  pythonClientRefuses: ["text-to-image"],
  chatPath: fixed("/v1/openai/chat/completions"),
  tasks: {
    "text-generation": openAiCompletions("/v1/openai/completions"),
    "feature-extraction": openAiEmbeddings("/v1/openai/embeddings"),
    "text-to-image": openAiImages("/v1/openai/images/generations"),
    "text-to-speech": openAiSpeech("/v1/openai/audio/speech"),
  },
};
