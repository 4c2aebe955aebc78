import type { Provider, TaskRoute } from "./types.js";
import { dataUrl, fileOf, idPath, imagePromptOf, json, JSON_OUTPUT, textOf } from "./shared.js";

/*
 * fal takes its key as `Key ...`. Quick tasks answer at fal.run; the others
 * are queued at queue.fal.run (through the router: `?_subdomain=queue`) and
 * the reply says where to poll for the result. Files travel as data URLs.
 */

const app = (id: string) => `/${idPath(id)}`;

const sync = (body: TaskRoute["body"]): TaskRoute => ({ path: app, body, output: JSON_OUTPUT });

const queued = (body: TaskRoute["body"]): TaskRoute => ({
  path: app,
  directBaseUrl: "https://queue.fal.run",
  routedQuery: "_subdomain=queue",
  body,
  output: JSON_OUTPUT,
  queued: true,
});

/** fal refuses other audio types (FLAC among them). */
const FAL_AUDIO = ["audio/mpeg", "audio/mp3", "audio/wav", "audio/wave", "audio/x-wav", "audio/webm", "video/webm"] as const;

const prompt = queued((input) => json({ prompt: textOf(input) }));

const imageEdit = queued((input) => {
  const { image, prompt } = imagePromptOf(input);
  return json({ prompt, image_url: dataUrl(image), image_urls: [dataUrl(image)] });
});

const imageAnimation = queued((input) => {
  const { image, prompt } = imagePromptOf(input);
  return json({ image_url: dataUrl(image), prompt });
});

export const falAi: Provider = {
  id: "fal-ai",
  directBaseUrl: "https://fal.run",
  authScheme: "Key",
  acceptsHubTokens: true,
  tasks: {
    "automatic-speech-recognition": { ...sync((input) => json({ audio_url: dataUrl(fileOf(input)) })), accepts: FAL_AUDIO },
    "text-to-speech": sync((input) => json({ text: textOf(input) })),
    "audio-to-audio": { ...queued((input) => json({ audio_url: dataUrl(fileOf(input)) })), accepts: FAL_AUDIO },
    "image-segmentation": queued((input) => json({ image_url: dataUrl(fileOf(input)), sync_mode: true })),
    "image-to-image": imageEdit,
    "image-text-to-image": imageEdit,
    "image-to-video": imageAnimation,
    "image-text-to-video": imageAnimation,
    "text-to-audio": prompt,
    "text-to-image": prompt,
    "text-to-video": prompt,
  },
};
