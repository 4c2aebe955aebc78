import { describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import { INFERENCE_TASKS } from "../../src/inference/id-lists.js";
import { fromExample } from "../../src/inference/inputs.js";
import { inputFile } from "../../src/inference/fields/context.js";
import { exampleInput } from "../../src/tasks/example-input.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * A snippet that reads the example's file (sample1.flac, cats.jpg) says in a
 * comment that the name stands for the user's own file, in every language.
 */

/** The tasks whose example input names a local file. */
const FILE_TASKS = INFERENCE_TASKS.filter((task) => {
  const example = exampleInput(syntheticModel(task));
  return example !== undefined && inputFile(fromExample(example)) !== undefined;
});

const COMMENT = /^(#|\/\/) \S+ is an example name: save an? (image|audio) file of yours there, or write its path instead\.$/m;

describe("the example's file", () => {
  it("is in the list of tasks checked: images and audio", () => {
    expect(FILE_TASKS).toContain("automatic-speech-recognition");
    expect(FILE_TASKS).toContain("image-classification");
  });

  it.each(FILE_TASKS)("%s: every snippet that reads it says whose file it is", (task) => {
    const snippets = generateSnippets(syntheticModel(task, { providers: ["hf-inference", "fal-ai", "replicate", "together"] }), {}).snippets;
    const byProvider = ["hf-inference", "fal-ai", "replicate", "together"].flatMap(
      (provider) => generateSnippets(syntheticModel(task, { providers: [provider] }), { provider: provider as never }).snippets,
    );
    for (const snippet of [...snippets, ...byProvider]) {
      const file = /(sample1\.(flac|mp3)|cats\.jpg|invoice\.png)/.exec(snippet.content.replace(COMMENT, ""))?.[1];
      if (file === undefined) continue;
      const note = COMMENT.exec(snippet.content);
      expect(note?.[0], `${snippet.language} ${snippet.client} ${snippet.provider}`).toContain(`${file} is an example name`);
    }
  });

  it("is not mentioned when --inputs names the file", () => {
    const model = syntheticModel("automatic-speech-recognition", { providers: ["hf-inference"] });
    for (const snippet of generateSnippets(model, { provider: "hf-inference", inputs: "talks/monday.mp3" }).snippets)
      expect(snippet.content, `${snippet.language} ${snippet.client}`).not.toMatch(COMMENT);
  });
});
