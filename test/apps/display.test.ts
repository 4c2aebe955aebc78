import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appsForModel } from "../../src/apps/formats.js";
import { generateAppSnippets } from "../../src/apps/generate.js";
import { appEntries } from "../../src/apps/registry.js";
import type { ModelData } from "../../src/model/schema.js";
import { TOOL_TEMPLATE } from "./models.js";

/*
 * The hub's display rules and deep links (test/fixtures/reference/local-apps.json,
 * copied from its published facts), checked for every app on a set of model
 * shapes. The expectations below were read off each app's `shownFor` text,
 * which the test holds too: when the hub changes a rule, the first test names
 * the app to look at again.
 */

const reference = JSON.parse(readFileSync(new URL("../fixtures/reference/local-apps.json", import.meta.url), "utf8")) as Record<
  string,
  { shownFor: string; deeplink?: string }
>;

const gguf = (file: string) => [{ rfilename: file, size: 4e9 }];

const SHAPES = {
  "GGUF chat, template renders tools": {
    id: "acme/tool-chat-GGUF",
    pipeline_tag: "text-generation",
    tags: ["gguf", "conversational"],
    gguf: { context_length: 8192, chat_template: TOOL_TEMPLATE },
    cardData: { base_model: "acme/tool-chat" },
    siblings: gguf("tool-chat-Q4_K_M.gguf"),
  },
  "GGUF chat, template without tools": {
    id: "acme/plain-chat-GGUF",
    pipeline_tag: "text-generation",
    tags: ["gguf", "conversational"],
    gguf: { context_length: 8192, chat_template: "{% for message in messages %}{{ message.content }}{% endfor %}" },
    cardData: { base_model: "acme/plain-chat" },
    siblings: gguf("plain-chat-Q4_K_M.gguf"),
  },
  "MLX chat, template renders tools": {
    id: "mlx-community/tool-chat-4bit",
    pipeline_tag: "text-generation",
    tags: ["mlx", "safetensors", "conversational"],
    library_name: "mlx",
    config: { tokenizer_config: { chat_template: [{ name: "default", template: TOOL_TEMPLATE }] } },
    siblings: [{ rfilename: "config.json" }, { rfilename: "model.safetensors" }],
  },
  "transformers chat": {
    id: "acme/chat",
    pipeline_tag: "text-generation",
    tags: ["transformers", "safetensors", "conversational", "text-generation-inference"],
    library_name: "transformers",
    siblings: [{ rfilename: "config.json" }, { rfilename: "model.safetensors" }],
  },
  "diffusers base": {
    id: "acme/painter",
    pipeline_tag: "text-to-image",
    tags: ["diffusers", "safetensors", "text-to-image"],
    library_name: "diffusers",
    siblings: [{ rfilename: "model_index.json" }, { rfilename: "unet/diffusion_pytorch_model.safetensors" }],
  },
  "diffusers LoRA": {
    id: "acme/watercolor-lora",
    pipeline_tag: "text-to-image",
    tags: ["diffusers", "safetensors", "lora", "text-to-image"],
    library_name: "diffusers",
    siblings: [{ rfilename: "pytorch_lora_weights.safetensors" }],
  },
  "Core ML for JoyFusion": {
    id: "acme/painter-coreml",
    pipeline_tag: "text-to-image",
    tags: ["coreml", "joyfusion", "text-to-image"],
    siblings: [{ rfilename: "original/compiled/Unet.mlmodelc/model.mil" }],
  },
} satisfies Record<string, ModelData>;
type Shape = keyof typeof SHAPES;

const GGUF_SHAPES: Shape[] = ["GGUF chat, template renders tools", "GGUF chat, template without tools"];
const TOOLS: Shape[] = ["GGUF chat, template renders tools", "MLX chat, template renders tools"];
const DIFFUSERS: Shape[] = ["diffusers base", "diffusers LoRA"];

/** Per app: the rule as the hub states it, and the shapes it is shown for under that rule. */
const EXPECTED: Record<string, { rule: string; shown: Shape[] }> = {
  "llama.cpp": { rule: "gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  "node-llama-cpp": { rule: "gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  vllm: {
    rule: "(quantization_config.quant_method in config is awq, gptq, aqlm or marlin, or gguf (the model's gguf metadata has a context_length), or tag transformers) and pipeline_tag is text-generation or image-text-to-text",
    shown: [...GGUF_SHAPES, "transformers chat"],
  },
  sglang: {
    rule: "(quantization_config.quant_method in config is awq, gptq, aqlm or marlin, or tag transformers) and pipeline_tag is text-generation or image-text-to-text",
    shown: ["transformers chat"],
  },
  "mlx-lm": { rule: "pipeline_tag text-generation and tag mlx", shown: ["MLX chat, template renders tools"] },
  tgi: { rule: "tag text-generation-inference", shown: ["transformers chat"] },
  lmstudio: { rule: "gguf (the model's gguf metadata has a context_length), or tag mlx", shown: [...GGUF_SHAPES, "MLX chat, template renders tools"] },
  localai: { rule: "gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  jan: { rule: "gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  "atomic-chat": { rule: "gguf (the model's gguf metadata has a context_length), or tag mlx", shown: [...GGUF_SHAPES, "MLX chat, template renders tools"] },
  backyard: { rule: "gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  jellybox: {
    rule: "gguf (the model's gguf metadata has a context_length), or (library_name diffusers and tag safetensors and (pipeline_tag text-to-image or tag lora))",
    shown: [...GGUF_SHAPES, ...DIFFUSERS],
  },
  msty: { rule: "gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  recursechat: { rule: "gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  drawthings: { rule: "library_name diffusers and (pipeline_tag text-to-image or tag lora)", shown: DIFFUSERS },
  diffusionbee: { rule: "library_name diffusers and pipeline_tag text-to-image", shown: DIFFUSERS },
  joyfusion: { rule: "tags coreml and joyfusion and pipeline_tag text-to-image", shown: ["Core ML for JoyFusion"] },
  ollama: { rule: "gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  unsloth: { rule: "tag unsloth, or gguf (the model's gguf metadata has a context_length)", shown: GGUF_SHAPES },
  "docker-model-runner": { rule: "shown wherever llama.cpp or vllm is shown", shown: [...GGUF_SHAPES, "transformers chat"] },
  lemonade: { rule: "gguf (the model's gguf metadata has a context_length), or tag ryzenai-hybrid or ryzenai-npu", shown: GGUF_SHAPES },
  pi: {
    rule: "(gguf (the model's gguf metadata has a context_length), or tag mlx) and tag conversational and the chat template (gguf.chat_template, else config.chat_template_jinja, else config.tokenizer_config.chat_template; a list: its first entry's template) mentions tools",
    shown: TOOLS,
  },
  "hermes-agent": { rule: "as pi", shown: TOOLS },
  openclaw: { rule: "as pi", shown: TOOLS },
};

const shapes = Object.entries(SHAPES) as [Shape, ModelData][];
const shownApps = new Map(shapes.map(([name, model]) => [name, appsForModel(appEntries(), model).map((app): string => app.key)]));

describe("the hub's display rules for local apps", () => {
  it("are stated here for every app of the catalogue and of the reference, as the reference words them", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(reference).sort());
    expect(
      appEntries()
        .map((app) => app.key)
        .sort(),
    ).toEqual(Object.keys(reference).sort());
    for (const [key, { rule }] of Object.entries(EXPECTED)) expect(reference[key]!.shownFor, key).toBe(rule);
  });

  it.each(Object.keys(EXPECTED))("%s is offered for exactly the shapes its rule shows it for", (key) => {
    const offeredFor = shapes.filter(([name]) => shownApps.get(name)!.includes(key)).map(([name]) => name);
    expect(offeredFor.sort()).toEqual([...EXPECTED[key]!.shown].sort());
  });

  it("every app offered for a shape gives its commands or link for it", () => {
    for (const [name, model] of shapes) {
      for (const key of shownApps.get(name)!) expect(generateAppSnippets(model, key).snippets.length, `${key} on ${name}`).toBeGreaterThan(0);
    }
  });
});

describe("the hub's deep links", () => {
  const link = (model: ModelData, key: string, request = {}) => generateAppSnippets(model, key, request).snippets[0]!.content;
  const ggufChat = SHAPES["GGUF chat, template renders tools"];
  /** The reference's shape with the model's values in place (query values URL-encoded). */
  const expected = (shape: string, id: string, file?: string) =>
    shape
      .replace("{id}", shape.includes("?") ? encodeURIComponent(id) : id)
      .replace("[&file={gguf file}]", file === undefined ? "" : `&file=${encodeURIComponent(file)}`)
      .replace(/ \(.*\)$/, "");

  it.each(["jan", "atomic-chat", "backyard", "msty", "recursechat"])("%s: the reference's link for a GGUF model", (key) => {
    expect(link(ggufChat, key)).toBe(expected(reference[key]!.deeplink!, ggufChat.id));
  });

  it.each(["lmstudio", "unsloth"])("%s carries the chosen file, so --quant and --file apply", (key) => {
    expect(link(ggufChat, key)).toBe(expected(reference[key]!.deeplink!, ggufChat.id, "tool-chat-Q4_K_M.gguf"));
    const twoQuants = { ...ggufChat, siblings: [...ggufChat.siblings, { rfilename: "tool-chat-Q8_0.gguf", size: 8e9 }] };
    expect(link(twoQuants, key, { quant: "Q8_0" })).toBe(expected(reference[key]!.deeplink!, ggufChat.id, "tool-chat-Q8_0.gguf"));
  });

  it("Draw Things loads a LoRA's weights only for a LoRA, and the pipeline otherwise", () => {
    const [lora, otherwise] = reference.drawthings!.deeplink!.split("; ").map((part) => part.replace(/^(?:lora|else):? /, ""));
    expect(link(SHAPES["diffusers LoRA"], "drawthings")).toBe(expected(lora!, SHAPES["diffusers LoRA"].id));
    expect(link(SHAPES["diffusers base"], "drawthings")).toBe(expected(otherwise!, SHAPES["diffusers base"].id));
  });

  it("Jellybox opens a GGUF model, a LoRA and an image model each at its own place", () => {
    const [forGguf, forLora, otherwise] = reference.jellybox!.deeplink!.split("; ").map((part) => part.replace(/^(?:gguf|lora|else):? /, ""));
    expect(link(ggufChat, "jellybox")).toBe(expected(forGguf!, ggufChat.id));
    expect(link(SHAPES["diffusers LoRA"], "jellybox")).toBe(expected(forLora!, SHAPES["diffusers LoRA"].id));
    expect(link(SHAPES["diffusers base"], "jellybox")).toBe(expected(otherwise!, SHAPES["diffusers base"].id));
  });

  it.each([
    ["diffusionbee", "diffusers base"],
    ["joyfusion", "Core ML for JoyFusion"],
  ] as const)("%s: the reference's link", (key, shape) => {
    expect(link(SHAPES[shape], key)).toBe(expected(reference[key]!.deeplink!, SHAPES[shape].id));
  });
});

describe("deliberate differences from the hub's rules", () => {
  it("Unsloth Desktop is offered for GGUF files only: a repository merely tagged unsloth has no file for its link to open", () => {
    const tagged: ModelData = { ...SHAPES["transformers chat"], id: "unsloth/chat", tags: [...SHAPES["transformers chat"].tags, "unsloth"] };
    expect(appsForModel(appEntries(), tagged).map((app) => app.key)).not.toContain("unsloth");
  });

  it("Lemonade is offered for GGUF files only: its commands load them through llama.cpp, not the Ryzen AI (ONNX) models the hub also shows it for", () => {
    const ryzen: ModelData = {
      id: "amd/chat-onnx",
      pipeline_tag: "text-generation",
      tags: ["onnx", "ryzenai-hybrid"],
      siblings: [{ rfilename: "model.onnx" }],
    };
    expect(appsForModel(appEntries(), ryzen).map((app) => app.key)).not.toContain("lemonade");
  });

  it("GGUF apps go by the file list, not by a context_length in the GGUF header the hub reads", () => {
    const noHeader: ModelData = { ...SHAPES["GGUF chat, template without tools"], gguf: undefined };
    expect(appsForModel(appEntries(), noHeader).map((app) => app.key)).toContain("llama.cpp");
  });
});
