import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LibrarySnippet } from "../../src/libraries/generator.js";
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
import { fileNeeds } from "../helpers/tools.js";

/** The blocks are one fallback: the placeholder's comment line, then a way forward. */
function expectFallback(blocks: readonly LibrarySnippet[], language: LibrarySnippet["language"], placeholder: string): void {
  expect(blocks).toHaveLength(1);
  const [block] = blocks;
  expect(block!.language).toBe(language);
  expect(block!.fallback?.reason).toBe(placeholder);
  const lines = block!.content.split("\n");
  expect(lines[0]).toBe(language === "python" ? pyComment(placeholder) : language === "js" ? `// ${placeholder}` : placeholder);
  expect(lines[1]!.length).toBeGreaterThan(20);
}

/** Each library's checks read what Python's parser found in its code: without python3, this file is a named skip. */
const HERE = fileNeeds("the library snippets, judged by Python's parser", "python3");

// Every snippet below is generated while vitest collects this file; one batch parses them all.
beforeAll(() => {
  if (HERE) checkAll();
});

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
    // One bash run for every library's commands: generous, since a busy machine can take minutes for it.
  }, 300_000);

  it("covers the 125 libraries the hub shows usage code for", () => {
    expect(LIBRARY_KEYS).toHaveLength(125);
    expect(LIBRARY_KEYS).toContain("asteroid");
  });

  it.each(LIBRARY_KEYS.map((key, index) => [key, index] as const))("%s: usage code on a realistic model parses, with no placeholder", (_key, index) => {
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
    hostile.forEach((result) => {
      expectSound(result);
    });
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

/** Python code indented with 4 spaces: every indented line is a multiple of four deep. */
function expectFourSpaceIndent(result: Generated): void {
  for (const code of ofLanguage(result, "python")) {
    for (const line of code.split("\n")) {
      const indent = /^ */.exec(line)![0].length;
      expect(indent % 4, line).toBe(0);
      expect(line).not.toMatch(/^\t/);
    }
  }
}

describe("per-library cases on realistic models", () => {
  const results = CASES.map((testCase) => generate(testCase.library, testCase.model));
  const checkedResults = CHECKED_CASES.map(([, library, model]) => generate(library, model));

  it("every library in the registry has a case of its own", () => {
    const covered = new Set([...CASES.map((testCase) => testCase.library), ...CHECKED_CASES.map(([, library]) => library), ...DESCRIBED]);
    expect(LIBRARY_KEYS.filter((key) => !covered.has(key))).toEqual([]);
  });

  CASES.forEach((testCase, index) => {
    it(testCase.name, () => {
      const generated = results[index]!;
      expectSound(generated);
      expectFourSpaceIndent(generated);
      expect(generated.blocks.length).toBeGreaterThan(0);
      const scripts = shellCode(generated);
      for (const fragment of testCase.sh ?? []) expect(scripts).toContain(fragment);
      const code = pythonCode(generated);
      for (const fragment of testCase.code ?? []) expect(code).toContain(fragment);
      if (testCase.load) {
        const { func, arg = 0 } = testCase.load;
        const value = "value" in testCase.load ? testCase.load.value : ModelDataSchema.parse(testCase.model).id;
        const loads = calls(generated).filter((candidate) => candidate.func === func);
        expect(loads.length, `a call to ${func}`).toBeGreaterThan(0);
        const passed = loads.map((candidate) => (typeof arg === "number" ? candidate.args[arg] : candidate.kwargs[arg]));
        expect(passed).toContain(value);
      }
    });
  });

  it.each(CHECKED_CASES.map(([name], index) => [name, index] as const))("%s: loads the model by its id", (_name, index) => {
    CHECKED_CASES[index]![3](checkedResults[index]!);
  });

  it("cortiq downloads the model's .cmf files and runs the first one", () => {
    const script = shellCode(results[CASES.findIndex((c) => c.library === "cortiq")]!);
    expect(script).toContain("hf download 'infosave/Nanbeige4.2-3Bcmf' --include '*.cmf'");
    expect(script).toContain('cortiq run "$model_file" --prompt');
  });

  const lineFinder = generate("htrflow", { id: "Riksarkivet/yolov9-lines-within-regions-1", pipeline_tag: "object-detection", tags: ["htrflow"] });
  it("htrflow writes a pipeline file naming the model, then runs it", () => {
    const reader = shellCode(results[CASES.findIndex((c) => c.library === "htrflow")]!);
    expect(reader).toContain("step: TextRecognition");
    expect(reader).toContain("model: 'Riksarkivet/trocr-base-handwritten-hist-swe-2'");
    expect(reader).toContain("htrflow pipeline pipeline.yaml");
    const finder = shellCode(lineFinder);
    expect(finder).toContain("step: Segmentation");
    expect(finder).toContain("model: yolo");
  });

  it("index-tts downloads the model into the checkpoints folder it loads from", () => {
    const script = shellCode(results[CASES.findIndex((c) => c.library === "index-tts")]!);
    expect(script).toContain("hf download 'IndexTeam/Index-TTS' --local-dir checkpoints");
  });
});

/** Libraries whose cases are describe blocks of their own, below. */
const DESCRIBED = ["transformers", "transformers.js", "sentence-transformers", "sklearn", "speechbrain", "tensorflowtts", "ultralytics", "timm", "spacy"];

describe("diffusers", () => {
  const pipeCall = (result: Generated) => {
    expectSound(result);
    return call(result, "pipe");
  };
  const flux = generate("diffusers", { id: "black-forest-labs/FLUX.1-dev", pipeline_tag: "text-to-image", tags: ["diffusers", "flux"] });
  const sdxl = generate("diffusers", { id: "stabilityai/stable-diffusion-xl-base-1.0", pipeline_tag: "text-to-image", tags: ["diffusers"] });
  const fluxLora = generate("diffusers", {
    id: "XLabs-AI/flux-RealismLora",
    tags: ["diffusers", "lora", "flux"],
    cardData: { base_model: ["black-forest-labs/FLUX.1-dev"], instance_prompt: "a photo in realism style" },
  });
  const tagAdapter = generate("diffusers", { id: "someone/pixel-art-adapter", tags: ["diffusers", "base_model:adapter:stabilityai/sdxl-turbo"] });

  const schnell = generate("diffusers", { id: "black-forest-labs/FLUX.1-schnell", pipeline_tag: "text-to-image", tags: ["diffusers", "flux"] });
  const schnellTune = generate("diffusers", {
    id: "someone/schnell-anime",
    pipeline_tag: "text-to-image",
    tags: ["diffusers", "flux", "base_model:finetune:black-forest-labs/FLUX.1-schnell"],
  });
  const devTune = generate("diffusers", {
    id: "someone/dev-tune",
    pipeline_tag: "text-to-image",
    tags: ["diffusers"],
    cardData: { base_model: "black-forest-labs/FLUX.1-dev" },
  });

  it("samples FLUX.1-schnell and its fine-tunes (timestep-distilled) in 4 steps without guidance", () => {
    for (const model of [schnell, schnellTune]) expect(pipeCall(model).kwargs).toMatchObject({ num_inference_steps: 4, guidance_scale: 0 });
  });

  it("samples FLUX.1-dev and models based on it in 28 steps at guidance 3.5, by id or base model, tag or not", () => {
    for (const model of [flux, devTune]) expect(pipeCall(model).kwargs).toMatchObject({ num_inference_steps: 28, guidance_scale: 3.5 });
  });

  it("samples other models in 50 steps with guidance 5", () => {
    expect(pipeCall(sdxl).kwargs).toMatchObject({ num_inference_steps: 50, guidance_scale: 5 });
  });

  it("prompts a LoRA with its instance prompt, and a FLUX.1-dev LoRA samples as its base does", () => {
    const pipe = pipeCall(fluxLora);
    expect(pipe.args[0]).toBe("a photo in realism style");
    expect(pipe.kwargs).toMatchObject({ num_inference_steps: 28, guidance_scale: 3.5 });
  });

  it("finds an adapter's base model in its hub tag when the card names none", () => {
    expect(call(tagAdapter, "DiffusionPipeline.from_pretrained").args[0]).toBe("stabilityai/sdxl-turbo");
    expect(call(tagAdapter, "pipe.load_lora_weights").args[0]).toBe("someone/pixel-art-adapter");
  });

  it("says so when a LoRA's base model is unknown", () => {
    const result = generate("diffusers", { id: "someone/mystery-lora", tags: ["lora"] });
    expect(lines(result)).toContain(pyComment(Placeholder.baseModelNotFound));
    expect(pythonCode(result)).toContain('pipe.load_lora_weights("someone/mystery-lora")');
  });
});

describe("choices made from metadata", () => {
  const code = (library: string, model: ModelInput): string => pythonCode(generate(library, model));
  const script = (library: string, model: ModelInput): string => shellCode(generate(library, model));
  const diffusion = generate("keras-hub", {
    id: "keras/stable_diffusion_3_medium",
    tags: ["keras-hub"],
    config: { keras_hub: { tasks: ["StableDiffusion3TextToImage", "StableDiffusion3ImageToImage", "StableDiffusion3Inpaint"] } },
  });
  const unknownTask = generate("keras-hub", { id: "keras/bert_base_en", tags: ["keras-hub"], config: { keras_hub: { tasks: ["SomethingNew"] } } });
  const seqCls = generate("peft", {
    id: "someone/llama-lora",
    tags: [],
    cardData: { base_model: ["meta-llama/Llama-3.1-8B"] },
    config: { peft: { task_type: "SEQ_CLS" } },
  });

  it("keras-hub loads every listed task through its generic class, and a backbone when none is known", () => {
    const funcs = calls(diffusion).map((candidate) => candidate.func);
    expect(funcs).toEqual(
      expect.arrayContaining(["keras_hub.models.TextToImage.from_preset", "keras_hub.models.ImageToImage.from_preset", "keras_hub.models.Inpaint.from_preset"]),
    );
    expect(call(unknownTask, "keras_hub.models.Backbone.from_preset").args[0]).toBe("hf://keras/bert_base_en");
  });

  it("llama-cpp-python globs for a 4-bit file when the file list is unknown, and completes text for a base model", () => {
    const text = code("llama-cpp-python", { id: "TheBloke/Llama-2-7B-GGUF", tags: ["gguf"], gguf: { total: 6738415616, architecture: "llama" } });
    expect(text).toContain('filename="*Q4_K_M.gguf"');
    expect(text).toContain('llm("Once upon a time,", max_tokens=64)');
    expect(text).not.toContain("create_chat_completion");
  });

  it("llama-cpp-python never picks a vision projector file", () => {
    const text = code("llama-cpp-python", {
      id: "ggml-org/gemma-3-4b-it-GGUF",
      tags: ["gguf", "conversational"],
      siblings: siblings("mmproj-model-f16.gguf", "gemma-3-4b-it-Q8_0.gguf"),
    });
    expect(text).toContain('filename="gemma-3-4b-it-Q8_0.gguf"');
  });

  it("litert-lm asks for the file name when the repository's files are not listed", () => {
    const text = script("litert-lm", { id: "litert-community/Qwen2.5-1.5B-Instruct", tags: ["litert-lm"] });
    expect(text).toContain("# Name one of the repository's .litertlm files here.\nMODEL_FILE=model.litertlm");
    expect(text).toContain('"$MODEL_FILE"');
  });

  it("lerobot offers only the fine-tuning command for an unknown policy type", () => {
    const result = generate("lerobot", { id: "someone/my-policy", tags: ["lerobot"], config: { type: "my_new_policy" } });
    expect(ofLanguage(result, "python")).toEqual([]);
    expect(shellCode(result)).toContain("lerobot-train \\\n    --policy.path='someone/my-policy'");
  });

  it("mlx downloads the files of a model that is neither text nor vision-language", () => {
    expect(script("mlx", { id: "mlx-community/whisper-large-v3-turbo", pipeline_tag: "automatic-speech-recognition", tags: ["mlx"] })).toContain(
      "hf download 'mlx-community/whisper-large-v3-turbo' --local-dir 'mlx-community--whisper-large-v3-turbo'",
    );
  });

  it("outetts uses interface version 2 for the 0.x models", () => {
    expect(code("outetts", { id: "OuteAI/OuteTTS-0.3-1B", tags: ["outetts"] })).toContain("outetts.InterfaceVersion.V2");
  });

  it("paddlenlp prefers the Auto class the hub reports over the architecture", () => {
    const text = code("paddlenlp", {
      id: "PaddlePaddle/uie-base",
      tags: ["paddlenlp"],
      config: { architectures: ["ErnieModel"] },
      transformersInfo: { auto_model: "AutoModelForTokenClassification" },
    });
    expect(text).toContain("AutoModelForTokenClassification.from_pretrained(");
    expect(code("paddlenlp", { id: "PaddlePaddle/ernie-3.0-base-zh", tags: [], config: { architectures: ["ErnieModel"] } })).toContain(
      "model = AutoModel.from_pretrained(",
    );
  });

  it("PaddleOCR picks the module class from the model name, and the OCR pipeline otherwise", () => {
    expect(code("PaddleOCR", { id: "PaddlePaddle/PP-OCRv5_mobile_rec", tags: [] })).toContain("from paddleocr import TextRecognition");
    expect(code("PaddleOCR", { id: "PaddlePaddle/PP-DocLayout_plus-L", tags: [] })).toContain("from paddleocr import LayoutDetection");
    expect(code("PaddleOCR", { id: "PaddlePaddle/PP-LCNet_x1_0_doc_ori", tags: [] })).toContain("from paddleocr import DocImgOrientationClassification");
    expect(code("PaddleOCR", { id: "PaddlePaddle/PaddleOCR-VL", tags: [] })).toContain("pipeline = PaddleOCRVL()");
    expect(code("PaddleOCR", { id: "PaddlePaddle/some-ocr-bundle", tags: [] })).toContain("ocr = PaddleOCR(");
  });

  it("peft loads the adapter onto the base model, and falls back to the card's base model", () => {
    expect(call(seqCls, "AutoModelForSequenceClassification.from_pretrained").args[0]).toBe("meta-llama/Llama-3.1-8B");
    expect(call(seqCls, "PeftModel.from_pretrained").args).toEqual([{ expr: "base_model" }, "someone/llama-lora"]);
  });

  it("trust_remote_code is passed only for models tagged custom_code", () => {
    const withCode = code("peft", {
      id: "someone/phi-lora",
      tags: ["custom_code"],
      config: { peft: { base_model_name_or_path: "microsoft/phi-1_5", task_type: "CAUSAL_LM" } },
    });
    expect(withCode).toContain('AutoModelForCausalLM.from_pretrained("microsoft/phi-1_5", trust_remote_code=True)');
    expect(code("peft", CASES.find((c) => c.library === "peft")!.model)).not.toContain("trust_remote_code");
    expect(code("mobilint", { id: "mobilint/EXAONE-3.5-2.4B-Instruct", pipeline_tag: "text-generation", tags: ["custom_code"] })).toContain(
      "trust_remote_code=True",
    );
    expect(code("mlx", { id: "mlx-community/some-model", pipeline_tag: "text-generation", tags: ["custom_code"] })).toContain(
      'tokenizer_config={"trust_remote_code": True}',
    );
  });

  it("ltx and phantom-wan prompt with the card's instance prompt", () => {
    const model = { id: "someone/video-lora", tags: [], cardData: { instance_prompt: "a cat in the style of tintin" } };
    expect(script("ltx", model)).toContain("--prompt 'a cat in the style of tintin'");
    expect(script("phantom-wan", model)).toContain("--prompt 'a cat in the style of tintin'");
  });
});

describe("placeholders", () => {
  const blocksOf = (library: string, model: ModelInput) => generate(library, model).blocks;

  it("adapter-transformers falls back to the card's base model, then to a placeholder", () => {
    const fromCard = generate("adapter-transformers", { id: "someone/bert-adapter", tags: [], cardData: { base_model: "bert-base-uncased" } });
    expect(pythonCode(fromCard)).toContain('AutoAdapterModel.from_pretrained("bert-base-uncased")');
    const unknown = generate("adapter-transformers", { id: "someone/bert-adapter", tags: [] });
    expect(lines(unknown)).toContain(pyComment(Placeholder.baseModelNotFound));
  });

  it("espnet names neither task: it says the model type is unknown", () => {
    expectFallback(blocksOf("espnet", { id: "espnet/some-enhancement-model", tags: ["espnet"] }), "text", Placeholder.unknownModelType);
  });

  it("audiocraft cannot tell the model family: it says so in a Python comment", () => {
    expectFallback(blocksOf("audiocraft", { id: "someone/encodec-tuned", tags: ["audiocraft"] }), "python", Placeholder.typeOfModelUnknown);
  });

  it("peft says the base model is not found when neither config nor card names it", () => {
    expectFallback(
      blocksOf("peft", { id: "someone/adapter", tags: [], config: { peft: { task_type: "CAUSAL_LM" } } }),
      "python",
      Placeholder.baseModelNotFound,
    );
    expect(pyComment(Placeholder.baseModelNotFound)).toBe("# Base model is not found");
  });

  const peftByTag = generate("peft", {
    id: "someone/lora",
    pipeline_tag: "text-generation",
    tags: ["peft"],
    config: { peft: { base_model_name_or_path: "gpt2" } },
  });
  it("peft takes the head from the pipeline tag when the adapter config names no task type", () => {
    expect(call(peftByTag, "AutoModelForCausalLM.from_pretrained").args).toEqual(["gpt2"]);
    expect(call(peftByTag, "PeftModel.from_pretrained").args[1]).toBe("someone/lora");
  });

  it("peft says the task type is invalid when it is unknown or missing", () => {
    const unknown = blocksOf("peft", { id: "someone/adapter", tags: [], config: { peft: { base_model_name_or_path: "gpt2", task_type: "TEXT_TO_MUSIC" } } });
    expectFallback(unknown, "python", "Task type is invalid");
    const missing = generate("peft", { id: "someone/adapter", tags: [], config: { peft: { base_model_name_or_path: "gpt2" } } });
    expect(lines(missing)).toContain(pyComment(Placeholder.taskTypeInvalid));
  });

  it("nemo says so when no tag names a NeMo domain", () => {
    expectFallback(
      blocksOf("nemo", { id: "nvidia/some-llm", pipeline_tag: "text-generation", tags: ["nemo"] }),
      "python",
      "tag did not correspond to a valid NeMo domain",
    );
  });

  it("paddlenlp says the type of model is unknown without an architecture or Auto class", () => {
    const result = generate("paddlenlp", { id: "someone/paddle-thing", tags: ["paddlenlp"], config: { architectures: ["ErnieWeirdHead"] } });
    expect(lines(result)).toContain("# Type of model unknown");
    expect(lines(result)).toContain(pyComment(Placeholder.typeOfModelUnknown));
  });
});

describe("transformers and other libraries with cases of their own", () => {
  const llama = generate("transformers", {
    id: "meta-llama/Llama-3.1-8B-Instruct",
    pipeline_tag: "text-generation",
    tags: ["transformers", "safetensors", "llama", "text-generation", "conversational"],
    transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer", pipeline_tag: "text-generation" },
  });
  it("transformers: a chat pipeline fed a messages list, and the tokenizer and model by class", () => {
    expect(shellCode(llama)).toBe("pip install -U transformers torch");
    const pipe = call(llama, "pipeline");
    expect(pipe.args).toEqual(["text-generation"]);
    expect(pipe.kwargs).toEqual({ model: "meta-llama/Llama-3.1-8B-Instruct" });
    expect(llama.blocks[1]!.content).toContain(
      'messages = [\n    {\n        "role": "user",\n        "content": "Who are you?",\n    },\n]\nprint(pipe(messages))',
    );
    expect(llama.blocks[2]!.content).toContain("from transformers import AutoTokenizer, AutoModelForCausalLM");
    expect(call(llama, "AutoTokenizer.from_pretrained").args).toEqual(["meta-llama/Llama-3.1-8B-Instruct"]);
    expect(call(llama, "AutoModelForCausalLM.from_pretrained").kwargs).toEqual({});
    expect(call(llama, "model.generate").kwargs).toMatchObject({ max_new_tokens: 40 });
  });

  const remote = generate("transformers", {
    id: "microsoft/Phi-3-mini-4k-instruct",
    pipeline_tag: "text-generation",
    tags: ["transformers", "custom_code", "text-generation"],
    transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  });
  it("transformers: custom code models load with trust_remote_code=True everywhere", () => {
    expect(call(remote, "pipeline").kwargs).toEqual({ model: "microsoft/Phi-3-mini-4k-instruct", trust_remote_code: true });
    expect(call(remote, "AutoTokenizer.from_pretrained").kwargs).toEqual({ trust_remote_code: true });
    expect(call(remote, "AutoModelForCausalLM.from_pretrained").kwargs).toEqual({ trust_remote_code: true });
    expect(call(remote, "pipe").args).toEqual(["Can you please let us know more details about your "]);
  });

  const bert = generate("transformers", {
    id: "google-bert/bert-base-uncased",
    pipeline_tag: "fill-mask",
    mask_token: "[MASK]",
    tags: ["transformers", "fill-mask"],
    transformersInfo: { auto_model: "AutoModelForMaskedLM", processor: "AutoTokenizer" },
  });
  it("transformers: the pipeline runs once on the task's example, with the model's mask token", () => {
    expect(call(bert, "pipe").args).toEqual(["The answer to the universe is [MASK]."]);
    expect(call(bert, "AutoModelForMaskedLM.from_pretrained").args).toEqual(["google-bert/bert-base-uncased"]);
    expect(calls(bert).some((candidate) => candidate.func === "model.generate")).toBe(false);
  });

  const foreignClass = generate("transformers", {
    id: "acme/odd-model",
    pipeline_tag: "text-classification",
    tags: [],
    transformersInfo: { auto_model: "AutoModel; import os", processor: "AutoTokenizer" },
  });
  const keywordClass = generate("transformers", { id: "acme/odd-model", tags: [], transformersInfo: { auto_model: "class" } });
  const noInfo = generate("transformers", { id: "acme/bare-model", tags: [] });
  it("transformers: a class name that is not a Python identifier gives the placeholder, not code", () => {
    for (const result of [foreignClass, keywordClass, noInfo]) {
      expectFallback([result.blocks.at(-1)!], "python", "Type of model unknown");
      expectPythonParses(result);
    }
    expect(noInfo.blocks.some((block) => block.content.includes("pipeline("))).toBe(false);
  });

  const sst2 = generate("transformers.js", {
    id: "Xenova/distilbert-base-uncased-finetuned-sst-2-english",
    pipeline_tag: "text-classification",
    tags: ["transformers.js", "onnx"],
  });
  const jsTextToImage = generate("transformers.js", { id: "acme/painter", pipeline_tag: "text-to-image", tags: [] });
  const jsNoTag = generate("transformers.js", { id: "acme/mystery", tags: [] });
  const jsProto = generate("transformers.js", { id: "acme/mystery", pipeline_tag: "constructor", tags: [] });
  it("transformers.js: a pipeline of the model's task, or the unknown-tag placeholder", () => {
    expect(shellCode(sst2)).toBe("npm i @huggingface/transformers");
    const [code] = ofLanguage(sst2, "js");
    expect(code).toContain('import { pipeline } from "@huggingface/transformers";');
    expect(code).toContain('await pipeline("text-classification", "Xenova/distilbert-base-uncased-finetuned-sst-2-english");');
    expect(code).toContain('await pipe("I like you. I love you");');
    for (const result of [jsTextToImage, jsNoTag, jsProto]) {
      expectFallback(result.blocks.slice(1), "js", "Unknown pipeline tag");
    }
  });

  const minilm = generate("sentence-transformers", {
    id: "sentence-transformers/all-MiniLM-L6-v2",
    pipeline_tag: "sentence-similarity",
    tags: ["sentence-transformers"],
    widgetData: [{ source_sentence: "That is a happy person", sentences: ["That is a happy dog", "Today is a sunny day"] }],
  });
  it("sentence-transformers: encodes the card's widget sentences", () => {
    expect(shellCode(minilm)).toBe("pip install -U sentence-transformers");
    expect(call(minilm, "SentenceTransformer").args).toEqual(["sentence-transformers/all-MiniLM-L6-v2"]);
    expect(strings(minilm)).toEqual(expect.arrayContaining(["That is a happy person", "That is a happy dog", "Today is a sunny day"]));
    call(minilm, "model.encode");
    call(minilm, "model.similarity");
  });

  const pickled = generate("sklearn", {
    id: "scikit-learn/tabular-playground",
    tags: ["sklearn", "tabular-classification"],
    config: { sklearn: { model: { file: "skops-3fs68p31.pkl" }, model_format: "pickle" } },
  });
  const joblibFile = generate("sklearn", { id: "acme/churn", tags: ["sklearn"], siblings: siblings("README.md", "config.json", "sklearn_model.joblib") });
  const skopsFile = generate("sklearn", { id: "acme/churn", tags: ["sklearn"], siblings: siblings("model.pkl", "model.skops") });
  it("sklearn: without config.sklearn, the file list names the model file (skops first, then joblib or pickle)", () => {
    expect(call(joblibFile, "hf_hub_download").args).toEqual(["acme/churn", "sklearn_model.joblib"]);
    call(joblibFile, "joblib.load");
    expect(call(skopsFile, "hf_hub_download").args).toEqual(["acme/churn", "model.skops"]);
    call(skopsFile, "load");
  });

  const skopsModel = generate("sklearn", {
    id: "scikit-learn/skops-blog-example",
    tags: ["sklearn"],
    config: { sklearn: { model: { file: "model.skops" }, model_format: "skops" } },
  });
  const noFile = generate("sklearn", { id: "scikit-learn/unnamed", tags: [], config: { sklearn: { model_format: "pickle" } } });
  it("sklearn: loads the configured file as a pickle or with skops, else says the file is missing", () => {
    expect(shellCode(pickled)).toContain("scikit-learn");
    expect(call(pickled, "hf_hub_download").args).toEqual(["scikit-learn/tabular-playground", "skops-3fs68p31.pkl"]);
    call(pickled, "joblib.load");
    expect(shellCode(skopsModel)).toContain("skops");
    expect(call(skopsModel, "hf_hub_download").args).toEqual(["scikit-learn/skops-blog-example", "model.skops"]);
    call(skopsModel, "get_untrusted_types");
    call(skopsModel, "load");
    expectFallback(noFile.blocks, "python", "Model filename not specified in config");
  });

  const ecapa = generate("speechbrain", {
    id: "speechbrain/spkrec-ecapa-voxceleb",
    tags: ["speechbrain"],
    config: { speechbrain: { speechbrain_interface: "EncoderClassifier" } },
  });
  const badInterface = generate("speechbrain", { id: "acme/sb", tags: [], config: { speechbrain: { speechbrain_interface: "Encoder()\nimport os" } } });
  const keywordInterface = generate("speechbrain", { id: "acme/sb", tags: [], config: { speechbrain: { speechbrain_interface: "lambda" } } });
  const noInterface = generate("speechbrain", { id: "acme/sb", tags: [] });
  const verifier = generate("speechbrain", {
    id: "speechbrain/spkrec-verify",
    tags: ["speechbrain"],
    config: { speechbrain: { speechbrain_interface: "SpeakerRecognition" } },
  });
  it("speechbrain: speaker verification prints the score it computes", () => {
    call(verifier, "model.verify_files");
    expect(JSON.stringify(call(verifier, "print").args)).toContain("score.item()");
  });

  it("speechbrain: the configured interface class loads the model, an invalid one gives the placeholder", () => {
    expect(shellCode(ecapa)).toBe("pip install -U speechbrain");
    expect(ecapa.blocks[1]!.content).toContain("from speechbrain.inference import EncoderClassifier");
    expect(call(ecapa, "EncoderClassifier.from_hparams").kwargs).toMatchObject({ source: "speechbrain/spkrec-ecapa-voxceleb" });
    call(ecapa, "model.classify_file");
    expect(call(ecapa, "print").args).toEqual([{ expr: "labels" }]);
    for (const result of [badInterface, keywordInterface, noInterface]) {
      expectFallback(result.blocks, "python", "interface not specified or invalid in config");
    }
  });

  const tacotron = generate("tensorflowtts", { id: "tensorspeech/tts-tacotron2-ljspeech-en", tags: ["tensorflowtts", "text-to-mel"] });
  const melgan = generate("tensorflowtts", { id: "tensorspeech/tts-mb_melgan-ljspeech-en", tags: ["tensorflowtts", "mel-to-wav"] });
  const ttsUnknown = generate("tensorflowtts", { id: "tensorspeech/other", tags: ["tensorflowtts"] });
  it("tensorflowtts: text-to-mel and mel-to-wav models by tag, else the model-type placeholder", () => {
    expect(shellCode(tacotron)).toBe("pip install -U TensorFlowTTS");
    expect(call(tacotron, "AutoProcessor.from_pretrained").args).toEqual(["tensorspeech/tts-tacotron2-ljspeech-en"]);
    expect(call(tacotron, "TFAutoModel.from_pretrained").args).toEqual(["tensorspeech/tts-tacotron2-ljspeech-en"]);
    expect(call(melgan, "TFAutoModel.from_pretrained").args).toEqual(["tensorspeech/tts-mb_melgan-ljspeech-en"]);
    call(melgan, "vocoder.inference");
    expectFallback(ttsUnknown.blocks, "python", "Model type unknown");
  });

  const yolov8 = generate("ultralytics", { id: "Ultralytics/YOLOv8", pipeline_tag: "object-detection", tags: ["ultralytics", "yolo", "yolov8"] });
  const yolo11 = generate("ultralytics", { id: "Ultralytics/YOLO11", tags: ["ultralytics", "yolov11"] });
  const yoloUnknown = generate("ultralytics", { id: "acme/detector", tags: ["ultralytics", "yolo"] });
  const yoloFiles = generate("ultralytics", {
    id: "Ultralytics/YOLO11",
    tags: ["ultralytics", "yolo"],
    siblings: siblings("README.md", "yolo11m.pt", "yolo11n.pt"),
  });
  const yoloNoPt = generate("ultralytics", { id: "acme/detector", tags: ["ultralytics", "yolov8"], siblings: siblings("README.md", "model.onnx") });
  it("ultralytics: the checkpoint comes from the file list, else the yolov<N> tag; with neither, a fallback says what to do", () => {
    expect(shellCode(yolov8)).toBe("pip install -U ultralytics huggingface_hub");
    expect(call(yolov8, "hf_hub_download")).toMatchObject({ args: ["Ultralytics/YOLOv8"], kwargs: { filename: "yolov8n.pt" } });
    call(yolov8, "YOLO");
    expect(yolov8.blocks[1]!.content).toContain("# The nano weights");
    expect(call(yolo11, "hf_hub_download").kwargs).toEqual({ filename: "yolo11n.pt" });
    expect(call(yoloFiles, "hf_hub_download").kwargs).toEqual({ filename: "yolo11n.pt" });
    expectFallback(yoloUnknown.blocks, "python", Placeholder.yoloCheckpointUnknown);
    expectFallback(yoloNoPt.blocks, "python", Placeholder.yoloCheckpointUnknown);
  });

  const resnet = generate("timm", { id: "timm/resnet50.a1_in1k", pipeline_tag: "image-classification", tags: ["timm", "image-classification"] });
  it("timm: creates the model from one hf_hub: name", () => {
    expect(shellCode(resnet)).toBe("pip install -U timm");
    expect(call(resnet, "timm.create_model")).toMatchObject({ args: ["hf_hub:timm/resnet50.a1_in1k"], kwargs: { pretrained: true } });
    expect(resnet.blocks[1]!.content).toContain('timm.create_model("hf_hub:timm/resnet50.a1_in1k", pretrained=True)');
    call(resnet, "timm.data.create_transform");
  });

  const spacyModel = generate("spacy", { id: "spacy/en_core_web_sm", tags: ["spacy", "token-classification"] });
  it("spacy: installs the repository's wheel and loads the package", () => {
    expect(shellCode(spacyModel)).toBe("pip install 'https://huggingface.co/spacy/en_core_web_sm/resolve/main/en_core_web_sm-any-py3-none-any.whl'");
    expect(call(spacyModel, "spacy.load").args).toEqual(["en_core_web_sm"]);
  });
});

describe("hostile metadata: base models, prompts, widgets, masks and adapter configs", () => {
  const NASTY = `it's "quoted" """triple""" back\\slash\nnew line\r\n$(rm -rf /) \`tick\` \${x} {{x}} %s é🙂 \u2028`;
  // Each untrusted field gets its own label, so a snippet that uses it can be told from one that does not.
  const hostile = (label: string): string => `${label} ${NASTY}`;
  const FIELDS = {
    base: hostile("HOSTILEBASE"),
    tagBase: hostile("HOSTILETAGBASE"),
    prompt: hostile("HOSTILEPROMPT"),
    widget: hostile("HOSTILEWIDGET"),
    context: hostile("HOSTILECONTEXT"),
    mask: hostile("HOSTILEMASK"),
    adapter: hostile("HOSTILEADAPTER"),
  };
  const LABELS = Object.values(FIELDS).map((value) => value.split(" ")[0]!);

  const variants: ModelInput[] = [
    undefined,
    "text-classification",
    "token-classification",
    "question-answering",
    "text-generation",
    "image-classification",
    "object-detection",
    "image-to-image",
    "text-to-video",
    "text-to-image",
  ].map((pipelineTag) => ({
    id: "someone/some-model",
    pipeline_tag: pipelineTag,
    tags: ["lora", "musicgen", "text-to-speech", "flux", `base_model:adapter:${FIELDS.tagBase}`],
    mask_token: FIELDS.mask,
    config: { adapter_transformers: { model_name: FIELDS.adapter } },
    cardData: { base_model: [FIELDS.base], instance_prompt: FIELDS.prompt },
    widgetData: [{ text: FIELDS.widget, context: FIELDS.context }],
  }));
  // Without a card, adapters fall back to other sources, and text-to-speech libraries read the widget.
  variants.push({
    id: "someone/some-model",
    tags: ["lora", `base_model:adapter:${FIELDS.tagBase}`, "automatic-speech-recognition"],
    widgetData: [{ text: FIELDS.widget }],
  });

  const inputs = LIBRARY_KEYS.flatMap((library) => variants.map((model) => ({ library, model })));
  const generated = inputs.map(({ library, model }) => generate(library, model));

  it("every Python block parses and every shell block passes bash -n", () => {
    generated.forEach((result) => {
      expectSound(result);
    });
  });

  it("every untrusted string a snippet uses comes back as one whole, unchanged string literal", () => {
    const used = new Set<string>();
    generated.forEach((result, index) => {
      const code = pythonCode(result);
      const literals = strings(result);
      Object.values(FIELDS).forEach((value, field) => {
        const label = LABELS[field]!;
        if (!code.includes(label)) return;
        used.add(`${inputs[index]!.library}:${label}`);
        expect(literals, `${inputs[index]!.library} uses ${label}`).toContain(value);
      });
    });
    // The fields each library is meant to read do reach its code.
    for (const expected of [
      "diffusers:HOSTILEBASE",
      "diffusers:HOSTILETAGBASE",
      "diffusers:HOSTILEPROMPT",
      "diffusers:HOSTILEWIDGET",
      "adapter-transformers:HOSTILEADAPTER",
      "allennlp:HOSTILECONTEXT",
      "allennlp:HOSTILEWIDGET",
      "audiocraft:HOSTILEWIDGET",
      "espnet:HOSTILEWIDGET",
      "flair:HOSTILEWIDGET",
      "gliner:HOSTILEWIDGET",
      "diffusionkit:HOSTILEPROMPT",
    ]) {
      expect(used).toContain(expected);
    }
  });
});

describe("hostile metadata: file names, adapter configs, and what only chooses code", () => {
  const NASTY = `it's "quoted" """triple""" back\\slash\nnew line\r\n$(rm -rf /) \`tick\` \${x} {{x}} %s é🙂 \u2028`;
  // Each untrusted field carries its own label, so a snippet that uses it can be told from one that does not.
  const hostile = (label: string, suffix = ""): string => `${label} ${NASTY}${suffix}`;
  const FIELDS = {
    base: hostile("HOSTILEBASE"),
    peftBase: hostile("HOSTILEPEFTBASE"),
    prompt: hostile("HOSTILEPROMPT"),
    widget: hostile("HOSTILEWIDGET"),
    mask: hostile("HOSTILEMASK"),
    gguf: hostile("HOSTILEGGUF", "-Q4_K_M.gguf"),
    litert: hostile("HOSTILELITERT", ".litertlm"),
    pt: hostile("HOSTILETORCHFILE", ".pt"),
    pth: hostile("HOSTILEPTH", ".pth"),
  };
  const LABELS = Object.values(FIELDS).map((value) => value.split(" ")[0]!);
  const PATH_PREFIXES = ["opendde_weights/", "./Phantom-Wan-Models/"];
  // Metadata read only to choose code, never written into it.
  const CHOOSERS = {
    taskType: hostile("HOSTILETASKTYPE"),
    architecture: hostile("HOSTILEARCH"),
    autoModel: hostile("HOSTILEAUTO"),
    kerasTask: hostile("HOSTILEKERASTASK"),
    policyType: hostile("HOSTILEPOLICY"),
    modelType: hostile("HOSTILEMODELTYPE"),
  };

  const shared = {
    id: "someone/some-model",
    mask_token: FIELDS.mask,
    cardData: { base_model: [FIELDS.base], instance_prompt: FIELDS.prompt },
    widgetData: [{ text: FIELDS.widget }],
    transformersInfo: { auto_model: CHOOSERS.autoModel },
    siblings: siblings(FIELDS.gguf, FIELDS.litert, FIELDS.pt, FIELDS.pth),
  };
  const variants: ModelInput[] = [
    undefined,
    "text-generation",
    "fill-mask",
    "image-text-to-text",
    "text-to-image",
    "automatic-speech-recognition",
    "image-classification",
    // Names that an object lookup would find on Object.prototype.
    "constructor",
    "__proto__",
  ].map((pipelineTag) => ({
    ...shared,
    pipeline_tag: pipelineTag,
    tags: ["conversational", "custom_code", "pyannote-audio-pipeline", "automatic-speech-recognition", "toString"],
    gguf: { chat_template: NASTY },
    config: {
      architectures: [CHOOSERS.architecture, "constructor"],
      model_type: CHOOSERS.modelType,
      type: CHOOSERS.policyType,
      keras_hub: { tasks: [CHOOSERS.kerasTask, "__proto__"] },
      peft: { base_model_name_or_path: FIELDS.peftBase, task_type: "CAUSAL_LM" },
    },
  }));
  // A hostile task type, and an adapter whose base model comes from the card only.
  variants.push(
    { ...shared, tags: [], config: { peft: { base_model_name_or_path: FIELDS.peftBase, task_type: CHOOSERS.taskType } } },
    { ...shared, tags: ["mlx"], config: { peft: { task_type: "CAUSAL_LM" }, type: "toString" } },
  );

  const inputs = LIBRARY_KEYS.flatMap((library) => variants.map((model) => ({ library, model })));
  const generated = inputs.map(({ library, model }) => generate(library, model));

  it("every Python block parses and every shell block passes bash -n", () => {
    generated.forEach((result, index) => {
      expectSound(result, inputs[index]!.library);
    });
  });

  it("every untrusted string a snippet uses comes back whole and unchanged: a Python literal, or a single-quoted shell word", () => {
    const used = new Set<string>();
    generated.forEach((result, index) => {
      const library = inputs[index]!.library;
      const code = pythonCode(result);
      const scripts = shellCode(result);
      const literals = strings(result);
      Object.values(FIELDS).forEach((value, field) => {
        const label = LABELS[field]!;
        if (code.includes(label)) {
          used.add(`${library}:${label}`);
          expect(literals, `${library} uses ${label}`).toContain(value);
        }
        if (scripts.includes(label)) {
          used.add(`${library}:${label}`);
          // A file name may sit inside a longer path, quoted as one word with it.
          const words = [value, ...PATH_PREFIXES.map((prefix) => prefix + value)].map(shellQuote);
          expect(
            words.some((word) => scripts.includes(word)),
            `${library} quotes ${label} as one shell word`,
          ).toBe(true);
        }
      });
    });
    for (const expected of [
      "peft:HOSTILEPEFTBASE",
      "peft:HOSTILEBASE",
      "multimolecule:HOSTILEMASK",
      "llama-cpp-python:HOSTILEGGUF",
      "llama-cpp-python:HOSTILEWIDGET",
      "litert-lm:HOSTILELITERT",
      "opendde:HOSTILETORCHFILE",
      "phantom-wan:HOSTILEPTH",
      "phantom-wan:HOSTILEPROMPT",
      "ltx:HOSTILEPROMPT",
      ...[
        "jev-style",
        "kittentts",
        "lightning-ir",
        "mamba-ssm",
        "mars5-tts",
        "mlx",
        "model2vec",
        "mobilint",
        "outetts",
        "pocket-tts",
        "pruna-ai",
        "qwen3_tts",
      ].map((library) => `${library}:HOSTILEWIDGET`),
    ]) {
      expect(used).toContain(expected);
    }
  });

  it("metadata that only chooses code never reaches it", () => {
    generated.forEach((result, index) => {
      const all = result.blocks.map((block) => block.content).join("\n");
      for (const value of Object.values(CHOOSERS)) expect(all, inputs[index]!.library).not.toContain(value.split(" ")[0]);
      // An inherited property (Object.prototype.constructor) would print as a function's source.
      expect(all, inputs[index]!.library).not.toContain("[native code]");
    });
  });
});

/*
 * Model cards are written by anyone. Each field below holds quotes of every
 * kind, backslashes, newlines, shell and template syntax and non-ASCII text:
 * the generated code must still parse, and hold each text unchanged.
 */
const HOSTILE = `it's "quoted" """triple""" back\\slash\nnew line\r\n$(rm -rf /) \`tick\` \${x} {{x}} %s é🙂 \u2028`;
const hostile = (field: string) => `${field}: ${HOSTILE}`;

function hostileCard(extra: Record<string, unknown>): ModelInput {
  return {
    id: "someone/hostile-model",
    mask_token: hostile("mask"),
    widgetData: [{ text: hostile("text"), source_sentence: hostile("source"), sentences: [hostile("first"), hostile("second")] }],
    cardData: { base_model: hostile("base"), instance_prompt: hostile("prompt") },
    config: {
      architectures: [hostile("architecture")],
      model_type: hostile("model type"),
      sklearn: { model: { file: hostile("file") }, model_format: "skops" },
      speechbrain: { speechbrain_interface: hostile("interface") },
    },
    transformersInfo: { auto_model: hostile("auto model"), processor: hostile("processor"), pipeline_tag: hostile("info task") },
    ...extra,
  };
}

describe("hostile metadata: widget sentences, config files and interfaces, odd tasks and class names", () => {
  const textTask = hostileCard({ pipeline_tag: "text-classification", tags: ["text-to-mel", hostile("tag"), "yolov8"] });
  const oddTask = hostileCard({ pipeline_tag: hostile("task"), tags: [hostile("tag"), `yolov8${HOSTILE}`] });
  // Without a widget text, the fill-mask example is built around the model's mask token.
  const fillMask = hostileCard({ pipeline_tag: "fill-mask", tags: [], widgetData: [] });

  const runs = LIBRARY_KEYS.flatMap((key) => [
    { key, kind: "text task", result: generate(key, textTask) },
    { key, kind: "odd task", result: generate(key, oddTask) },
  ]);

  /** The untrusted texts each generator puts into its Python code for the text-task model. */
  const expected: Record<string, string[]> = {
    relik: [hostile("text")],
    sana: [hostile("text")],
    "sentence-transformers": [hostile("source"), hostile("first"), hostile("second")],
    setfit: [hostile("text")],
    sklearn: [hostile("file")],
    spacy: [hostile("text")],
    "span-marker": [hostile("text")],
    "stable-audio-tools": [hostile("text")],
    stanza: [hostile("text")],
    supertonic: [hostile("text")],
    tensorflowtts: [hostile("text")],
    transformers: [hostile("text")],
    voxcpm: [hostile("text")],
    vui: [hostile("text")],
    zonos: [hostile("text")],
  };

  it("every Python block parses and every shell block passes bash -n", () => {
    for (const { key, kind, result } of runs) {
      expect(result.blocks.length, `${key} (${kind})`).toBeGreaterThan(0);
      for (const parse of result.python) expect(parse, `${key} (${kind})`).toMatchObject({ ok: true });
      expectSound(result, `${key} (${kind})`);
    }
  });

  it("every untrusted text a generator uses comes back unchanged as a Python string", () => {
    for (const [key, texts] of Object.entries(expected)) {
      const run = runs.find((candidate) => candidate.key === key && candidate.kind === "text task")!;
      expect(strings(run.result), key).toEqual(expect.arrayContaining(texts));
    }
  });

  const maskRun = generate("transformers", fillMask);
  it("transformers keeps an odd pipeline tag and mask token as plain strings and refuses odd class names", () => {
    const odd = runs.find((candidate) => candidate.key === "transformers" && candidate.kind === "odd task")!.result;
    expect(call(odd, "pipeline").args).toEqual([hostile("task")]);
    expectFallback([odd.blocks.at(-1)!], "python", Placeholder.typeOfModelUnknown);
    expect(call(maskRun, "pipe").args).toEqual([`The answer to the universe is ${hostile("mask")}.`]);
  });

  it("odd interface names, task tags and version tags never reach the code", () => {
    const find = (key: string, kind: string) => runs.find((candidate) => candidate.key === key && candidate.kind === kind)!.result;
    expectFallback(find("speechbrain", "text task").blocks, "python", Placeholder.speechbrainInterfaceInvalid);
    expectFallback(find("transformers.js", "odd task").blocks.slice(1), "js", Placeholder.unknownPipelineTag);
    expectFallback(find("ultralytics", "odd task").blocks, "python", Placeholder.yoloCheckpointUnknown);
    expect(call(find("ultralytics", "text task"), "hf_hub_download").kwargs).toEqual({ filename: "yolov8n.pt" });
  });
});

describe("JavaScript snippets", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "hubref-js-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("transformers.js code is a valid ES module, even with a hostile widget text", () => {
    const models = [
      { id: "Xenova/whisper-tiny.en", pipeline_tag: "automatic-speech-recognition", tags: [] },
      { id: "Xenova/distilbert-base-uncased-finetuned-sst-2-english", pipeline_tag: "text-classification", tags: [], widgetData: [{ text: HOSTILE }] },
    ];
    models.forEach((data, index) => {
      const [code] = ofLanguage(generate("transformers.js", data), "js");
      const file = join(dir, `snippet-${index}.mjs`);
      writeFileSync(file, code!);
      const check = spawnSync(process.execPath, ["--check", file], { encoding: "utf8" });
      expect(check.stderr).toBe("");
      expect(check.status).toBe(0);
    });
  });
});

it("every snippet generated in this file parses: Python with Python's parser, shell with bash -n", () => {
  expect(checked.length).toBeGreaterThan(1000);
  for (const result of checked) expectSound(result);
});
