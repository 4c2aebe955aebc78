import type { Provider, TaskRoute } from "./types.js";
import { base64, idPath, imagePromptOf, json, JSON_OUTPUT, textOf } from "./shared.js";

/* WaveSpeed queues every job; images travel as bare base64. */

const route = (body: TaskRoute["body"]): TaskRoute => ({ path: (id) => `/api/v3/${idPath(id)}`, body, output: JSON_OUTPUT, queued: true });

const prompt = route((input) => json({ prompt: textOf(input) }));

const withImage = route((input) => {
  const { image, prompt } = imagePromptOf(input);
  return json({ image: base64(image), images: [base64(image)], prompt });
});

export const wavespeed: Provider = {
  id: "wavespeed",
  directBaseUrl: "https://api.wavespeed.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tasks: {
    "text-to-image": prompt,
    "text-to-video": prompt,
    "image-to-image": withImage,
    "image-text-to-image": withImage,
    "image-to-video": withImage,
    "image-text-to-video": withImage,
  },
};
