import type { Output, Provider, QueueProtocol, TaskRoute } from "./types.js";
import { dataUrl, idPath, json, JSON_OUTPUT, waitFor } from "./shared.js";
import { fileOf, imagePromptOf, textOf } from "../input-readers.js";
import type { Tree } from "../payload.js";

/*
 * Replicate runs a model as a prediction. `Prefer: wait` keeps the request
 * open until the prediction ends, or until its wait window (a minute) runs
 * out: then the reply is a prediction still starting or processing, polled at
 * `urls.get`. An id with a version (`owner/model:version`) goes to the
 * version route.
 */

function predictionQueue(task: string): QueueProtocol {
  return {
    status: { kind: "url-path", field: ["urls", "get"] },
    state: ["status"],
    done: "succeeded",
    failed: ["failed", "canceled"],
    error: ["error"],
    output: ["output"],
    outputMayBeList: true,
    jsClientReadsFirstReply: true,
    ...waitFor(task),
  };
}

function versioned(id: string): { model: string; version?: string } {
  const colon = id.indexOf(":");
  return colon < 0 ? { model: id } : { model: id.slice(0, colon), version: id.slice(colon + 1) };
}

function prediction(input: (value: Parameters<TaskRoute["body"]>[0]) => Tree, makes?: string, output: Output = JSON_OUTPUT): TaskRoute {
  return {
    ...(makes !== undefined && { queue: predictionQueue(makes) }),
    path: (id) => (versioned(id).version === undefined ? `/v1/models/${idPath(id)}/predictions` : "/v1/predictions"),
    body: (value, id) => {
      const { version } = versioned(id);
      return json(version === undefined ? { input: input(value) } : { version, input: input(value) });
    },
    output,
  };
}

/** Whisper's prediction holds its transcript at `output.transcription` (both hub client libraries read it there). */
const TRANSCRIPTION: Output = { kind: "text-field", path: ["output", "transcription"] };

export const replicate: Provider = {
  id: "replicate",
  directBaseUrl: "https://api.replicate.com",
  authScheme: "Bearer",
  headers: { Prefer: "wait" },
  acceptsHubTokens: true,
  tokenVariable: "REPLICATE_API_KEY",
  tasks: {
    "text-to-image": prediction((input) => ({ prompt: textOf(input) }), "text-to-image"),
    "text-to-video": prediction((input) => ({ prompt: textOf(input) }), "text-to-video"),
    "text-to-speech": prediction((input) => ({ text: textOf(input) }), "text-to-speech"),
    // Its output is text, in the reply.
    "automatic-speech-recognition": prediction((input) => ({ audio: dataUrl(fileOf(input)) }), undefined, TRANSCRIPTION),
    // Replicate's image models name their input differently; the reply ignores the names a model lacks.
    "image-to-image": prediction((input) => {
      const { image, prompt } = imagePromptOf(input);
      return { prompt, image: dataUrl(image), images: [dataUrl(image)], input_image: dataUrl(image), input_images: [dataUrl(image)] };
    }, "image-to-image"),
  },
};
