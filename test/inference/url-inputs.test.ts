import { describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import { parseUserInputs, type TaskInput } from "../../src/inference/inputs.js";
import { fileRef } from "../../src/inference/payload.js";
import { thrown } from "../helpers/errors.js";
import { pyString } from "../../src/format/python.js";
import { jsString } from "../../src/format/js.js";
import { shellQuote } from "../../src/format/shell.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/* `--inputs` naming a URL, or a local file of the wrong kind, as the rendered snippets show it. */

const URL_INPUT = "https://files.example/pics/it's-$(id)-cat.png?size=2";

function snippet(task: string, provider: string, inputs: string, language: string, client: string): string {
  const result = wordedSnippets(syntheticModel(task), { provider: provider as never, inputs, language: language as never, client: client as never });
  expect(result.snippets, result.problems.join("; ")).toHaveLength(1);
  return result.snippets[0]!.content;
}

describe("a URL in --inputs", () => {
  it("is a remote file of the task's medium, typed by the URL's path", () => {
    const audio: TaskInput = { kind: "file", file: fileRef("sample1.flac", "audio") };
    expect(parseUserInputs("https://x.example/a/speech.mp3?take=2", audio, "t")).toEqual({
      kind: "file",
      file: { path: "https://x.example/a/speech.mp3?take=2", mime: "audio/mpeg", media: "audio", remote: true },
    });
    expect(parseUserInputs("speech.mp3", audio, "t")).toEqual({ kind: "file", file: { path: "speech.mp3", mime: "audio/mpeg", media: "audio" } });
  });

  it("that does not parse is refused", () => {
    const image: TaskInput = { kind: "file", file: fileRef("cats.jpg", "image") };
    const error = thrown(() => parseUserInputs("https://", image, "image-classification"));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('--inputs for image-classification: "https://" is not a valid URL');
  });

  it("goes as is into a field that takes a URL (fal's audio_url), with nothing downloaded", () => {
    const url = "https://files.example/clips/it's-$(id).mp3";
    const python = snippet("automatic-speech-recognition", "fal-ai", url, "python", "requests");
    expect(python).toContain(`"audio_url": ${pyString(url)},`);
    expect(python).not.toMatch(/base64|Path\(|requests\.get/);
    const js = snippet("automatic-speech-recognition", "fal-ai", url, "js", "fetch");
    expect(js).toContain(`audio_url: ${jsString(url)},`);
    expect(js).not.toMatch(/readFile|download/);
    const curl = snippet("automatic-speech-recognition", "fal-ai", url, "sh", "curl");
    expect(curl).toContain(`"audio_url": "https://files.example/clips/it'\\''s-$(id).mp3"`);
    expect(curl).not.toMatch(/base64|curl -fsSL/);
  });

  it("reaches fal_client as an argument, not an upload", () => {
    const result = wordedSnippets(syntheticModel("image-segmentation"), { provider: "fal-ai", direct: true, inputs: URL_INPUT, client: "fal_client" });
    expect(result.snippets[0]!.content).toContain(`"image_url": ${pyString(URL_INPUT)},`);
    expect(result.snippets[0]!.content).not.toContain("upload_file");
  });

  it("is downloaded for a bytes body, with a timeout and a status check, before the provider is called", () => {
    const python = snippet("image-classification", "hf-inference", URL_INPUT, "python", "requests");
    expect(python).toContain(`download = requests.get(${pyString(URL_INPUT)}, timeout=60)\ndownload.raise_for_status()\ndata = download.content\n`);
    expect(python).not.toContain("pathlib");
    const js = snippet("image-classification", "hf-inference", URL_INPUT, "js", "fetch");
    expect(js).toContain(`const download = await fetch(${jsString(URL_INPUT)});\nif (!download.ok) {`);
    expect(js).toContain("body: await download.arrayBuffer(),");
    expect(js).not.toContain("node:fs");
    const curl = snippet("image-classification", "hf-inference", URL_INPUT, "sh", "curl");
    expect(curl).toMatch(/^set -euo pipefail\n/);
    expect(curl).toContain(`image=$(mktemp)\ntrap 'rm -f "$image"' EXIT`);
    expect(curl).toContain(`curl -fsSL ${shellQuote(URL_INPUT)} -o "$image"\n`);
    expect(curl).toContain(`--data-binary @"$image"`);
  });

  it("is downloaded and encoded for a base64 field", () => {
    expect(snippet("image-segmentation", "hf-inference", URL_INPUT, "python", "requests")).toContain(
      'image = base64.b64encode(download.content).decode("ascii")',
    );
    expect(snippet("image-segmentation", "hf-inference", URL_INPUT, "js", "fetch")).toContain(
      'const image = Buffer.from(await download.arrayBuffer()).toString("base64");',
    );
    expect(snippet("image-segmentation", "hf-inference", URL_INPUT, "sh", "curl")).toContain(
      `image=$(curl -fsSL ${shellQuote(URL_INPUT)} | base64 | tr -d '\\n')`,
    );
  });

  it("is passed to huggingface_hub, which takes URLs, and fetched as a Blob for huggingface.js, which does not", () => {
    expect(snippet("image-classification", "hf-inference", URL_INPUT, "python", "huggingface_hub")).toContain(
      `client.image_classification(\n    ${pyString(URL_INPUT)},\n`,
    );
    const js = snippet("image-classification", "hf-inference", URL_INPUT, "js", "huggingface.js");
    expect(js).toContain("const image = await download.blob();");
    expect(js).toContain("inputs: image,");
    expect(js).not.toContain("node:fs");
  });

  it("in an image-and-prompt object, goes as is into a data-URL field", () => {
    const content = snippet("image-to-image", "fal-ai", JSON.stringify({ image: URL_INPUT, prompt: "tiger" }), "python", "requests");
    expect(content).toContain(`"image_url": ${pyString(URL_INPUT)},`);
    expect(content).not.toContain(`requests.get(${pyString(URL_INPUT)}`);
  });
});

describe("a local file of another medium than the task's", () => {
  const warningsFor = (task: string, inputs: string) => wordedSnippets(syntheticModel(task), { provider: "hf-inference", inputs }).warnings;
  const missing = (name: string) => `--inputs ${name}: there is no such file here; the snippet reads it when it runs`;

  it("gets a warning naming the file and the medium the task takes (and one that it is not here)", () => {
    expect(warningsFor("image-classification", "notes.txt")).toEqual([
      missing("notes.txt"),
      "--inputs notes.txt: image-classification takes an image file, and .txt is not one",
    ]);
    expect(warningsFor("automatic-speech-recognition", "cat.png")).toEqual([
      missing("cat.png"),
      "--inputs cat.png: automatic-speech-recognition takes an audio file, and .png is not one",
    ]);
    expect(warningsFor("zero-shot-image-classification", JSON.stringify({ image: "scan.pdf", candidate_labels: ["a"] }))).toEqual([
      missing("scan.pdf"),
      "--inputs scan.pdf: zero-shot-image-classification takes an image file, and .pdf is not one",
    ]);
  });

  it("says nothing of the example's own image when only a prompt is given", () => {
    expect(wordedSnippets(syntheticModel("image-to-image"), { provider: "fal-ai", inputs: "Make it blue" }).warnings).toEqual([]);
  });

  it("is the only case warned about: matching, unnamed and remote files are not", () => {
    expect(warningsFor("image-classification", "photo.AVIF")).toEqual([missing("photo.AVIF")]);
    expect(warningsFor("image-classification", "pics/photo")).toEqual([missing("pics/photo")]);
    expect(warningsFor("automatic-speech-recognition", "voice.ogg")).toEqual([missing("voice.ogg")]);
    expect(warningsFor("image-classification", "https://files.example/page.html")).toEqual([]);
    expect(warningsFor("image-classification", "package.json")).toEqual([
      "--inputs package.json: image-classification takes an image file, and .json is not one",
    ]);
  });
});

describe("text given to a task that takes a file", () => {
  it.each([
    ["automatic-speech-recognition", "hello"],
    ["image-classification", "a photo of my cat"],
  ])("%s: %j is a usage error naming a file name or URL to give instead", (task, words) => {
    const caught = thrown(() =>
      wordedSnippets(syntheticModel(task, { providers: ["hf-inference"] }), { provider: "hf-inference", language: "sh", inputs: words }),
    );
    expect(caught.exitCode).toBe(2);
    expect(caught.hint).toMatch(/for example --inputs \S+ or --inputs https:/);
  });

  it("is a usage error, not a file named after the words", () => {
    const model = syntheticModel("automatic-speech-recognition", { providers: ["hf-inference"] });
    expect(thrown(() => wordedSnippets(model, { provider: "hf-inference", language: "sh", inputs: "hello there" }))).toMatchObject({
      exitCode: 2,
      message: "--inputs for automatic-speech-recognition is the name of a local audio file, or its http(s) URL, not text",
    });
  });
});
