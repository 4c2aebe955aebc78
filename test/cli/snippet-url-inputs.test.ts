import { describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";

/* --inputs naming a URL or a file of the wrong kind, as a user sees it. */

const WHISPER = "catalogue/models/openai--whisper-large-v3.json";

describe("hubref snippet --inputs", () => {
  it("warns in one line about a local file of another medium, and still prints the snippet", async () => {
    const result = await runInProcess(["snippet", WHISPER, "--provider", "hf-inference", "--language", "sh", "--client", "curl", "--inputs", "cat.png"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      "warning: --inputs cat.png: there is no such file here; the snippet reads it when it runs\n" +
        "warning: --inputs cat.png: automatic-speech-recognition takes an audio file, and .png is not one\n",
    );
    expect(result.stdout).toContain("--data-binary @cat.png");
  });

  it("takes a URL without a warning, and refuses one that does not parse", async () => {
    const url = await runInProcess([
      "snippet",
      WHISPER,
      "--provider",
      "hf-inference",
      "--language",
      "sh",
      "--client",
      "curl",
      "--inputs",
      "https://files.example/speech.mp3",
    ]);
    expect(url.status).toBe(0);
    expect(url.stderr).toBe("");
    expect(url.stdout).toContain("curl -fsSL 'https://files.example/speech.mp3' -o \"$audio\"");
    const broken = await runInProcess(["snippet", WHISPER, "--provider", "hf-inference", "--language", "sh", "--client", "curl", "--inputs", "https://"]);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toBe(
      'error: --inputs for automatic-speech-recognition: "https://" is not a valid URL\nhint: a URL input looks like https://example.com/speech.mp3\n',
    );
    expect(broken.stdout).toBe("");
  });
});
