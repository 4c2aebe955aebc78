import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import { fromExample, type TaskInput } from "../../src/inference/inputs.js";
import { fileRef, type Tree } from "../../src/inference/payload.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { exampleInput } from "../../src/tasks/example-input.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { parsePython } from "../helpers/python.js";
import { bashSyntaxErrors } from "../helpers/bash.js";
import { stdlibSyntaxErrors } from "../helpers/stdlib-syntax.js";
import { jsSyntaxErrors } from "../helpers/snippet-runners.js";
import { tokenVariable } from "../helpers/token-variables.js";
import {
  execute,
  isExecutable,
  postsOf,
  runnableStdlibClients,
  SAMPLE_FILES,
  startRig,
  TOKENS,
  TOOLCHAIN_LANGUAGES,
  type ExecutableCase,
  type Rig,
} from "../helpers/snippet-harness.js";
import { expectedTaskRequest } from "../helpers/expected-request.js";
import { LIBRARY_DIFFERS, REFUSES_FLAC, type LibraryDifference } from "../helpers/library-differences.js";
import { isQueued, registryPairs } from "../helpers/registry-pairs.js";
import { plausibleReply, replyOutput } from "../helpers/fake-replies.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import { HIDDEN_RAW } from "../helpers/hidden-characters.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * Inputs built to break generated code: quotes of every kind, backslashes,
 * newlines, shell substitutions, template syntax, control and line-separator
 * characters, non-Latin text. Every snippet must still parse, and every
 * request must carry the input exactly.
 */

const HOSTILE = [
  `He said "hi" & 'bye' '''triple''' """triple"""`,
  "back\\slash \\n \\u0041 \\x41 \\",
  "new\nline\r\nand\ttab",
  "$(touch /tmp/hubref-pwned) `touch /tmp/hubref-pwned` ${HOME} $HOME %s %d {0}",
  "<%= it.fullUrl %> <% throw 1 %> {{ inputs }} ${it}",
  "unicode é 日本語 🚀 \u2028line\u2029para \u0085 \u0000nul \u007f",
  "'; rm -rf / #",
  // Ruby's and PHP's interpolation, PHP's tag end, a comment's end, and Java's Unicode escapes (read before the lexer).
  "#{`id`} #$0 #@x {$x} ?> <?php */ /* \\u000a \\u0022 \\\\u000a",
  // Trojan Source: characters that reorder or hide code for a reader.
  "bidi \u202eevil\u202c \u2066isolate\u2069 zero\u200bwidth \ufeffbom c1\u0090",
].join(" | ");

const HOSTILE_IMAGE = `cat "pic" 'it''s' $(id) \`id\` \${HOME} é\nline.jpg`;
/** An --image URL: as is, in every language (the provider, not the snippet, fetches it). */
const HOSTILE_IMAGE_URL = "https://img.example/it's/\"q\"/$(id)/`id`/${HOME}/#{x}/{$x}/?>*/\nnew.png?a=$HOME&b='c'";
const HOSTILE_AUDIO = `voice "rec" 'it''s' $(id) \`id\` é.flac`;

function hostileValue(example: Tree, key: string): Tree {
  if (typeof example === "string") return `${HOSTILE} (${key})`;
  if (Array.isArray(example)) return [HOSTILE, `${HOSTILE} 2`];
  if (typeof example === "object" && example !== null) return { [HOSTILE]: [HOSTILE, "1"], plain: ["2", `${HOSTILE}`] };
  return example;
}

/** A hostile --inputs value for a task, and the input it must become. */
function hostileInputs(defaults: TaskInput): { raw: string; input: TaskInput } {
  switch (defaults.kind) {
    case "text":
      return { raw: HOSTILE, input: { kind: "text", text: HOSTILE } };
    case "file": {
      const path = defaults.file.media === "image" ? HOSTILE_IMAGE : HOSTILE_AUDIO;
      return { raw: path, input: { kind: "file", file: fileRef(path, defaults.file.media) } };
    }
    case "image-prompt":
      return {
        raw: JSON.stringify({ image: HOSTILE_IMAGE, prompt: HOSTILE }),
        input: { kind: "image-prompt", image: fileRef(HOSTILE_IMAGE, "image"), prompt: HOSTILE },
      };
    case "structured": {
      const fields = Object.fromEntries(
        Object.entries(defaults.fields).map(([key, value]) => [key, key === "image" ? HOSTILE_IMAGE : hostileValue(value, key)]),
      );
      return { raw: JSON.stringify(fields), input: { kind: "structured", fields } };
    }
    case "messages": {
      const messages = [{ role: "user", content: HOSTILE }];
      return { raw: JSON.stringify(messages), input: { kind: "messages", messages } };
    }
  }
}

interface Planned {
  label: string;
  /** `provider task`, for a provider task (not a chat). */
  pair?: string;
  snippets: Snippet[];
  expected?: ReturnType<typeof expectedTaskRequest>;
  messages?: unknown;
  /** The hostile text the snippet's literals must hold. */
  literal: string;
  /** An embedded token the request must carry. */
  token?: string;
}

const PAIRS = registryPairs();
/** The hostile audio file is FLAC, which the JS library refuses to send to fal (e2e-providers uses fal's MP3 example). */
const DIFFERS_HERE: Record<string, LibraryDifference> = {
  ...LIBRARY_DIFFERS,
  "fal-ai automatic-speech-recognition": REFUSES_FLAC,
  "fal-ai audio-to-audio": REFUSES_FLAC,
};
const FILES: Record<string, Buffer> = { [HOSTILE_IMAGE]: SAMPLE_FILES["cats.jpg"]!, [HOSTILE_AUDIO]: SAMPLE_FILES["sample1.flac"]! };

const HOSTILE_ID = `evil"org/it's $(id) \`x\` é`;
const HOSTILE_ENDPOINT = "https://x.example/it's/$(id)/${HOME}/{$x}/?b=$HOME&c=$(id)";
const HOSTILE_TOKEN = `hf_it's"$(x)\`y\`#{z}\${w}\\u000a?>*/`;
/** Model metadata from a hostile card: widget text, a mask token, a provider model id; and what each must send. */
const METADATA = [
  {
    model: {
      id: "acme/hostile-widget",
      pipeline_tag: "text-classification",
      widgetData: [{ text: HOSTILE }],
      inferenceProviderMapping: [{ provider: "hf-inference", providerId: "acme/hostile-widget", task: "text-classification", status: "live" }],
    },
    provider: "hf-inference" as const,
    url: "https://router.huggingface.co/hf-inference/models/acme/hostile-widget",
    body: { inputs: HOSTILE },
  },
  {
    model: { id: "acme/hostile-mask", pipeline_tag: "fill-mask", mask_token: HOSTILE },
    provider: "hf-inference" as const,
    url: "https://router.huggingface.co/hf-inference/models/acme/hostile-mask",
    body: { inputs: `The answer to the universe is ${HOSTILE}.` },
  },
  {
    model: {
      id: "acme/hostile-mapping",
      pipeline_tag: "text-to-image",
      widgetData: [{ text: HOSTILE }],
      inferenceProviderMapping: { together: { providerId: HOSTILE_ID, task: "text-to-image", status: "live" } },
    },
    provider: "together" as const,
    url: "https://router.huggingface.co/together/v1/images/generations",
    body: { prompt: HOSTILE, response_format: "base64", model: HOSTILE_ID },
  },
];

/** The runnable snippets of the hostile cards, `meta-<index>-…`, run with the rest. */
function metadataCases(): ExecutableCase[] {
  return METADATA.flatMap(({ model: card, provider }, i) => {
    const model = ModelDataSchema.parse(card);
    const reply = plausibleReply({
      task: model.pipeline_tag!,
      modelId: model.id,
      provider,
      providerId: provider === "together" ? HOSTILE_ID : model.id,
      output: replyOutput(provider, model.pipeline_tag!),
    });
    return generateSnippets(model, { provider })
      .snippets.filter(isExecutable)
      .map((snippet) => ({ id: `meta-${i}-${snippet.language}-${snippet.client}`, snippet, reply }));
  });
}

/**
 * Escaping depends on the language, the client and the request's shape (input kind, body, queued or not, reply),
 * not on the provider or the mode: each client runs each shape once, with every payload, rather than once per
 * provider and mode. A structured input's shape is its task's (each task nests its fields its own way).
 */
const shapesRun = new Set<string>();

/** A snippet whose client ran its shape already is left out of the runs; every snippet is still parsed (below). */
function leftOut(snippet: Snippet, shape: string): boolean {
  if (!isExecutable(snippet)) return TOOLCHAIN_LANGUAGES.includes(snippet.language);
  const key = `${snippet.language}|${snippet.client}|${shape}`;
  if (shapesRun.has(key)) return true;
  shapesRun.add(key);
  return false;
}

/** Every snippet, run or not: each language's parser reads them all in one process. */
const everySnippet: Snippet[] = [];
/** Every request shape planned; each raw-HTTP client must run each once. */
const shapesPlanned = new Set<string>();

let rig: Rig;
const planned: Planned[] = [];
let outcomes: Awaited<ReturnType<typeof execute>>;
let metadata: ExecutableCase[];
const caseOf = new Map<string, { plan: Planned; snippet: Snippet }>();

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  for (const [name, bytes] of Object.entries(FILES)) rig.addFile(name, bytes);
  const cases: ExecutableCase[] = [];
  const add = (plan: Planned, reply: ExecutableCase["reply"], shape: string) => {
    planned.push(plan);
    shapesPlanned.add(shape);
    plan.snippets.forEach((snippet, index) => {
      const id = `${plan.label}|${index}`;
      everySnippet.push(snippet);
      if (leftOut(snippet, shape)) return;
      caseOf.set(id, { plan, snippet });
      if (isExecutable(snippet)) cases.push({ id, snippet, reply });
    });
  };
  for (const { provider, task, modes } of PAIRS) {
    for (const mode of modes) {
      const model = syntheticModel(task, { id: `acme/hostile-${task}-${provider}-${mode}` });
      const { raw, input } = hostileInputs(fromExample(exampleInput(model)!));
      const { snippets, problems } = generateSnippets(model, { provider: provider as never, direct: mode === "direct", inputs: raw });
      expect(problems).toEqual([]);
      const providerModelId = providerIdFor(provider, model.id);
      const token = TOKENS[tokenVariable(provider, mode)]!;
      const expected = expectedTaskRequest(provider, task, mode, { providerModelId, token, input, files: FILES });
      add(
        { label: `${provider} ${task} ${mode}`, pair: `${provider} ${task}`, snippets, expected, literal: input.kind === "file" ? input.file.path : HOSTILE },
        plausibleReply({ task, modelId: model.id, provider, providerId: providerModelId, output: replyOutput(provider, task) }),
        `${input.kind === "structured" ? `structured ${task}` : input.kind}|${expected.bytes ? "binary" : "json"}|${isQueued({ provider, task }) ? "queued" : "direct-reply"}|${replyOutput(provider, task)}`,
      );
    }
  }
  for (const provider of ["auto", "hf-inference", "together", "zai-org"]) {
    for (const task of ["text-generation", "image-text-to-text"]) {
      const model = syntheticModel(task, {
        conversational: true,
        id: `acme/hostile-chat-${task}-${provider}`,
        providers: provider === "auto" ? ["together", "cerebras"] : [provider],
      });
      const messages = [
        { role: "user", content: HOSTILE },
        { role: "assistant", content: `${HOSTILE} again` },
        { role: "user", content: [{ type: "text", text: HOSTILE }] },
      ];
      for (const stream of [false, true]) {
        const { snippets, problems } = generateSnippets(model, { provider: provider as never, inputs: JSON.stringify(messages), stream, temperature: 0.5 });
        expect(problems).toEqual([]);
        add(
          { label: `${provider} chat ${task}${stream ? " stream" : ""}`, snippets, messages, literal: HOSTILE },
          plausibleReply({
            task,
            modelId: model.id,
            provider: provider === "auto" ? "together" : provider,
            providerId: providerIdFor(provider === "auto" ? "together" : provider, model.id),
            output: "json",
            chat: true,
          }),
          `chat|${task}|${stream ? "stream" : "whole"}`,
        );
      }
    }
  }
  // --image: a hostile local file name and a hostile URL, once per client (every language's chat code reads images the same way whatever the provider).
  {
    const model = syntheticModel("image-text-to-text", { conversational: true, id: "acme/hostile-images", providers: ["together"] });
    const { snippets, problems } = generateSnippets(model, { provider: "together", inputs: HOSTILE, images: [HOSTILE_IMAGE, HOSTILE_IMAGE_URL] });
    expect(problems).toEqual([]);
    const messages = [
      {
        role: "user",
        content: [
          { type: "text", text: HOSTILE },
          { type: "image_url", image_url: { url: `data:image/jpeg;base64,${FILES[HOSTILE_IMAGE]!.toString("base64")}` } },
          { type: "image_url", image_url: { url: HOSTILE_IMAGE_URL } },
        ],
      },
    ];
    add(
      { label: "together chat --image", snippets, messages, literal: HOSTILE_IMAGE },
      plausibleReply({
        task: "image-text-to-text",
        modelId: model.id,
        provider: "together",
        providerId: providerIdFor("together", model.id),
        output: "json",
        chat: true,
      }),
      "chat|images",
    );
  }
  // An endpoint URL and an embedded token as hostile as their checks let through (a URL, printable ASCII).
  {
    const model = syntheticModel("text-classification", { id: "acme/hostile-endpoint" });
    // As the command passes it on: parsed and written back by URL (src/cli/snippet-run.ts).
    const endpointUrl = new URL(HOSTILE_ENDPOINT).href;
    const { snippets, problems } = generateSnippets(model, { endpointUrl, token: HOSTILE_TOKEN, inputs: HOSTILE });
    expect(problems).toEqual([]);
    const expected = { method: "POST", url: endpointUrl, headers: { authorization: `Bearer ${HOSTILE_TOKEN}` }, json: { inputs: HOSTILE } };
    add(
      { label: "endpoint and token", snippets, expected, literal: HOSTILE, token: HOSTILE_TOKEN },
      plausibleReply({ task: "text-classification", modelId: model.id, provider: "hf-inference", providerId: model.id, output: "json" }),
      "endpoint-token",
    );
  }
  metadata = metadataCases();
  outcomes = await execute(rig, [...cases, ...metadata]);
}, 300_000);

afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

describe("hostile inputs", () => {
  it("every snippet parses in its language", async () => {
    const python = everySnippet.filter((snippet) => snippet.language === "python");
    const parsed = parsePython(python.map((snippet) => snippet.content));
    parsed.forEach((result, i) => {
      expect(result.ok, `${python[i]!.client}: ${result.ok ? "" : result.error}\n${python[i]!.content}`).toBe(true);
    });
    const js = everySnippet.filter((snippet) => snippet.language === "js");
    const verdicts = await jsSyntaxErrors(js.map((snippet) => snippet.content));
    verdicts.forEach((verdict, i) => {
      expect(verdict, js[i]!.content).toBeUndefined();
    });
    const sh = everySnippet.filter((snippet) => snippet.language === "sh");
    bashSyntaxErrors(sh.map((snippet) => snippet.content)).forEach((error, i) => {
      expect(error, sh[i]!.content).toBeUndefined();
    });
    expect(sh.length).toBeGreaterThan(100);
    const errors = stdlibSyntaxErrors(everySnippet.filter((snippet) => TOOLCHAIN_LANGUAGES.includes(snippet.language)));
    expect(errors, errors.join("\n")).toEqual([]);
    expect(python.length + js.length).toBeGreaterThan(300);
  });

  it("no snippet holds a character that hides or reorders code: each is an escape in its language", () => {
    const raw = everySnippet.filter((snippet) => HIDDEN_RAW.test(snippet.content));
    expect(raw.map((snippet) => `${snippet.language}/${snippet.client}: ${snippet.content.split("\n").find((line) => HIDDEN_RAW.test(line))}`)).toEqual([]);
  });

  it("python client-library snippets carry the input as a literal, unchanged", () => {
    const libraries = [...caseOf.values()].filter(({ snippet }) => snippet.language === "python" && snippet.client !== "requests");
    expect(libraries.length).toBeGreaterThan(50);
    const parsed = parsePython(libraries.map(({ snippet }) => snippet.content));
    parsed.forEach((result, i) => {
      if (!result.ok) throw new Error(result.error);
      // The hostile text is a string constant of its own, or part of one (a field name suffix, a table).
      expect(
        result.strings.some((text) => text.includes(libraries[i]!.plan.literal)),
        libraries[i]!.snippet.content,
      ).toBe(true);
    });
  });

  it("every runnable snippet runs and sends the input exactly", () => {
    let checked = 0;
    let differing = 0;
    for (const [id, { plan, snippet }] of caseOf) {
      if (!isExecutable(snippet)) continue;
      const outcome = outcomes.get(id);
      const library = snippet.client === "huggingface.js";
      const differs = library && plan.pair !== undefined ? DIFFERS_HERE[plan.pair] : undefined;
      if (differs) {
        // What the library sends instead, asserted (see e2e-providers.test.ts).
        differs.check(postsOf(rig, id), plan.expected!, outcome);
        differing++;
        continue;
      }
      if (!library || plan.messages !== undefined) expect(outcome, `${id} ${snippet.client}: ${outcome?.error}`).toMatchObject({ ok: true });
      const [request] = postsOf(rig, id);
      expect(request, `${id} ${snippet.client} sent nothing`).toBeDefined();
      if (plan.messages !== undefined) {
        expect((request!.json as { messages: unknown }).messages, `${id} ${snippet.client}`).toEqual(plan.messages);
      } else {
        const expected = plan.expected!;
        expect(request!.url, `${id} ${snippet.language} ${snippet.client}: ${request!.url}`).toBe(expected.url);
        if (plan.token !== undefined) expect(request!.headers.authorization, `${id} ${snippet.client}`).toBe(`Bearer ${plan.token}`);
        if (expected.bytes) expect(request!.bytes.equals(expected.bytes), `${id} ${snippet.client}`).toBe(true);
        else expect(request!.json, `${id} ${snippet.client}`).toEqual(expected.json);
      }
      checked++;
    }
    for (const client of ["python|requests", "js|fetch", "sh|curl", ...runnableStdlibClients()]) {
      const missed = [...shapesPlanned].filter((shape) => !shapesRun.has(`${client}|${shape}`));
      expect(missed, `${client} ran no snippet of these request shapes`).toEqual([]);
    }
    expect(checked + differing).toBe(shapesRun.size);
    expect(differing, "library differences asserted").toBeGreaterThan(0);
  });
});

describe("hostile metadata", () => {
  it("widget text, mask token and provider model ids reach the request unchanged", () => {
    expect(metadata.length).toBe(12 + 3 * runnableStdlibClients().length);
    for (const item of metadata) {
      const index = Number(item.id.split("-")[1]);
      if (item.snippet.client !== "huggingface.js") expect(outcomes.get(item.id), `${item.id}: ${outcomes.get(item.id)?.error}`).toMatchObject({ ok: true });
      const [request] = postsOf(rig, item.id);
      expect(request?.url, item.id).toBe(METADATA[index]!.url);
      expect(request?.json, item.id).toEqual(METADATA[index]!.body);
    }
  });
});
