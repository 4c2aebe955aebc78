import type { Provider } from "./types.js";
import { fixed } from "./shared.js";

/*
 * Groq serves chat only. A plain text-generation request to its chat route
 * (what some clients send) is not a valid chat request, so hubref offers none.
 */
export const groq: Provider = {
  id: "groq",
  directBaseUrl: "https://api.groq.com",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "GROQ_API_KEY",
  chatPath: fixed("/openai/v1/chat/completions"),
  tasks: {},
};
