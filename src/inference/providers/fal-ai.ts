import type { JsonPath, Provider, QueueProtocol, TaskRoute } from "./types.js";
import type { FileRef } from "../payload.js";
import { dataUrl, idPath, json, JSON_OUTPUT, TEXT_OUTPUT, waitFor } from "./shared.js";
import { fileOf, imagePromptOf, textOf } from "../input-readers.js";

/*
 * fal takes its key as `Key ...`. Quick tasks answer at fal.run; the others
 * are queued at queue.fal.run (through the router: `?_subdomain=queue`) and
 * the reply says where to poll for the result. Files travel as data URLs.
 *
 * A queued job lives under the app (the first two segments of the model id),
 * which is why its status and result are found from the path of the
 * receipt's `response_url`, never from the model id. A failed job also ends
 * COMPLETED: the result request then answers an HTTP error with `detail`.
 */

const app = (id: string) => `/${idPath(id)}`;

const sync = (body: TaskRoute["body"]): TaskRoute => ({ path: app, body, output: JSON_OUTPUT });

const OUTPUT_BY_TASK: Record<string, JsonPath> = {
  "text-to-image": ["images", 0, "url"],
  "image-to-image": ["images", 0, "url"],
  "image-text-to-image": ["images", 0, "url"],
  "text-to-video": ["video", "url"],
  "image-to-video": ["video", "url"],
  "image-text-to-video": ["video", "url"],
  "text-to-audio": ["audio_file", "url"],
  "audio-to-audio": ["audio", "url"],
  "image-segmentation": ["image", "url"],
};

function falQueue(task: string): QueueProtocol {
  const output = OUTPUT_BY_TASK[task];
  if (!output) throw new Error(`no fal output for ${task}`);
  return {
    // Some fal audio models name their file `audio` instead.
    ...(task === "text-to-audio" && { outputElsewhere: ["audio", "url"] }),
    status: { kind: "url-path", field: ["response_url"], suffix: "/status" },
    result: { kind: "url-path", field: ["response_url"] },
    state: ["status"],
    done: "COMPLETED",
    failed: [],
    output,
    ...waitFor(task),
  };
}

const queued = (task: string, body: TaskRoute["body"]): TaskRoute => ({
  path: app,
  directBaseUrl: "https://queue.fal.run",
  routedQuery: "_subdomain=queue",
  body,
  output: JSON_OUTPUT,
  queue: falQueue(task),
});

/** The audio files fal takes (FLAC is refused): MP3, WAV and WebM, by the names hubref gives their types. */
const FAL_AUDIO = ["audio/mpeg", "audio/wav", "audio/webm"] as const;

/** fal checks a data URL's type against its own names for these: `audio/x-wav`, and WebM as `video/webm`. */
const FAL_TYPE_NAMES: Readonly<Record<string, string>> = { "audio/wav": "audio/x-wav", "audio/webm": "video/webm" };

const falAudio = (file: FileRef) => dataUrl({ ...file, mime: FAL_TYPE_NAMES[file.mime] ?? file.mime });

const prompt = (task: string) => queued(task, (input) => json({ prompt: textOf(input) }));

const imageEdit = (task: string) =>
  queued(task, (input) => {
    const { image, prompt } = imagePromptOf(input);
    return json({ prompt, image_url: dataUrl(image), image_urls: [dataUrl(image)] });
  });

const imageAnimation = (task: string) =>
  queued(task, (input) => {
    const { image, prompt } = imagePromptOf(input);
    return json({ image_url: dataUrl(image), prompt });
  });

export const falAi: Provider = {
  id: "fal-ai",
  directBaseUrl: "https://fal.run",
  authScheme: "Key",
  acceptsHubTokens: true,
  tokenVariable: "FAL_AI_API_KEY",
  pythonClientRefuses: ["audio-to-audio"],
  ownClients: ["fal_client"],
  tasks: {
    "automatic-speech-recognition": { ...sync((input) => json({ audio_url: falAudio(fileOf(input)) })), output: TEXT_OUTPUT, accepts: FAL_AUDIO },
    // The reply names the audio file: the snippet downloads it.
    "text-to-speech": { ...sync((input) => json({ text: textOf(input) })), output: { kind: "url-field", path: ["audio", "url"] } },
    "audio-to-audio": { ...queued("audio-to-audio", (input) => json({ audio_url: falAudio(fileOf(input)) })), accepts: FAL_AUDIO },
    "image-segmentation": queued("image-segmentation", (input) => json({ image_url: dataUrl(fileOf(input)), sync_mode: true })),
    "image-to-image": imageEdit("image-to-image"),
    "image-text-to-image": imageEdit("image-text-to-image"),
    "image-to-video": imageAnimation("image-to-video"),
    "image-text-to-video": imageAnimation("image-text-to-video"),
    "text-to-audio": prompt("text-to-audio"),
    "text-to-image": prompt("text-to-image"),
    "text-to-video": prompt("text-to-video"),
  },
};
