import { describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import { PROVIDER_IDS, type ProviderChoice } from "../../src/inference/ids.js";
import { INFERENCE_TASKS } from "../../src/inference/id-lists.js";
import { PROVIDERS } from "../../src/inference/providers/index.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/* The rules of which snippets exist, and what each says about tokens and billing. */

const clientsOf = (result: ReturnType<typeof wordedSnippets>) => result.snippets.map((snippet) => `${snippet.language}/${snippet.client}`);

/** The standard-library clients, as hints name them, in listing order. */
const STDLIB_PAIRS = "net/http (go), java.net.http (java), net/http (ruby), curl (php)";

/** Snippets by client for Python, JS and shell, by language for Go, Java, Ruby and PHP (whose client names repeat others'). */
function byClientOf(snippets: ReturnType<typeof wordedSnippets>["snippets"]): Record<string, string> {
  const stdlib = ["go", "java", "ruby", "php"];
  return Object.fromEntries(snippets.map((snippet) => [stdlib.includes(snippet.language) ? snippet.language : snippet.client, snippet.content]));
}

describe("which snippets exist", () => {
  it("every task with inference snippets gets code in every language from some provider", () => {
    for (const task of INFERENCE_TASKS) {
      const chat = task === "image-text-to-text";
      const model = syntheticModel(task, { conversational: chat });
      const languages = new Set<string>();
      for (const provider of PROVIDER_IDS) {
        for (const snippet of wordedSnippets(model, { provider }).snippets) languages.add(snippet.language);
      }
      expect([...languages].sort(), task).toEqual(["go", "java", "js", "php", "python", "ruby", "sh"]);
    }
  });

  it("with provider auto, a non-chat task: the hub clients leave the provider to the hub, the others call the first live one serving it, and a note says so", () => {
    // hf-inference is the first provider that serves text-classification in the synthetic mapping.
    const result = wordedSnippets(syntheticModel("text-classification", { providers: ["together", "hf-inference", "fal-ai"] }), {});
    expect(result.snippets.filter((snippet) => snippet.provider === "auto").map((snippet) => `${snippet.language}/${snippet.client}`)).toEqual([
      "python/huggingface_hub",
      "js/huggingface.js",
    ]);
    const pinned = result.snippets.filter((snippet) => snippet.provider !== "auto");
    expect(pinned.length).toBeGreaterThan(0);
    expect(new Set(pinned.map((snippet) => snippet.provider))).toEqual(new Set(["hf-inference"]));
    expect(result.notes).toEqual([
      `acme/text-classification-model: with provider auto, ${pinned.map((snippet) => snippet.client).join(", ")} call hf-inference, the model's first live provider for text-classification (choose another with --provider)`,
    ]);
    expect(result.problems).toEqual([]);
    // A provider asked for is the one every client calls.
    const asked = wordedSnippets(syntheticModel("text-classification"), { provider: "hf-inference" });
    expect(asked.notes).toEqual([]);
    // With no live provider that serves the task, the hub clients alone.
    const unserved = wordedSnippets(syntheticModel("text-classification", { providers: ["together", "fal-ai"] }), {});
    expect(clientsOf(unserved)).toEqual(["python/huggingface_hub", "js/huggingface.js"]);
  });

  it("with provider auto, chat gets every client, through the router", () => {
    const result = wordedSnippets(syntheticModel("text-generation", { conversational: true }), {});
    expect(clientsOf(result)).toEqual([
      "python/huggingface_hub",
      "python/requests",
      "python/openai",
      "js/huggingface.js",
      "js/fetch",
      "js/openai",
      "sh/curl",
      "go/net/http",
      "java/java.net.http",
      "ruby/net/http",
      "php/curl",
    ]);
  });

  it("an explicitly asked combination without a template is refused by name", () => {
    const result = wordedSnippets(syntheticModel("text-classification"), { provider: "hf-inference", language: "python", client: "openai" });
    expect(result.snippets).toEqual([]);
    expect(result.problems).toEqual(["the openai client is for chat models, not text-classification"]);
    expect(result.hints).toEqual([
      `with provider hf-inference: huggingface_hub (python), requests (python), huggingface.js (js), fetch (js), curl (sh), ${STDLIB_PAIRS}`,
    ]);
    const noMethod = wordedSnippets(syntheticModel("text-to-audio"), { provider: "fal-ai", client: "huggingface_hub" });
    expect(noMethod.problems).toEqual(["huggingface_hub (python) has no text-to-audio snippet"]);
  });

  it("a language or client no snippet of this provider is in names the ones it has, and the providers that have it", () => {
    const unmapped = { ...syntheticModel("fill-mask"), inferenceProviderMapping: undefined };
    const auto = wordedSnippets(unmapped, { language: "sh" });
    expect(auto.snippets).toEqual([]);
    expect(auto.hints).toEqual(["with provider auto: huggingface_hub (python), huggingface.js (js); sh snippets with --provider hf-inference"]);
    const noMethod = wordedSnippets(syntheticModel("text-to-audio", { providers: ["fal-ai", "replicate"] }), {
      provider: "fal-ai",
      client: "huggingface_hub",
    });
    expect(noMethod.hints).toEqual([`with provider fal-ai: requests (python), huggingface.js (js), fetch (js), curl (sh), ${STDLIB_PAIRS}`]);
    expect(noMethod.problems.join()).not.toContain("Template not found");
  });

  it("the openai client on a task model names the clients that serve the task, never a template path", () => {
    for (const language of ["python", "js"] as const) {
      const result = wordedSnippets(syntheticModel("text-to-image"), { provider: "fal-ai", language, client: "openai" });
      expect(result.snippets).toEqual([]);
      expect(result.problems).toEqual(["the openai client is for chat models, not text-to-image"]);
      expect(result.hints[0]).toMatch(/^with provider fal-ai: huggingface_hub \(python\), .*curl \(sh\), .*curl \(php\)$/);
    }
    const auto = wordedSnippets(syntheticModel("text-to-image"), { client: "openai" });
    expect(auto.hints[0]).toMatch(/^with provider auto: huggingface_hub \(python\), .*huggingface\.js \(js\), .*curl \(sh\)/);
  });

  it("--direct without the provider's model id gives no snippet with the hub id in the provider's model slot", () => {
    const model = { ...syntheticModel("text-generation", { conversational: true }), inferenceProviderMapping: undefined };
    const refused = wordedSnippets(model, { provider: "together", direct: true });
    expect(refused.snippets).toEqual([]);
    expect(refused.problems).toEqual([
      `${model.id}: the metadata maps no together model id, so a direct call to together cannot name the model: set it with --provider-model-id, or leave out --direct`,
    ]);
    const named = wordedSnippets(model, { provider: "together", direct: true, providerModelId: "meta/llama-3b", language: "sh" });
    expect(named.snippets[0]!.content).toContain('"model": "meta/llama-3b"');
    expect(named.snippets[0]!.content).not.toContain(model.id);
    // hf-inference serves models under their hub id.
    expect(wordedSnippets(model, { provider: "hf-inference", direct: true }).snippets.length).toBeGreaterThan(0);
  });

  it("a provider that does not serve the task gets no snippet, and the providers that serve it", () => {
    const result = wordedSnippets(syntheticModel("fill-mask"), { provider: "together" });
    expect(result.snippets).toEqual([]);
    expect(result.problems).toEqual(["together does not serve fill-mask"]);
    expect(result.hints).toEqual(["fill-mask is served by: hf-inference (choose one with --provider)"]);
    const chat = wordedSnippets(syntheticModel("text-generation", { conversational: true }), { provider: "fal-ai" });
    expect(chat.problems).toEqual(["fal-ai does not serve chat"]);
    expect(chat.hints[0]).toMatch(/^chat is served by: .*cerebras.*together/);
  });

  it("provider auto with exactly one mapped provider is that provider, with its raw-HTTP snippets", () => {
    const single = wordedSnippets(syntheticModel("fill-mask", { providers: ["hf-inference"] }), { language: "sh" });
    expect(single.problems).toEqual([]);
    expect(single.snippets.map((snippet) => snippet.provider)).toEqual(["hf-inference"]);
    expect(single.snippets[0]!.content).toContain("https://router.huggingface.co/hf-inference/models/acme/fill-mask-model");
    // With several, the hub clients leave the choice to the hub; the others call the first that serves the task.
    const several = wordedSnippets(syntheticModel("fill-mask", { providers: ["together", "hf-inference"] }), {});
    expect(new Set(several.snippets.map((snippet) => snippet.provider))).toEqual(new Set(["auto", "hf-inference"]));
  });

  it("the provider's mapping decides the task: a text-generation model mapped as conversational gets chat", () => {
    const model = {
      ...syntheticModel("text-generation", { providers: ["together"] }),
      inferenceProviderMapping: [{ provider: "together", providerId: "t/m", status: "live", task: "conversational" }],
    };
    const { snippets } = wordedSnippets(model, { provider: "together", client: "curl" });
    expect(snippets[0]!.content).toContain("/v1/chat/completions");
    expect(snippets[0]!.content).not.toContain("/v1/completions");
  });

  it("every provider's declared routes produce snippets, routed and direct", () => {
    for (const id of PROVIDER_IDS) {
      const provider = PROVIDERS[id];
      for (const task of Object.keys(provider.tasks)) {
        for (const direct of provider.acceptsHubTokens ? [false, true] : [true]) {
          const result = wordedSnippets(syntheticModel(task), { provider: id, direct });
          expect(result.problems, `${id} ${task}`).toEqual([]);
          expect(clientsOf(result), `${id} ${task}`).toEqual(expect.arrayContaining(["python/requests", "js/fetch", "sh/curl"]));
        }
      }
    }
  });

  it("openai is reached with its own key only", () => {
    const model = syntheticModel("text-generation", { conversational: true, providers: [], id: "openai/gpt-test" });
    expect(wordedSnippets(model, { provider: "openai" }).problems).toEqual([
      "Provider openai does not take hub tokens (conversational): call it with --direct and its own key",
    ]);
    const direct = wordedSnippets(model, { provider: "openai", direct: true, client: "curl" });
    expect(direct.snippets[0]!.content).toContain('"model": "gpt-test"');
    expect(direct.snippets[0]!.content).toContain('"Authorization: Bearer $OPENAI_API_KEY"');
  });

  it("image-text-to-text without chat, models with no task, and tasks with no example get a reason instead", () => {
    expect(wordedSnippets(syntheticModel("image-text-to-text"), {}).problems).toEqual([
      "acme/image-text-to-text-model: image-text-to-text models have snippets only for chat (tagged conversational)",
    ]);
    expect(wordedSnippets(ModelDataSchema.parse({ id: "a/b" }), {}).problems).toEqual([
      "a/b: the metadata has no pipeline tag, so there is no inference snippet",
    ]);
    expect(wordedSnippets(ModelDataSchema.parse({ id: "a/b", pipeline_tag: "robotics" }), {}).problems).toEqual([
      "a/b: no inference snippets for the pipeline tag robotics",
    ]);
    expect(wordedSnippets(ModelDataSchema.parse({ id: "a/b", pipeline_tag: "\u001b[31mred" }), {}).problems).toEqual([
      "a/b: no inference snippets for its pipeline tag",
    ]);
  });

  it("--image is for image-text-to-text chat models: others get the reason and where their image goes", () => {
    const chat = wordedSnippets(syntheticModel("text-generation", { conversational: true }), { images: ["cat.jpg"] });
    expect(chat.snippets).toEqual([]);
    expect(chat.problems).toEqual(["acme/text-generation-model: --image adds images to a chat message, and text-generation models take text only"]);
    expect(chat.hints).toEqual(["--image is for image-text-to-text chat models"]);
    const task = wordedSnippets(syntheticModel("image-classification"), { images: ["cat.jpg"], provider: "hf-inference" });
    expect(task.problems).toEqual(["acme/image-classification-model: --image adds images to a chat message, and image-classification is not a chat task"]);
    expect(task.hints).toEqual(["give this task's image with --inputs"]);
    const vision = wordedSnippets(syntheticModel("image-text-to-text", { conversational: true }), { images: ["notes.txt"], language: "sh" });
    expect(vision.snippets).toHaveLength(1);
    expect(vision.warnings).toEqual(["--image notes.txt: .txt is not an image file"]);
  });

  it("refuses provider model ids that would move the request elsewhere on the host", () => {
    const model = ModelDataSchema.parse({
      id: "a/b",
      pipeline_tag: "text-to-video",
      inferenceProviderMapping: [{ provider: "fal-ai", providerId: "../../v1/secrets", task: "text-to-video", status: "live" }],
    });
    const result = wordedSnippets(model, { provider: "fal-ai" });
    expect(result.snippets).toEqual([]);
    expect(result.problems[0]).toMatch(/cannot go into a URL/);
  });

  it("notes a provider the metadata does not map, and uses --provider-model-id over the mapping", () => {
    const model = syntheticModel("text-to-image", { providers: [] });
    const unmapped = wordedSnippets(model, { provider: "nscale", client: "curl" });
    expect(unmapped.notes).toEqual([
      `${model.id}: no inference provider serves this model (its metadata maps none), so this call may fail`,
      `${model.id}: the metadata maps no nscale model id; the snippet uses the hub id (set one with --provider-model-id)`,
    ]);
    const chosen = wordedSnippets(syntheticModel("text-to-image"), { provider: "nscale", client: "curl", providerModelId: "nscale/chosen" });
    expect(chosen.notes).toEqual([]);
    expect(chosen.snippets[0]!.content).toContain('"model": "nscale/chosen"');
  });

  it("says that no provider serves a model no provider maps (a LoRA), and says nothing of a mapped one", () => {
    const lora = { ...syntheticModel("text-to-image", { providers: [] }), id: "acme/watercolor-lora" };
    expect(wordedSnippets(lora, { language: "python", client: "huggingface_hub" }).notes).toEqual([
      "acme/watercolor-lora: no inference provider serves this model (its metadata maps none), so this call may fail",
    ]);
    expect(wordedSnippets(syntheticModel("text-to-image"), { language: "python", client: "huggingface_hub" }).notes).toEqual([]);
  });

  it("warns once about the user's file of a type the provider refuses, and not about one it takes", () => {
    const model = syntheticModel("automatic-speech-recognition");
    const refused = wordedSnippets(model, { provider: "fal-ai", inputs: "speech.flac" });
    const missing = (name: string) => `--inputs ${name}: there is no such file here; the snippet reads it when it runs`;
    expect(refused.warnings).toEqual([
      missing("speech.flac"),
      "fal-ai refuses audio/flac files: pass a file of type audio/mpeg, audio/wav, audio/webm with --inputs",
    ]);
    expect(refused.notes).toEqual([]);
    expect(wordedSnippets(model, { provider: "fal-ai", client: "curl", inputs: "speech.wav" }).warnings).toEqual([missing("speech.wav")]);
    expect(wordedSnippets(model, { provider: "hf-inference", client: "curl" }).warnings).toEqual([]);
  });

  it("the example file is one the provider takes: fal gets an mp3 sample, hf-inference the task's flac", () => {
    const model = syntheticModel("automatic-speech-recognition");
    const fal = wordedSnippets(model, { provider: "fal-ai" });
    expect(fal.warnings).toEqual([]);
    expect(fal.notes).toEqual([]);
    for (const snippet of fal.snippets) {
      expect(snippet.content, snippet.client).toContain("sample1.mp3");
      expect(snippet.content, snippet.client).not.toContain("flac");
    }
    expect(wordedSnippets(model, { provider: "hf-inference", client: "curl" }).snippets[0]!.content).toContain("sample1.flac");
  });

  it("notes that chat options do not apply to other tasks", () => {
    const result = wordedSnippets(syntheticModel("summarization"), { provider: "hf-inference", stream: true, language: "sh" });
    expect(result.notes).toEqual([
      "acme/summarization-model: --stream, --temperature, --max-tokens, --top-p, --api and --reasoning-effort apply to chat models only",
    ]);
    expect(result.snippets).toHaveLength(1);
  });
});

describe("tokens", () => {
  const cases: { provider: ProviderChoice; direct?: boolean; endpointUrl?: string; variable: string }[] = [
    { provider: "hf-inference", variable: "HF_TOKEN" },
    { provider: "hf-inference", direct: true, variable: "HF_TOKEN" },
    { provider: "fal-ai", variable: "HF_TOKEN" },
    { provider: "fal-ai", direct: true, variable: "FAL_AI_API_KEY" },
    { provider: "zai-org", direct: true, variable: "ZAI_ORG_API_KEY" },
    { provider: "together", direct: true, variable: "TOGETHER_API_KEY" },
    { provider: "auto", endpointUrl: "https://example.test/endpoint", variable: "API_TOKEN" },
  ];

  it.each(cases)("$provider direct=$direct endpoint=$endpointUrl reads $variable", ({ provider, direct, endpointUrl, variable }) => {
    const task = provider === "zai-org" ? "image-to-text" : "text-to-image";
    const { snippets } = wordedSnippets(syntheticModel(task), { provider, direct: direct ?? false, ...(endpointUrl && { endpointUrl }) });
    const byClient = byClientOf(snippets);
    expect(byClient.requests).toContain(`os.environ['${variable}']`);
    expect(byClient.fetch).toContain(`process.env.${variable}`);
    expect(byClient.curl).toContain(`$${variable}"`);
    expect(byClient.curl).not.toContain("'$");
    expect(byClient.go).toContain(`os.Getenv("${variable}")`);
    expect(byClient.java).toContain(`System.getenv("${variable}")`);
    expect(byClient.ruby).toContain(`ENV.fetch('${variable}')`);
    expect(byClient.php).toContain(`getenv('${variable}')`);
  });

  it("--token writes the value itself, quoted for each language, and reads no variable", () => {
    const token = "hf_it's\"$(x)`y`";
    const { snippets } = wordedSnippets(syntheticModel("text-classification"), { provider: "hf-inference", token });
    for (const snippet of snippets) expect(snippet.content).not.toMatch(/HF_TOKEN/);
    const curl = snippets.find((snippet) => snippet.client === "curl")!.content;
    expect(curl).toContain(`-H 'Authorization: Bearer hf_it'\\''s"$(x)\`y\`'`);
  });

  it("fal takes its key as Key, also through requests and fetch", () => {
    const { snippets } = wordedSnippets(syntheticModel("text-to-image"), { provider: "fal-ai", direct: true });
    const byClient = byClientOf(snippets);
    expect(byClient.requests).toContain(`f"Key {os.environ['FAL_AI_API_KEY']}"`);
    expect(byClient.fetch).toContain("`Key ${process.env.FAL_AI_API_KEY}`");
    expect(byClient.curl).toContain('"Authorization: Key $FAL_AI_API_KEY"');
    expect(byClient.go).toContain('"Key "+os.Getenv("FAL_AI_API_KEY")');
    expect(byClient.php).toContain("'Authorization: Key ' . getenv('FAL_AI_API_KEY')");
  });
});

describe("output", () => {
  it("indents generated code with 4 spaces (Go with tabs, as gofmt does; Ruby with 2), never mixed", () => {
    const results = [
      wordedSnippets(syntheticModel("question-answering"), { provider: "hf-inference" }),
      wordedSnippets(syntheticModel("text-generation", { conversational: true }), { provider: "together", stream: true }),
      wordedSnippets(syntheticModel("image-to-video"), { provider: "together" }),
    ];
    for (const snippet of results.flatMap((result) => result.snippets)) {
      for (const line of snippet.content.split("\n")) {
        const indent = /^ */.exec(line)![0].length;
        if (snippet.language === "go") {
          expect(indent, `${snippet.language}: ${JSON.stringify(line)}`).toBe(0);
          continue;
        }
        expect(line.startsWith("\t"), snippet.client).toBe(false);
        expect(indent % (snippet.language === "ruby" ? 2 : 4), `${snippet.language}/${snippet.client}: ${JSON.stringify(line)}`).toBe(0);
      }
      expect(snippet.content.endsWith("\n")).toBe(true);
      expect(snippet.content.endsWith("\n\n")).toBe(false);
    }
  });

  it("a queued job says so, and a file is read once and reaches curl through a pipe, not the command line", () => {
    const { snippets } = wordedSnippets(syntheticModel("image-to-image"), { provider: "fal-ai" });
    const byClient = byClientOf(snippets);
    expect(byClient.curl).toContain("# The provider queues the job");
    expect(byClient.curl).toContain(
      "image=$(base64 < cats.jpg | tr -d '\\n')\n\n# The provider queues the job: submit it, poll it until it is done, then download the output.\n# --fail-with-body: a refused job's reply says why.\nif ! job=$(printf '%s' '{",
    );
    expect(byClient.curl).toContain('"image_url": "data:image/jpeg;base64,\'"$image"\'"');
    expect(byClient.curl).toContain("    --data-binary @-); then\n");
    // Read once; the comment saying the example's name stands for the user's file is not a read.
    const code = (client: string) => byClient[client]!.replace(/^.*cats\.jpg is an example name.*\n/m, "");
    for (const client of ["requests", "fetch", "curl", "go", "java", "ruby", "php"]) expect(code(client).split("cats.jpg").length - 1, client).toBe(1);
  });
});
