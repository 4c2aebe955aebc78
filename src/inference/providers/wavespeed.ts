import type { Provider, QueueProtocol, TaskRoute } from "./types.js";
import { base64, idPath, json, JSON_OUTPUT, waitFor } from "./shared.js";
import { imagePromptOf, textOf } from "../input-readers.js";

/* WaveSpeed queues every job, under `data` in its replies; images travel as bare base64. */

const queue = (task: string): QueueProtocol => ({
  status: { kind: "url-path", field: ["data", "urls", "get"] },
  state: ["data", "status"],
  done: "completed",
  failed: ["failed"],
  error: ["data", "error"],
  output: ["data", "outputs", 0],
  ...waitFor(task),
});

const route = (task: string, body: TaskRoute["body"]): TaskRoute => ({ path: (id) => `/api/v3/${idPath(id)}`, body, output: JSON_OUTPUT, queue: queue(task) });

const prompt = (task: string) => route(task, (input) => json({ prompt: textOf(input) }));

const withImage = (task: string) =>
  route(task, (input) => {
    const { image, prompt } = imagePromptOf(input);
    return json({ image: base64(image), images: [base64(image)], prompt });
  });

export const wavespeed: Provider = {
  id: "wavespeed",
  directBaseUrl: "https://api.wavespeed.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "WAVESPEED_API_KEY",
  tasks: {
    "text-to-image": prompt("text-to-image"),
    "text-to-video": prompt("text-to-video"),
    "image-to-image": withImage("image-to-image"),
    "image-text-to-image": withImage("image-text-to-image"),
    "image-to-video": withImage("image-to-video"),
    "image-text-to-video": withImage("image-text-to-video"),
  },
};
