import { describe, expect, it } from "vitest";
import { NO_EXAMPLE_MESSAGE, TASKS_WITH_EXAMPLES, exampleInput, type ExampleInput } from "../../src/tasks/example-input.js";
import { loadModelFile } from "../../src/model/load-file.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { reference } from "./reference.js";

function model(pipelineTag: string | undefined, extra: Partial<ModelData> = {}): ModelData {
  return { id: "org/model", ...(pipelineTag === undefined ? {} : { pipeline_tag: pipelineTag }), tags: [], ...extra };
}

function catalogueModel(name: string): ModelData {
  return loadModelFile(new URL(`../../catalogue/models/${name}.json`, import.meta.url).pathname);
}

function structuredValue(input: ExampleInput | undefined): Record<string, unknown> {
  if (input?.kind !== "structured") throw new Error(`expected a structured input, got ${JSON.stringify(input)}`);
  return input.value;
}

const servedTasks = reference.tasksWithInferenceSnippets.filter((task) => task !== "conversational");

describe("exampleInput", () => {
  it.each(servedTasks)("gives %s an example input", (task) => {
    expect(exampleInput(model(task))).toBeDefined();
    expect(TASKS_WITH_EXAMPLES).toContain(task);
  });

  it("gives chat models one user question for text generation", () => {
    const input = exampleInput(model("text-generation", { tags: ["conversational"] }));
    expect(input?.kind).toBe("messages");
    if (input?.kind !== "messages") return;
    expect(input.messages).toHaveLength(1);
    expect(input.messages[0]!.role).toBe("user");
    expect(typeof input.messages[0]!.content).toBe("string");
    expect((input.messages[0]!.content as string).trim()).toMatch(/\?$/);
  });

  it("gives image-text-to-text chat models a text part and an image_url part", () => {
    const input = exampleInput(model("image-text-to-text", { tags: ["conversational"] }));
    if (input?.kind !== "messages") throw new Error(`expected messages, got ${JSON.stringify(input)}`);
    expect(input.messages).toHaveLength(1);
    const content = input.messages[0]!.content;
    if (typeof content === "string") throw new Error("expected content parts");
    expect(content.map((part) => part.type)).toEqual(["text", "image_url"]);
    const image = content[1];
    expect(image?.type === "image_url" && image.image_url.url).toMatch(/^https:\/\/\S+$/);
  });

  it("prefers the chat form over the model card's widget text", () => {
    expect(exampleInput(catalogueModel("meta-llama--Llama-3.1-8B-Instruct"))?.kind).toBe("messages");
    expect(exampleInput(catalogueModel("Qwen--Qwen2.5-VL-7B-Instruct"))?.kind).toBe("messages");
  });

  it("gives a chat tag on another task no messages", () => {
    expect(exampleInput(model("text-classification", { tags: ["conversational"] }))?.kind).toBe("text");
  });

  it("offers zero-shot classification the labels refund, legal and faq", () => {
    const value = structuredValue(exampleInput(model("zero-shot-classification")));
    expect(value.candidate_labels).toEqual(["refund", "legal", "faq"]);
    expect(typeof value.text).toBe("string");
  });

  it("offers zero-shot image classification an image and the labels cat, dog and llama", () => {
    const value = structuredValue(exampleInput(model("zero-shot-image-classification")));
    expect(value.candidate_labels).toEqual(["cat", "dog", "llama"]);
    expect(value.image).toMatch(/\.(jpg|png)$/);
  });

  it("puts the model's own mask token in the fill-mask sentence", () => {
    const input = exampleInput(model("fill-mask", { mask_token: "<mask>" }));
    expect(input?.kind === "text" && input.text).toMatch(/ <mask>\.?$/);
  });

  it("returns a hostile mask token as data, unchanged", () => {
    const hostile = `"); import os; os.system('rm -rf ~') #\n\`$(reboot)\``;
    const input = exampleInput(model("fill-mask", { mask_token: hostile }));
    if (input?.kind !== "text") throw new Error("expected a text input");
    expect(input.text).toContain(hostile);
    expect(input.text.split(hostile)).toHaveLength(2);
  });

  it("prefers the model card's widget text", () => {
    const input = exampleInput(model("text-classification", { widgetData: [{ text: "The soup was cold." }] }));
    expect(input).toEqual({ kind: "text", text: "The soup was cold." });
    expect(exampleInput(catalogueModel("google-bert--bert-base-uncased"))).toEqual({ kind: "text", text: "Paris is the [MASK] of France." });
  });

  it("prefers the model card's source sentence and sentences for sentence similarity", () => {
    const widget = { source_sentence: "A cat sleeps.", sentences: ["A kitten naps.", "Stocks fell today."] };
    expect(structuredValue(exampleInput(model("sentence-similarity", { widgetData: [widget] })))).toEqual(widget);
  });

  it("keeps the default where the widget gives nothing usable", () => {
    const fallback = exampleInput(model("sentence-similarity"));
    expect(exampleInput(model("sentence-similarity", { widgetData: [{ source_sentence: "Alone." }] }))).toEqual(fallback);
    expect(exampleInput(model("text-classification", { widgetData: [{ text: "" }] }))).toEqual(exampleInput(model("text-classification")));
    // Widget text does not replace a structured input.
    expect(exampleInput(model("question-answering", { widgetData: [{ text: "Who?" }] }))?.kind).toBe("structured");
  });

  it("gives image-to-image, image-text-to-image and image-to-video an image and a prompt", () => {
    for (const task of ["image-to-image", "image-text-to-image", "image-to-video"]) {
      const input = exampleInput(model(task));
      if (input?.kind !== "image-prompt") throw new Error(`${task}: expected an image and a prompt`);
      expect(input.filename).toMatch(/\.(jpg|png)$/);
      expect(input.prompt.trim()).not.toBe("");
    }
  });

  it("gives image and audio tasks a sample file name", () => {
    expect(exampleInput(model("image-classification"))).toMatchObject({ kind: "file", media: "image" });
    expect(exampleInput(model("automatic-speech-recognition"))).toMatchObject({
      kind: "file",
      media: "audio",
      filename: expect.stringMatching(/\.(flac|wav|mp3)$/),
    });
  });

  it("gives text-to-image, text-to-video and text-to-speech a prompt", () => {
    for (const task of ["text-to-image", "text-to-video", "text-to-speech"]) {
      const input = exampleInput(model(task));
      expect(input?.kind === "text" && input.text.trim().length > 0, task).toBe(true);
    }
  });

  it("gives question answering tasks their structured inputs", () => {
    expect(Object.keys(structuredValue(exampleInput(model("question-answering"))))).toEqual(["question", "context"]);
    const table = structuredValue(exampleInput(model("table-question-answering")));
    expect(typeof table.query).toBe("string");
    const columns = Object.values(table.table as Record<string, unknown[]>);
    expect(new Set(columns.map((column) => column.length)).size).toBe(1);
    for (const task of ["visual-question-answering", "document-question-answering"]) {
      expect(Object.keys(structuredValue(exampleInput(model(task)))).sort()).toEqual(["image", "question"]);
    }
  });

  it("gives tabular tasks columns of equal length", () => {
    for (const task of ["tabular-classification", "tabular-regression"]) {
      const data = structuredValue(exampleInput(model(task))).data as Record<string, unknown[]>;
      const lengths = Object.values(data).map((column) => column.length);
      expect(lengths.length).toBeGreaterThan(1);
      expect(new Set(lengths).size).toBe(1);
    }
  });

  it("returns texts as data, not as quoted code", () => {
    for (const task of TASKS_WITH_EXAMPLES) {
      const input = exampleInput(model(task));
      if (input?.kind === "text") expect(input.text, task).not.toMatch(/^["'`]|["'`]$/);
    }
  });

  it("has no example for a task without one, and says so in the agreed words", () => {
    expect(exampleInput(model("robotics"))).toBeUndefined();
    expect(exampleInput(model(undefined))).toBeUndefined();
    expect(NO_EXAMPLE_MESSAGE).toBe("No input example has been defined for this model task.");
  });
});

describe("exampleInput with an untrusted pipeline tag", () => {
  it("treats inherited object keys as unknown tasks", () => {
    for (const tag of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(exampleInput(ModelDataSchema.parse({ id: "org/model", pipeline_tag: tag }))).toBeUndefined();
    }
  });
});
