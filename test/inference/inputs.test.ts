import { describe, expect, it } from "vitest";
import { noteWords } from "../helpers/worded.js";
import { usageRefusal } from "../helpers/errors.js";
import { chatInput, imageWarnings, parseUserInputs, type TaskInput } from "../../src/inference/inputs.js";
import { fileNode, fileRef } from "../../src/inference/payload.js";
import { isFailure, type Problem } from "../../src/outcome/problems.js";

/* --inputs: JSON where the task takes an object or messages, text everywhere else. */

const text: TaskInput = { kind: "text", text: "default" };
const messages: TaskInput = { kind: "messages", messages: [{ role: "user", content: "default" }] };
const structured: TaskInput = { kind: "structured", fields: { question: "q", context: "c" } };
const imagePrompt: TaskInput = { kind: "image-prompt", image: fileRef("cats.jpg", "image"), prompt: "p" };
const audio: TaskInput = { kind: "file", file: fileRef("sample1.flac", "audio") };

/** The problem record `run` fails with. */
function failure(run: () => unknown): Problem {
  try {
    run();
  } catch (error) {
    if (isFailure(error)) return error.problem;
    throw error;
  }
  throw new Error("expected a failure, and it ran");
}

/** The message of the usage error `run` throws. */
const usage = (run: () => unknown): string => usageRefusal(run).message;

const SAMPLE = { type: "image_url", image_url: { url: "https://example.com/sample.jpg" } };
const vision = { kind: "messages", messages: [{ role: "user", content: [{ type: "text", text: "Describe it." }, SAMPLE] }] } as const satisfies TaskInput;
const image = (url: unknown) => ({ type: "image_url", image_url: { url } });

const wordsOf = (notes: readonly Parameters<typeof noteWords>[0][]) => notes.map(noteWords);

describe("--image", () => {
  it("keeps the sample image when only a text is given, and replaces it with the images given, after the text, in order", () => {
    const text = (value: string) => ({ type: "text", text: value });
    expect(chatInput(vision, "What is it?", undefined).messages).toEqual([{ role: "user", content: [text("What is it?"), SAMPLE] }]);
    expect(chatInput(vision, undefined, ["https://x.example/a b.png?q=1", "dog.png"]).messages).toEqual([
      { role: "user", content: [text("Describe it."), image("https://x.example/a b.png?q=1"), image(fileNode(fileRef("dog.png", "image"), "data-url"))] },
    ]);
    expect(chatInput(vision, "What is it?", ["cat.webp"]).messages).toEqual([
      { role: "user", content: [text("What is it?"), image(fileNode({ path: "cat.webp", mime: "image/webp", media: "image" }, "data-url"))] },
    ]);
  });

  it("adds the images to the last user message of a conversation of the user's own, keeping its parts", () => {
    const list = [
      { role: "user", content: "first" },
      { role: "assistant", content: "ok" },
      { role: "user", content: "Compare these." },
      { role: "assistant", content: "later" },
    ];
    expect(chatInput(vision, JSON.stringify(list), ["https://x.example/a.jpg"]).messages).toEqual([
      list[0],
      list[1],
      { role: "user", content: [{ type: "text", text: "Compare these." }, image("https://x.example/a.jpg")] },
      list[3],
    ]);
    const own = [{ role: "user", content: [SAMPLE] }];
    expect(chatInput(vision, JSON.stringify(own), ["https://x.example/b.jpg"]).messages).toEqual([
      { role: "user", content: [SAMPLE, image("https://x.example/b.jpg")] },
    ]);
    expect(usage(() => chatInput(vision, '[{"role": "system", "content": "Be brief"}]', ["a.jpg"]))).toBe(
      "--image adds images to the last user message, and --inputs has none",
    );
  });

  it("warns about a local file whose extension names no image; a URL or a name without extension says nothing", () => {
    expect(wordsOf(imageWarnings(["notes.txt", "cat.JPG", "photo", "https://x.example/page.html"]))).toEqual(["--image notes.txt: .txt is not an image file"]);
  });
});

describe("--inputs", () => {
  it("is the text itself for a text task, even when it looks like JSON", () => {
    expect(parseUserInputs('"hello"', text, "t")).toEqual({ kind: "text", text: '"hello"' });
    expect(parseUserInputs("{}", text, "t")).toEqual({ kind: "text", text: "{}" });
  });

  it("is a user message, a message, or a list of messages for chat", () => {
    expect(parseUserInputs("Hi there", messages, "t")).toEqual({ kind: "messages", messages: [{ role: "user", content: "Hi there" }] });
    expect(parseUserInputs('"quoted"', messages, "t")).toEqual({ kind: "messages", messages: [{ role: "user", content: "quoted" }] });
    expect(parseUserInputs('{"role": "system", "content": "Be brief"}', messages, "t")).toEqual({
      kind: "messages",
      messages: [{ role: "system", content: "Be brief" }],
    });
    const list = [
      { role: "system", content: "s" },
      { role: "user", content: [{ type: "text", text: "t" }] },
    ];
    expect(parseUserInputs(JSON.stringify(list), messages, "t")).toEqual({ kind: "messages", messages: list });
    expect(usage(() => parseUserInputs('[{"content": "no role"}]', messages, "t"))).toMatch(/list of messages/);
    expect(usage(() => parseUserInputs("[]", messages, "t"))).toMatch(/list of messages/);
  });

  it("must be a JSON object with the task's fields for a structured task", () => {
    expect(parseUserInputs('{"question": "Who?", "context": "Me.", "extra": 1}', structured, "question-answering")).toEqual({
      kind: "structured",
      fields: { question: "Who?", context: "Me.", extra: 1 },
    });
    expect(usage(() => parseUserInputs("Who?", structured, "question-answering"))).toBe(
      "--inputs for question-answering takes a JSON object with the fields question, context",
    );
    expect(usage(() => parseUserInputs('{"question": "Who?"}', structured, "question-answering"))).toMatch(/question, context/);
    expect(usage(() => parseUserInputs('{"question": 1, "context": "c"}', structured, "question-answering"))).toMatch(/question, context/);
    expect(usage(() => parseUserInputs('{"question": "q", "context": "c", "n": 1e400}', structured, "question-answering"))).toMatch(/question, context/);
  });

  it("names a file for a file task, and keeps its media", () => {
    expect(parseUserInputs("speech.wav", audio, "t")).toEqual({ kind: "file", file: { path: "speech.wav", mime: "audio/wav", media: "audio" } });
    expect(parseUserInputs("takes/recording", audio, "t")).toEqual({ kind: "file", file: { path: "takes/recording", mime: "audio/flac", media: "audio" } });
  });

  it("takes text as a file name only where it looks like one or names one here", () => {
    const here = (path: string) => (path === "recording" ? "file" : path === "takes" ? "folder" : undefined);
    // An extension of the task's medium, a folder, or another extension without spaces (a file of another kind).
    for (const name of ["my talk.mp3", "takes/recording", "takes\\recording", "notes.txt", "recording"])
      expect(parseUserInputs(name, audio, "t", here), name).toMatchObject({ kind: "file", file: { path: name } });
    for (const words of ["hello", "hello there", "hello there.txt"])
      expect(
        usage(() => parseUserInputs(words, audio, "asr", here)),
        words,
      ).toMatch(/not text/);
    expect(usage(() => parseUserInputs("takes", audio, "asr", here))).toBe('--inputs for asr: "takes" is a folder, not an audio file');
  });

  it("that starts like JSON must parse, for every task that reads JSON: where it goes wrong, by line and column", () => {
    expect(failure(() => parseUserInputs('[{"role":"user"', messages, "t"))).toEqual({
      kind: "inputs-json-invalid",
      line: 1,
      column: 16,
      reason: "unexpected end of input, expected ',' or '}'",
      shape: "messages",
    });
    expect(failure(() => chatInput({ kind: "messages", messages: [] }, '{"role": "user", "content": "hi",}', undefined))).toMatchObject({
      kind: "inputs-json-invalid",
      line: 1,
      column: 34,
    });
    expect(failure(() => parseUserInputs('[\n  {"role": "user",\n   "content": "hi"\n  ]', messages, "t"))).toMatchObject({ line: 4, column: 3 });
    expect(failure(() => parseUserInputs('{"question": "Who?" "context": "c"}', structured, "question-answering"))).toMatchObject({
      kind: "inputs-json-invalid",
      line: 1,
      column: 21,
      shape: "object",
    });
    expect(failure(() => parseUserInputs('{"image": "dog.png", "prompt": Blue}', imagePrompt, "t"))).toMatchObject({ kind: "inputs-json-invalid", column: 32 });
  });

  it("that merely opens with a bracket stays text, and a JSON string is that text", () => {
    for (const words of ["[INST] hello", "{draft} say hi", "[1, 2] sorted?", '"[1, 2] sorted?'])
      expect(parseUserInputs(words, messages, "t"), words).toEqual({ kind: "messages", messages: [{ role: "user", content: words }] });
    expect(parseUserInputs('"[1, 2] sorted?"', messages, "t")).toEqual({ kind: "messages", messages: [{ role: "user", content: "[1, 2] sorted?" }] });
    expect(parseUserInputs("{Blue} and red", imagePrompt, "t")).toEqual({ ...imagePrompt, prompt: "{Blue} and red" });
    // A text task sends whatever it is given.
    expect(parseUserInputs('[{"role":"user"', text, "t")).toEqual({ kind: "text", text: '[{"role":"user"' });
  });

  it("checks each message's role against the roles chat APIs take", () => {
    expect(failure(() => parseUserInputs('[{"role":"robot","content":"hi"}]', messages, "t"))).toEqual({ kind: "inputs-chat-role", index: 0, role: "robot" });
    const list = [
      { role: "system", content: "s" },
      { role: "User", content: "u" },
    ];
    expect(failure(() => parseUserInputs(JSON.stringify(list), messages, "t"))).toEqual({ kind: "inputs-chat-role", index: 1, role: "User" });
    const every = ["system", "developer", "user", "assistant", "tool"].map((role) => ({ role, content: role }));
    expect(parseUserInputs(JSON.stringify(every), messages, "t")).toEqual({ kind: "messages", messages: every });
  });

  it("is a prompt, or an object with image and prompt, for image-and-prompt tasks", () => {
    expect(parseUserInputs("Make it blue", imagePrompt, "t")).toEqual({ ...imagePrompt, prompt: "Make it blue" });
    expect(parseUserInputs('{"image": "dog.png", "prompt": "Blue"}', imagePrompt, "t")).toEqual({
      kind: "image-prompt",
      image: { path: "dog.png", mime: "image/png", media: "image" },
      prompt: "Blue",
    });
  });
});
