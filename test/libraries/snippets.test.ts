import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pyComment } from "../../src/format/python.js";
import { shellQuote } from "../../src/format/shell.js";
import { yamlString } from "../../src/format/yaml.js";
import { Placeholder } from "../../src/libraries/placeholders.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { recordShell, type RecordedCommand } from "../helpers/bash.js";
import {
  LIBRARY_KEYS,
  call,
  calls,
  checkAll,
  checked,
  expectPythonParses,
  expectSound,
  generate,
  generateFrom,
  lines,
  ofLanguage,
  pythonCode,
  shellCode,
  strings,
  type Generated,
  type ModelInput,
} from "../helpers/library-snippets.js";
import { CASES, CHECKED_CASES, siblings } from "./snippet-cases.js";

// Every snippet below is generated while vitest collects this file; one batch parses them all.
beforeAll(checkAll);

/*
 * The generic model every library is run on, and the metadata a library needs
 * besides it to print its usage code rather than a placeholder.
 */
const genericModel = (key: string): ModelInput => ({ id: `acme/${key.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-model`, tags: [key] });
const REALISTIC: Record<string, Partial<ModelInput>> = {
  "adapter-transformers": { config: { adapter_transformers: { model_class: "RobertaAdapterModel", model_name: "roberta-base" } } },
  audiocraft: { pipeline_tag: "text-to-audio", tags: ["audiocraft", "musicgen"] },
  espnet: { pipeline_tag: "text-to-speech", tags: ["espnet", "text-to-speech"] },
  "litert-lm": { siblings: siblings("README.md", "model-int4.litertlm") },
  nemo: { pipeline_tag: "automatic-speech-recognition", tags: ["nemo", "automatic-speech-recognition"] },
  paddlenlp: { config: { architectures: ["ErnieForMaskedLM"] } },
  peft: { config: { peft: { base_model_name_or_path: "facebook/opt-350m", task_type: "CAUSAL_LM" } } },
  sklearn: { config: { sklearn: { model: { file: "model.skops" }, model_format: "skops" } } },
  speechbrain: { config: { speechbrain: { speechbrain_interface: "EncoderClassifier" } } },
  "stable-baselines3": { id: "sb3/ppo-CartPole-v1" },
  tensorflowtts: { tags: ["tensorflowtts", "text-to-mel"] },
  transformers: { pipeline_tag: "text-classification", transformersInfo: { auto_model: "AutoModelForSequenceClassification", processor: "AutoTokenizer" } },
  "transformers.js": { pipeline_tag: "text-classification" },
  ultralytics: { tags: ["ultralytics", "yolov8"] },
};
const realisticModel = (key: string): ModelInput => ({ ...genericModel(key), ...REALISTIC[key] });

/*
 * Model cards are written by anyone. Each hostile text breaks out of a
 * Python, JS or shell string in every way we know, and names a command
 * (INJECTED) that only a break-out would call.
 */
const NASTY = `it's "quoted" """triple""" back\\slash\nnew line\r\n$(INJECTED) \`INJECTED\` \${INJECTED} "+INJECTED()+" '+INJECTED()+' """+INJECTED()+""" {{x}} %s é🙂 \u2028`;
const HOSTILE_ID = `HOSTILEORG ${NASTY}/HOSTILENAME ${NASTY}`;
const HOSTILE_NAME = HOSTILE_ID.slice(HOSTILE_ID.lastIndexOf("/") + 1);
const HOSTILE_FIELDS = {
  HOSTILETAG: `HOSTILETAG ${NASTY}`,
  HOSTILETAGBASE: `HOSTILETAGBASE ${NASTY}`,
  HOSTILEBASE: `HOSTILEBASE ${NASTY}`,
  HOSTILEPROMPT: `HOSTILEPROMPT ${NASTY}`,
  HOSTILEWIDGET: `HOSTILEWIDGET ${NASTY}`,
};

/** The realistic model with a hostile id (past the schema, which would refuse it), tags and card fields. */
function hostileModel(key: string): Generated {
  const model = ModelDataSchema.parse({
    ...realisticModel(key),
    tags: [...(realisticModel(key).tags ?? []), HOSTILE_FIELDS.HOSTILETAG, `base_model:adapter:${HOSTILE_FIELDS.HOSTILETAGBASE}`],
    cardData: { base_model: HOSTILE_FIELDS.HOSTILEBASE, instance_prompt: HOSTILE_FIELDS.HOSTILEPROMPT },
    widgetData: [{ text: HOSTILE_FIELDS.HOSTILEWIDGET }],
  });
  return generateFrom(key, { ...model, id: HOSTILE_ID });
}

/** The untrusted texts a label stands for: an id may be used whole, or by its name part only. */
const HOSTILE_TEXTS: [label: string, whole: string[]][] = [
  ["HOSTILEORG", [HOSTILE_ID]],
  ["HOSTILENAME", [HOSTILE_ID, HOSTILE_NAME]],
  ...Object.entries(HOSTILE_FIELDS).map(([label, value]) => [label, [value]] as [string, string[]]),
];

describe("every library in the registry", () => {
  const realistic = LIBRARY_KEYS.map((key) => generate(key, realisticModel(key)));
  const bare = LIBRARY_KEYS.map((key) => generate(key, { id: "someone/some-model", tags: [] }));
  const hostile = LIBRARY_KEYS.map(hostileModel);
  let recorded: RecordedCommand[][][] = [];
  beforeAll(() => {
    const scripts = hostile.map((result) => ofLanguage(result, "sh"));
    const flat = recordShell(scripts.flat());
    recorded = scripts.map((list) => flat.splice(0, list.length));
  });

  it("covers the 125 libraries the hub shows usage code for", () => {
    expect(LIBRARY_KEYS).toHaveLength(125);
    expect(LIBRARY_KEYS).toContain("asteroid");
  });

  it.each(LIBRARY_KEYS.map((key, index) => [key, index] as const))("%s: usage code on a realistic model parses, with no placeholder", (key, index) => {
    const result = realistic[index]!;
    expect(result.blocks.length).toBeGreaterThan(0);
    expectSound(result);
    const all = result.blocks.map((block) => block.content).join("\n");
    for (const placeholder of Object.values(Placeholder)) expect(all).not.toContain(placeholder);
  });

  it("every generator still returns sound code for a model with only an id", () => {
    bare.forEach((result) => {
      expect(result.blocks.length, result.library).toBeGreaterThan(0);
      expectSound(result);
    });
  });

  it("hostile id, tags and card fields: every Python block parses and every shell block passes bash -n", () => {
    hostile.forEach((result) => expectSound(result));
  });

  it("hostile metadata a Python block uses comes back whole, as one string literal, and calls nothing", () => {
    const used = new Set<string>();
    for (const result of hostile) {
      const code = pythonCode(result);
      expect(
        calls(result).filter((candidate) => candidate.func === "INJECTED"),
        result.library,
      ).toEqual([]);
      const literals = strings(result);
      for (const [label, whole] of HOSTILE_TEXTS) {
        if (!code.includes(label)) continue;
        used.add(`${result.library}:${label}`);
        expect(
          literals.some((literal) => whole.some((text) => literal.includes(text))),
          `${result.library} uses ${label}`,
        ).toBe(true);
      }
    }
    // The id reaches the code of nearly every library: the check above is not vacuous.
    expect(LIBRARY_KEYS.filter((key) => used.has(`${key}:HOSTILEORG`)).length).toBeGreaterThan(80);
  });

  it("hostile metadata a shell block uses reaches its commands as whole words, and runs nothing", () => {
    const used = new Set<string>();
    hostile.forEach((result, index) => {
      const scripts = ofLanguage(result, "sh");
      scripts.forEach((script, block) => {
        const commands = recorded[index]![block]!;
        const label = `${result.library} sh block ${block}`;
        expect(
          commands.filter((command) => command.argv.some((word) => word.startsWith("INJECTED"))),
          label,
        ).toEqual([]);
        for (const [name, whole] of HOSTILE_TEXTS) {
          if (!script.includes(name)) continue;
          used.add(`${result.library}:${name}`);
          // A variable set for a command counts (memra); a file the script writes from a quoted heredoc holds the text as that file's literal (YAML for htrflow).
          const words = commands.flatMap((command) => [...command.argv, command.stdin, ...command.env]);
          expect(
            words.some((word) => whole.some((text) => word.includes(text) || word.includes(yamlString(text)))),
            `${label} passes ${name} whole`,
          ).toBe(true);
        }
      });
    });
    expect(LIBRARY_KEYS.filter((key) => used.has(`${key}:HOSTILEORG`)).length).toBeGreaterThan(20);
  });
});
