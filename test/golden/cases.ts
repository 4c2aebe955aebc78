import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { appBlocks, inferenceBlocks, libraryBlocks } from "../../src/blocks/model-blocks.js";
import { appsForModel } from "../../src/apps/formats.js";
import { appEntries } from "../../src/apps/registry.js";
import { describeLanguage } from "../../src/format/languages.js";
import { settleOptions, type SnippetOptions } from "../../src/inference/snippet.js";
import { SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../../src/inference/tools.js";
import type { FunctionTool } from "../../src/inference/tool-schema.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";

/*
 * The golden snippets: a fixed set of models and options, rendered through
 * the same block functions the CLI prints, one file per block. The set is
 * chosen so that every template under templates/ is rendered by some case
 * (golden.test.ts checks it), every language and client appears, and the
 * snippets worth reading side by side are there: chat, streaming, a vision
 * chat with images, audio and image tasks, queued providers, a direct call,
 * and hub strings built to break the code they land in.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A golden file's extension: its language's, as the picker saves the code (a link or plain text is .txt). */
export function extensionOf(language: string): string {
  const fileName = describeLanguage(language)?.fileName ?? "snippet.txt";
  return fileName.slice(fileName.lastIndexOf(".") + 1);
}

/** A file name part from a client, library, app or title (`net/http`, "direct load"). */
function slug(name: string): string {
  return name.replaceAll("/", "-").replaceAll(" ", "-");
}

function exampleModel(file: string): ModelData {
  return ModelDataSchema.parse(JSON.parse(readFileSync(join(ROOT, "catalogue/models", `${file}.json`), "utf8")));
}

/** Quotes, escapes, substitutions, template syntax and characters that hide or reorder code, in every language's terms. */
const HOSTILE = [
  `"double" 'single' '''triple''' """triple""" \`tick\``,
  "back\\slash \\n \\u0041 \\",
  "new\nline\r\ntab\t",
  "$(id) ${HOME} $HOME #{`id`} {$x} %s {0}",
  "<%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a",
  "é 日本語 \u2028 \u0000 \u007f bidi \u202eevil\u202c zero\u200bwidth",
].join(" | ");

/** A model whose provider id (hub metadata, so untrusted) is hostile, served by the queued providers. */
function hostileModel(): ModelData {
  return ModelDataSchema.parse({
    id: "acme/hostile-strings",
    pipeline_tag: "text-to-image",
    tags: ["text-to-image"],
    inferenceProviderMapping: ["replicate", "fal-ai"].map((provider) => ({
      provider,
      providerId: `${provider}/${HOSTILE}`,
      status: "live",
      task: "text-to-image",
    })),
  });
}

interface InferenceCase {
  /** The folder under inference/: the model, and what sets the case apart when a model has several. */
  name: string;
  model: () => ModelData;
  options: SnippetOptions;
}

const LLAMA = "meta-llama--Llama-3.1-8B-Instruct";
const FLUX = "black-forest-labs--FLUX.1-dev";
const WHISPER = "openai--whisper-large-v3";
const QWEN_VL = "Qwen--Qwen2.5-VL-7B-Instruct";
const DISTILBERT = "distilbert--distilbert-base-uncased-finetuned-sst-2-english";

/** Two tools of a user's own, as `--tools FILE` reads them. */
const OWN_TOOLS: readonly FunctionTool[] = ["search_docs", "get_time"].map((name) => ({
  type: "function",
  function: { name, description: `The ${name} tool.`, parameters: { type: "object", properties: { query: { type: "string" } } } },
}));

const INFERENCE_CASES: readonly InferenceCase[] = [
  { name: LLAMA, model: () => exampleModel(LLAMA), options: {} },
  { name: `${LLAMA}.stream`, model: () => exampleModel(LLAMA), options: { stream: true, temperature: 0.5, maxTokens: 256 } },
  { name: `${LLAMA}.direct`, model: () => exampleModel(LLAMA), options: { provider: "novita", direct: true } },
  // --tools (whole and streamed) and --schema.
  { name: `${LLAMA}.tools`, model: () => exampleModel(LLAMA), options: { tools: { tools: SAMPLE_TOOLS, sample: true } } },
  { name: `${LLAMA}.tools-stream`, model: () => exampleModel(LLAMA), options: { stream: true, tools: { tools: SAMPLE_TOOLS, sample: true } } },
  { name: `${LLAMA}.schema`, model: () => exampleModel(LLAMA), options: { schema: { schema: SAMPLE_SCHEMA, sample: true } } },
  // The user's own tools (`--tools FILE`): bodies to write, and a question that names them.
  {
    name: `${LLAMA}.own-tools`,
    model: () => exampleModel(LLAMA),
    options: { language: "python", client: "requests", tools: { tools: OWN_TOOLS, sample: false } },
  },
  { name: `${QWEN_VL}.images`, model: () => exampleModel(QWEN_VL), options: { images: ["https://example.com/cat.png", "photos/dog.jpg"] } },
  { name: `${QWEN_VL}.images-stream`, model: () => exampleModel(QWEN_VL), options: { images: ["photos/dog.jpg"], stream: true } },
  { name: FLUX, model: () => exampleModel(FLUX), options: { provider: "fal-ai" } },
  { name: FLUX, model: () => exampleModel(FLUX), options: { provider: "replicate" } },
  // fal_client saves the image the result names.
  { name: `${FLUX}.direct`, model: () => exampleModel(FLUX), options: { provider: "fal-ai", direct: true, client: "fal_client" } },
  { name: WHISPER, model: () => exampleModel(WHISPER), options: { provider: "hf-inference" } },
  // fal_client calls fal-ai only, and only directly.
  { name: `${WHISPER}.direct`, model: () => exampleModel(WHISPER), options: { provider: "fal-ai", direct: true } },
  { name: DISTILBERT, model: () => exampleModel(DISTILBERT), options: {} },
  { name: "sentence-transformers--all-MiniLM-L6-v2", model: () => exampleModel("sentence-transformers--all-MiniLM-L6-v2"), options: {} },
  { name: `${DISTILBERT}.hostile-inputs`, model: () => exampleModel(DISTILBERT), options: { inputs: HOSTILE } },
  { name: "acme--hostile-strings", model: hostileModel, options: { provider: "replicate", inputs: HOSTILE } },
  { name: "acme--hostile-strings", model: hostileModel, options: { provider: "fal-ai" } },
  // The Responses API: a lone question as `input`, and a system message as `instructions`, streamed.
  { name: `${LLAMA}.responses`, model: () => exampleModel(LLAMA), options: { api: "responses", reasoningEffort: "high" } },
  {
    name: `${LLAMA}.responses-stream`,
    model: () => exampleModel(LLAMA),
    options: {
      api: "responses",
      stream: true,
      maxTokens: 256,
      inputs: JSON.stringify([
        { role: "system", content: "Answer in one word." },
        { role: "user", content: "What is the capital of France?" },
      ]),
    },
  },
  // --tools and --schema in the Responses API's own shape: the tool loop, whole and streamed, and the structured reply.
  {
    name: `${LLAMA}.responses-tools`,
    model: () => exampleModel(LLAMA),
    options: { api: "responses", tools: { tools: SAMPLE_TOOLS, sample: true } },
  },
  {
    name: `${LLAMA}.responses-tools-stream`,
    model: () => exampleModel(LLAMA),
    options: { api: "responses", stream: true, tools: { tools: SAMPLE_TOOLS, sample: true } },
  },
  {
    name: `${LLAMA}.responses-schema`,
    model: () => exampleModel(LLAMA),
    options: { api: "responses", schema: { schema: SAMPLE_SCHEMA, sample: true } },
  },
];

/** Models whose library usage code (`--library`) is kept. */
const LIBRARY_MODELS = [
  LLAMA,
  FLUX,
  "sentence-transformers--all-MiniLM-L6-v2",
  "bartowski--Llama-3.2-3B-Instruct-GGUF",
  "mlx-community--Llama-3.2-3B-Instruct-4bit",
];

/** Models whose local apps' commands (`--app`, each app that runs the model) are kept. */
const APP_MODELS = ["bartowski--Llama-3.2-3B-Instruct-GGUF", "mlx-community--Llama-3.2-3B-Instruct-4bit"];

export interface GoldenFile {
  /** Relative to test/golden/, with `/` between folders. */
  path: string;
  content: string;
}

/** As a file holds it: ending in one newline. */
function fileText(content: string): string {
  return content.endsWith("\n") ? content : `${content}\n`;
}

function inferenceFiles(testCase: InferenceCase): GoldenFile[] {
  const options = settleOptions(testCase.options);
  const { blocks, problems } = inferenceBlocks(testCase.model(), options);
  if (blocks.length === 0) throw new Error(`golden: the case ${testCase.name} (${options.provider}) made no snippet: ${problems.join("; ")}`);
  return blocks.map((block) => ({
    path: `inference/${testCase.name}/${block.provider}/${block.language}-${slug(block.client)}.${extensionOf(block.language)}`,
    content: fileText(block.content),
  }));
}

async function libraryFiles(file: string): Promise<GoldenFile[]> {
  const blocks = await libraryBlocks(exampleModel(file));
  return blocks.map((block) => {
    const title = block.title === undefined ? "" : `-${slug(block.title)}`;
    return { path: `library/${file}/${block.language}-${slug(block.library)}${title}.${extensionOf(block.language)}`, content: fileText(block.content) };
  });
}

function appFiles(file: string): GoldenFile[] {
  const model = exampleModel(file);
  return appsForModel(appEntries(), model).flatMap((app) =>
    appBlocks(model, app.key).blocks.map((block) => ({
      path: `apps/${file}/${slug(block.app)}.${extensionOf(block.kind === "deeplink" ? "url" : "sh")}`,
      content: fileText(block.content),
    })),
  );
}

/** Every golden file, as the current code makes it, sorted by path. */
export async function goldenFiles(): Promise<GoldenFile[]> {
  const files = [...INFERENCE_CASES.flatMap(inferenceFiles), ...(await Promise.all(LIBRARY_MODELS.map(libraryFiles))).flat(), ...APP_MODELS.flatMap(appFiles)];
  const paths = new Set<string>();
  for (const file of files) {
    if (paths.has(file.path)) throw new Error(`golden: two cases write ${file.path}; give one a name of its own`);
    paths.add(file.path);
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
