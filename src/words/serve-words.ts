import type { RecordsOf } from "../outcome/kind.js";
import type { HeaderFault, JsonFault, SERVE_PROBLEMS, ServeEngine, ServeWayForward } from "../outcome/serve-problems.js";
import type { ServeNote } from "../serve/run.js";
import { MLX_RULES } from "../serve/other-rules.js";
import { formatBytes } from "../util/bytes.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type ServeProblem = RecordsOf<typeof SERVE_PROBLEMS>;
type Of<K extends ServeProblem["kind"]> = Extract<ServeProblem, { kind: K }>;

export const ENGINE_LABELS: Record<ServeEngine, string> = { vllm: "vLLM", sglang: "SGLang", "mlx-lm": "MLX LM" };

const tokens = (count: number) => count.toLocaleString("en-US");

function headerFault(fault: HeaderFault): string {
  switch (fault.found) {
    case "too-short":
      return `the file ends after ${tokens(fault.bytes)} bytes, inside its header`;
    case "too-large":
      return `its header claims ${formatBytes(fault.claimedBytes)}, more than the ${formatBytes(fault.limitBytes)} a header may have`;
    case "not-json":
      return "its header is not JSON";
    case "too-deep":
      return `its header nests deeper than a header does (${fault.limit} levels)`;
    case "too-many-tensors":
      return `its header lists more than ${tokens(fault.limit)} tensors`;
    case "bad-entry":
      return `tensor '${fault.tensor}' has an invalid ${fault.field}${fault.detail === undefined ? "" : ` (${fault.detail})`}`;
    case "overflow":
      return `tensor '${fault.tensor}' has a shape too large to be stored`;
    case "offsets-mismatch":
      return `tensor '${fault.tensor}' takes ${tokens(fault.stated)} bytes where its dtype and shape need ${tokens(fault.expected)}`;
  }
}

function jsonFault(fault: JsonFault): string {
  switch (fault.found) {
    case "too-large":
      return `it is larger than ${formatBytes(fault.limitBytes)}`;
    case "not-json":
      return "it is not JSON";
    case "too-deep":
      return `it nests deeper than ${fault.limit} levels`;
    case "not-object":
      return fault.field === undefined ? "it is not a JSON object" : `'${fault.field}' is not an object`;
    case "missing":
      return `it has no '${fault.field}'`;
    case "not-number":
      return `'${fault.field}' is not a number (${fault.value})`;
    case "out-of-range":
      return `'${fault.field}' is out of range (${fault.value})`;
    case "too-many":
      return `'${fault.field}' has more than ${tokens(fault.limit)} entries`;
    case "bad-name":
      return `'${fault.field}' holds an unexpected value (${fault.value})`;
  }
}

function way(forward: ServeWayForward, names: Names): string {
  switch (forward.kind) {
    case "more-gpus":
      return forward.device === undefined ? `${forward.count} GPUs of that size` : `${names.setting("fits")} "${forward.count}x ${forward.device}"`;
    case "smaller-context":
      return `${names.setting("ctx")} ${forward.tokens} or less`;
    case "fp8-kv":
      return `${names.setting("kvCacheDtype")} fp8 (${tokens(forward.tokens)} tokens then fit)`;
    case "gpu-memory-utilization":
      return `${names.setting("gpuMemoryUtilization")} ${forward.value}`;
    case "quantized-repo":
      return `a quantized repository of the same model, such as ${forward.id}`;
  }
}

function noFit(problem: Of<"serve-no-fit">, names: Names): Text {
  const engine = ENGINE_LABELS[problem.engine];
  const ways = problem.ways.map((forward) => way(forward, names));
  const hint = ways.length === 0 ? undefined : `what would: ${ways.join("; ")}`;
  if (problem.reason === "weights")
    return said(
      `${problem.id} does not fit ${problem.hardware} with ${engine}: its weights take ${formatBytes(problem.weightsBytes)} per GPU, more than the ${formatBytes(problem.budgetBytes)} ${engine} may use`,
      hint,
    );
  return said(
    `${engine} would not start ${problem.id} on ${problem.hardware} at ${tokens(problem.context)} tokens: the KV cache holds ${problem.fitsTokens > 0 ? `${tokens(problem.fitsTokens)} tokens` : "nothing"} after the weights`,
    hint,
  );
}

export const SERVE_WORDS: { [K in ServeProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "safetensors-missing": (problem, names) =>
    problem.gguf
      ? said(`${problem.id} holds GGUF files only, which ${ENGINE_LABELS[problem.engine]} does not plan`, `run it with ${names.setting("app")} llama.cpp`)
      : said(
          `${problem.id} holds no safetensors weights for ${ENGINE_LABELS[problem.engine]} to load`,
          "pass the hub id of a repository with model.safetensors files",
        ),
  "safetensors-header-invalid": (problem) =>
    said(`cannot read ${problem.file} of ${problem.id}: ${headerFault(problem)}`, "the repository is damaged or not a safetensors checkpoint: choose another"),
  "safetensors-index-invalid": (problem) =>
    said(`cannot read ${problem.file} of ${problem.id}: ${jsonFault(problem)}`, "the repository is damaged: choose another"),
  "model-config-invalid": (problem) =>
    said(
      `cannot plan ${problem.id}: its ${problem.file} ${jsonFault(problem).replace(/^it /, "")}`,
      "a repository whose config.json names the architecture's sizes is needed",
    ),
  "safetensors-not-cached": (problem, names) =>
    said(
      `the safetensors headers of ${problem.id} are not in the cache, and ${names.setting("offline")} forbids reading them`,
      `run once without ${names.setting("offline")}`,
    ),
  "serve-hardware-unsupported": (problem) =>
    problem.needs === "gpu"
      ? said(`${ENGINE_LABELS[problem.engine]} runs on NVIDIA and AMD GPUs, not on ${problem.hardware}`, "name a GPU, or use --app mlx-lm on an Apple chip")
      : said(
          `${ENGINE_LABELS[problem.engine]} runs on Apple chips, not on ${problem.hardware}`,
          'name an Apple chip such as "M3 Max:64", or use --app vllm on a GPU',
        ),
  "serve-tp-indivisible": (problem) =>
    said(
      `${problem.tensorParallelSize} GPUs cannot split ${problem.heads} attention heads (${problem.kvHeads} key-value heads): ${ENGINE_LABELS[problem.engine]}'s tensor parallelism needs a count that divides them`,
      "name a count of GPUs that divides the heads, such as 2, 4 or 8",
    ),
  "serve-setting-invalid": (problem, names) =>
    problem.setting === "gpuMemoryUtilization"
      ? said(`${names.setting("gpuMemoryUtilization")} takes a share above 0 and at most 1, got '${problem.value}'`, "for example: 0.9")
      : said(`${names.setting("kvCacheDtype")} takes ${(problem.allowed ?? []).join(", ")}, got '${problem.value}'`),
  "serve-context-beyond-trained": (problem, names) =>
    said(
      `${names.setting("ctx")} ${problem.asked} is beyond the model's trained context length (${problem.trained})`,
      `give ${names.setting("ctx")} ${problem.trained} or less, or leave it out for the largest that fits`,
    ),
  "serve-no-fit": noFit,
};

/** Settings the verdict itself states. */
const SHOWN_IN_VERDICT = new Set(["--max-model-len", "--context-length", "--tensor-parallel-size", "--tp"]);

const gb = (bytes: number) => formatBytes(Math.max(0, bytes));

/** A plan's verdict, one line: whether the server starts, with what context and concurrency, and from what. */
function verdictWords(note: Extract<ServeNote, { kind: "verdict" }>): string {
  const { plan } = note;
  const engine = `${ENGINE_LABELS[plan.engine]}${plan.engine === "mlx-lm" ? "" : ` ${plan.version}`}`;
  const context =
    plan.maxModelLen === plan.trainedContext
      ? `the trained ${tokens(plan.trainedContext)} tokens`
      : `${tokens(plan.maxModelLen)} tokens (trained: ${tokens(plan.trainedContext)})`;
  const parallel = plan.tensorParallelSize > 1 ? `, split over ${plan.tensorParallelSize} GPUs` : "";
  if (plan.engine === "mlx-lm")
    return `${engine} runs ${note.id} on ${note.hardware} at ${context}: ${gb(plan.weightsBytes)} of weights and ${gb(plan.kvCacheBytes)} of KV cache in the GPU's ${gb(plan.terms.requestedBytes)} of unified memory`;
  return `${engine} starts ${note.id} on ${note.hardware} at ${context}: ${gb(plan.weightsBytes)} of weights per GPU${parallel}, a KV cache of ${gb(plan.kvCacheBytes)} for ${tokens(plan.kvCacheTokens)} tokens, ${plan.maxConcurrency.toFixed(2)} requests of that length at once`;
}

export function serveNoteText(note: ServeNote): string {
  switch (note.kind) {
    case "verdict":
      return verdictWords(note);
    case "plan-settings":
      if (note.plan.engine === "mlx-lm")
        return `the plan counts MLX LM's cache in 16 bits, grown in steps of 256 tokens, in the share of unified memory macOS lets the GPU wire (${gb(note.plan.terms.requestedBytes)}) less ${gb(MLX_RULES.allowanceBytes)} for MLX itself`;
      return `the plan follows ${ENGINE_LABELS[note.plan.engine]} ${note.plan.version}'s rules with ${note.plan.settings
        .filter((setting) => setting.source !== "plan" && !SHOWN_IN_VERDICT.has(setting.name))
        .map((setting) => {
          const value = typeof setting.value === "boolean" ? (setting.value ? "on" : "off") : String(setting.value);
          // An environment variable is set with `=`, a flag takes its value after a space.
          const written = /^[A-Z_]+$/.test(setting.name) ? `${setting.name}=${value}` : `${setting.name} ${value}`;
          return `${written}${setting.source === "default" ? " (default)" : ""}`;
        })
        .join(", ")}`;
  }
}
