import type { ReceivedRequest, Reply } from "./inference-server.js";

/*
 * A queued provider job, as the providers' APIs describe it (facts written
 * here independently of src/inference/providers): the submission answers a
 * receipt, the status is pending twice and then final, and the result names
 * an output file on a third host that serves its bytes. Scenarios cover what
 * goes wrong: a failed job, a job that never finishes, a server error on one
 * poll, fal's failed job that reports COMPLETED, and Replicate's prediction
 * that is still running when the `Prefer: wait` window ends (the default
 * here) or already done. A job that is "ready" is done when first asked:
 * Replicate's receipt is final, and the others' first poll. Tests about the
 * request rather than the queue use it, since every poll of a curl snippet
 * costs a curl and a python3.
 */

export type Scenario = "done" | "failed" | "never" | "poll-5xx" | "ready";

/** The host the output files are on: neither the router nor a provider. */
export const FILE_HOST = "files.example";

export const FAILURE_MESSAGE = "the prompt was refused by the safety checker";

export interface OutputFile {
  contentType: string;
  bytes: Buffer;
  /** The name the snippet must save it under. */
  name: string;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42 video bytes")]);
const WAV = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WAVEfmt ")]);
const MP3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0xff, 0xfb]);

/** What each job makes: the served type decides the file's name. */
export function outputFileFor(provider: string, task: string): OutputFile {
  if (task.endsWith("video")) return { contentType: "video/mp4", bytes: MP4, name: "output.mp4" };
  if (task === "text-to-speech") return { contentType: "audio/mpeg", bytes: MP3, name: "output.mp3" };
  if (task.includes("audio")) return { contentType: "audio/x-wav", bytes: WAV, name: "output.wav" };
  if (provider === "zai-org" || provider === "replicate") return { contentType: "image/jpeg; charset=binary", bytes: JPEG, name: "output.jpg" };
  return { contentType: "image/png", bytes: PNG, name: "output.png" };
}

/** The URL the result names for the output file. */
export const OUTPUT_URL = `https://${FILE_HOST}/results/0f3a/out`;

/** fal apps live under the first two segments of a model id; the receipt's URLs say so. */
function falApp(providerModelId: string): string {
  return providerModelId.split("/").slice(0, 2).join("/");
}

interface Shapes {
  receipt(scenario: Scenario): object;
  pending: object[];
  done: object;
  failed: object;
}

/** fal's audio models name their file `audio_file` or `audio`: the direct calls get the second. */
function falOutput(task: string, direct: boolean): object {
  if (task.endsWith("video")) return { video: { url: OUTPUT_URL } };
  if (task === "text-to-audio") return direct ? { audio: { url: OUTPUT_URL } } : { audio_file: { url: OUTPUT_URL } };
  if (task === "audio-to-audio") return { audio: { url: OUTPUT_URL } };
  if (task === "image-segmentation") return { image: { url: OUTPUT_URL } };
  return { images: [{ url: OUTPUT_URL, content_type: "image/png" }] };
}

function shapes(provider: string, task: string, providerModelId: string): Shapes {
  switch (provider) {
    case "fal-ai": {
      const app = `https://queue.fal.run/${falApp(providerModelId)}/requests/req-7`;
      return {
        receipt: () => ({ request_id: "req-7", status: "IN_QUEUE", response_url: app, status_url: `${app}/status`, cancel_url: `${app}/cancel` }),
        pending: [{ status: "IN_QUEUE", queue_position: 1 }, { status: "IN_PROGRESS" }],
        done: { status: "COMPLETED" },
        // A failed fal job is COMPLETED too; its result request fails.
        failed: { status: "COMPLETED" },
      };
    }
    case "replicate": {
      const prediction = {
        id: "pred-7",
        urls: { get: "https://api.replicate.com/v1/predictions/pred-7", cancel: "https://api.replicate.com/v1/predictions/pred-7/cancel" },
      };
      const done = { ...prediction, status: "succeeded", output: task === "text-to-video" ? OUTPUT_URL : [OUTPUT_URL], error: null };
      return {
        receipt: (scenario) => (scenario === "ready" ? done : { ...prediction, status: "starting", output: null }),
        pending: [
          { ...prediction, status: "processing" },
          { ...prediction, status: "processing" },
        ],
        done,
        failed: { ...prediction, status: "failed", error: FAILURE_MESSAGE },
      };
    }
    case "wavespeed":
      return {
        receipt: () => ({
          code: 200,
          message: "success",
          data: { id: "ws-7", status: "created", urls: { get: "https://api.wavespeed.ai/api/v3/predictions/ws-7/result" } },
        }),
        pending: [
          { code: 200, data: { id: "ws-7", status: "created", outputs: [] } },
          { code: 200, data: { id: "ws-7", status: "processing", outputs: [] } },
        ],
        done: { code: 200, data: { id: "ws-7", status: "completed", outputs: [OUTPUT_URL] } },
        failed: { code: 200, data: { id: "ws-7", status: "failed", outputs: [], error: FAILURE_MESSAGE } },
      };
    case "together":
      return {
        receipt: () => ({ id: "vid-7", object: "video", status: "queued" }),
        pending: [
          { id: "vid-7", status: "queued" },
          { id: "vid-7", status: "in_progress" },
        ],
        done: { id: "vid-7", status: "completed", outputs: { video_url: OUTPUT_URL, cost: 1 } },
        failed: { id: "vid-7", status: "failed", error: { message: FAILURE_MESSAGE, code: "refused" } },
      };
    case "novita":
      return {
        receipt: () => ({ task_id: "nv-7" }),
        pending: [{ task: { task_id: "nv-7", status: "TASK_STATUS_QUEUED" } }, { task: { task_id: "nv-7", status: "TASK_STATUS_PROCESSING" } }],
        done: { task: { task_id: "nv-7", status: "TASK_STATUS_SUCCEED" }, videos: [{ video_url: OUTPUT_URL, video_type: "mp4" }] },
        failed: { task: { task_id: "nv-7", status: "TASK_STATUS_FAILED", reason: FAILURE_MESSAGE } },
      };
    case "zai-org":
      return {
        receipt: () => ({ id: "zai-7", model: "glm-image", task_status: "PROCESSING" }),
        pending: [
          { id: "zai-7", task_status: "PROCESSING" },
          { id: "zai-7", task_status: "PROCESSING" },
        ],
        done: { id: "zai-7", task_status: "SUCCESS", image_result: [{ url: OUTPUT_URL }] },
        failed: { id: "zai-7", task_status: "FAIL", error: { message: FAILURE_MESSAGE } },
      };
    default:
      throw new Error(`no queue simulation for ${provider}`);
  }
}

/** Where the snippet must poll the job, routed or direct. */
export function expectedStatusUrl(provider: string, mode: "routed" | "direct", providerModelId: string): string {
  const base = (host: string) => (mode === "routed" ? `https://router.huggingface.co/${provider}` : host);
  switch (provider) {
    case "fal-ai":
      return mode === "routed"
        ? `https://router.huggingface.co/fal-ai/${falApp(providerModelId)}/requests/req-7/status?_subdomain=queue`
        : `https://queue.fal.run/${falApp(providerModelId)}/requests/req-7/status`;
    case "replicate":
      return `${base("https://api.replicate.com")}/v1/predictions/pred-7`;
    case "wavespeed":
      return `${base("https://api.wavespeed.ai")}/api/v3/predictions/ws-7/result`;
    case "together":
      return `${base("https://api.together.xyz")}/v2/videos/vid-7`;
    case "novita":
      return `${base("https://api.novita.ai")}/v3/async/task-result?task_id=nv-7`;
    case "zai-org":
      return `${base("https://api.z.ai")}/api/paas/v4/async-result/zai-7`;
    default:
      throw new Error(`no queue simulation for ${provider}`);
  }
}

/** fal's result request, where the others read the last status. */
export function expectedResultUrl(mode: "routed" | "direct", providerModelId: string): string {
  return mode === "routed"
    ? `https://router.huggingface.co/fal-ai/${falApp(providerModelId)}/requests/req-7?_subdomain=queue`
    : `https://queue.fal.run/${falApp(providerModelId)}/requests/req-7`;
}

export interface QueueCase {
  provider: string;
  task: string;
  providerModelId: string;
  scenario: Scenario;
  /** Answers the hub's model-info request of a client library. */
  mapping?: Reply;
}

/** A responder for one case's requests. */
export function queueResponder(plan: QueueCase): (request: ReceivedRequest) => Reply {
  const shape = shapes(plan.provider, plan.task, plan.providerModelId);
  const file = outputFileFor(plan.provider, plan.task);
  let polls = 0;
  return (request) => {
    if (request.host === FILE_HOST) return { contentType: file.contentType, body: file.bytes };
    if (request.method === "GET" && request.host === "huggingface.co" && plan.mapping) return plan.mapping;
    if (request.method === "POST") return { body: shape.receipt(plan.scenario) };
    if (plan.provider === "fal-ai" && !request.path.endsWith("/status")) {
      if (plan.scenario === "failed") return { status: 422, body: { detail: FAILURE_MESSAGE } };
      return { body: falOutput(plan.task, request.host !== "router.huggingface.co") };
    }
    polls += 1;
    if (plan.scenario === "poll-5xx" && polls === 1) return { status: 503, contentType: "text/plain", body: "upstream unavailable" };
    const pendingReplies = plan.scenario === "poll-5xx" ? polls - 2 : polls - 1;
    if (plan.scenario === "never" || (plan.scenario !== "ready" && pendingReplies < shape.pending.length))
      return { body: shape.pending[Math.max(0, pendingReplies) % shape.pending.length]! };
    return { body: plan.scenario === "failed" ? shape.failed : shape.done };
  };
}
