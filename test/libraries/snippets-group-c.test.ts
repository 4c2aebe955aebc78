import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LibrarySnippet } from "../../src/catalogue/schemas/library-snippet.js";
import type { LibrarySnippetGenerator } from "../../src/libraries/generator.js";
import { Placeholder } from "../../src/libraries/placeholders.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { bashSyntaxError } from "../helpers/bash.js";
import { parsePython, type PythonCall, type PythonParse } from "../helpers/python.js";

import { lib3dtopiaXl } from "../../src/libraries/snippets/3dtopia-xl.js";
import { lvface } from "../../src/libraries/snippets/lvface.js";
import { relik } from "../../src/libraries/snippets/relik.js";
import { renderformer } from "../../src/libraries/snippets/renderformer.js";
import { routeePowertrain } from "../../src/libraries/snippets/routee-powertrain.js";
import { saelens } from "../../src/libraries/snippets/saelens.js";
import { sam2 } from "../../src/libraries/snippets/sam2.js";
import { sam3dBody } from "../../src/libraries/snippets/sam-3d-body.js";
import { sam3dObjects } from "../../src/libraries/snippets/sam-3d-objects.js";
import { sampleFactory } from "../../src/libraries/snippets/sample-factory.js";
import { sana } from "../../src/libraries/snippets/sana.js";
import { sapRpt1Oss } from "../../src/libraries/snippets/sap-rpt-1-oss.js";
import { seedStory } from "../../src/libraries/snippets/seed-story.js";
import { sentenceTransformers } from "../../src/libraries/snippets/sentence-transformers.js";
import { setfit } from "../../src/libraries/snippets/setfit.js";
import { sklearn } from "../../src/libraries/snippets/sklearn.js";
import { spacy } from "../../src/libraries/snippets/spacy.js";
import { spanMarker } from "../../src/libraries/snippets/span-marker.js";
import { speechbrain } from "../../src/libraries/snippets/speechbrain.js";
import { stableAudioTools } from "../../src/libraries/snippets/stable-audio-tools.js";
import { stableBaselines3 } from "../../src/libraries/snippets/stable-baselines3.js";
import { stanza } from "../../src/libraries/snippets/stanza.js";
import { supertonic } from "../../src/libraries/snippets/supertonic.js";
import { swarmformer } from "../../src/libraries/snippets/swarmformer.js";
import { tensorflowtts } from "../../src/libraries/snippets/tensorflowtts.js";
import { terratorch } from "../../src/libraries/snippets/terratorch.js";
import { timm } from "../../src/libraries/snippets/timm.js";
import { transformers } from "../../src/libraries/snippets/transformers.js";
import { transformersJs } from "../../src/libraries/snippets/transformers-js.js";
import { ultralytics } from "../../src/libraries/snippets/ultralytics.js";
import { unitySentis } from "../../src/libraries/snippets/unity-sentis.js";
import { univa } from "../../src/libraries/snippets/univa.js";
import { vfiMamba } from "../../src/libraries/snippets/vfi-mamba.js";
import { vibevoice } from "../../src/libraries/snippets/vibevoice.js";
import { videoprism } from "../../src/libraries/snippets/videoprism.js";
import { voicecraft } from "../../src/libraries/snippets/voicecraft.js";
import { voxcpm } from "../../src/libraries/snippets/voxcpm.js";
import { vui } from "../../src/libraries/snippets/vui.js";
import { whisperkit } from "../../src/libraries/snippets/whisperkit.js";
import { yolov10 } from "../../src/libraries/snippets/yolov10.js";
import { zonos } from "../../src/libraries/snippets/zonos.js";

const GENERATORS: Record<string, LibrarySnippetGenerator> = {
  relik,
  renderformer,
  "routee-powertrain": routeePowertrain,
  saelens,
  sam2,
  "sam-3d-body": sam3dBody,
  "sam-3d-objects": sam3dObjects,
  "sample-factory": sampleFactory,
  "sap-rpt-1-oss": sapRpt1Oss,
  "sentence-transformers": sentenceTransformers,
  setfit,
  sklearn,
  spacy,
  "span-marker": spanMarker,
  speechbrain,
  "stable-audio-tools": stableAudioTools,
  "seed-story": seedStory,
  "stable-baselines3": stableBaselines3,
  stanza,
  supertonic,
  swarmformer,
  tensorflowtts,
  terratorch,
  timm,
  transformers,
  "transformers.js": transformersJs,
  ultralytics,
  univa,
  "unity-sentis": unitySentis,
  sana,
  videoprism,
  "vfi-mamba": vfiMamba,
  lvface,
  voicecraft,
  voxcpm,
  vui,
  vibevoice,
  whisperkit,
  yolov10,
  zonos,
  "3dtopia-xl": lib3dtopiaXl,
};

interface Generated {
  blocks: LibrarySnippet[];
  /** Python blocks as Python's own parser sees them, in block order. */
  python: PythonParse[];
}

/*
 * Every generator output of this file is produced up front and its Python
 * parsed in one python3 process: the tests below only look the results up.
 */
const pending: { blocks: LibrarySnippet[]; target: Generated }[] = [];

function generate(generator: LibrarySnippetGenerator, data: Record<string, unknown>): Generated {
  const target: Generated = { blocks: generator(ModelDataSchema.parse(data)), python: [] };
  pending.push({ blocks: target.blocks, target });
  return target;
}

beforeAll(() => {
  const sources = pending.flatMap(({ blocks }) => blocks.filter((block) => block.language === "python").map((block) => block.content));
  const parsed = parsePython(sources);
  let next = 0;
  for (const { blocks, target } of pending) {
    for (const block of blocks) if (block.language === "python") target.python.push(parsed[next++]!);
  }
});

function ofLanguage(result: Generated, language: LibrarySnippet["language"]): string[] {
  return result.blocks.filter((block) => block.language === language).map((block) => block.content);
}

function parsedPython(result: Generated): Extract<PythonParse, { ok: true }>[] {
  expect(result.python.length, "python blocks").toBeGreaterThan(0);
  return result.python.map((parse) => {
    if (!parse.ok) throw new Error(`generated Python does not parse: ${parse.error}`);
    return parse;
  });
}

function calls(result: Generated): PythonCall[] {
  return parsedPython(result).flatMap((parse) => parse.calls);
}

function strings(result: Generated): string[] {
  return parsedPython(result).flatMap((parse) => parse.strings);
}

/** The first call of `func`; fails the test when the snippet makes no such call. */
function call(result: Generated, func: string): PythonCall {
  const found = calls(result).find((candidate) => candidate.func === func);
  if (!found) throw new Error(`no call to ${func}; calls: ${calls(result).map((candidate) => candidate.func).join(", ")}`);
  return found;
}

function expectShellParses(result: Generated): void {
  for (const script of ofLanguage(result, "sh")) expect(bashSyntaxError(script), script).toBeUndefined();
}

function install(result: Generated): string {
  return ofLanguage(result, "sh").join("\n");
}

describe("group C library snippets on realistic models", () => {
  const llama = generate(transformers, {
    id: "meta-llama/Llama-3.1-8B-Instruct",
    pipeline_tag: "text-generation",
    tags: ["transformers", "safetensors", "llama", "text-generation", "conversational"],
    transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer", pipeline_tag: "text-generation" },
  });
  it("transformers: a chat pipeline fed a messages list, and the tokenizer and model by class", () => {
    expect(install(llama)).toBe("pip install -U transformers");
    const pipe = call(llama, "pipeline");
    expect(pipe.args).toEqual(["text-generation"]);
    expect(pipe.kwargs).toEqual({ model: "meta-llama/Llama-3.1-8B-Instruct" });
    expect(llama.blocks[1]!.content).toContain('messages = [\n    {\n        "role": "user",\n        "content": "Who are you?",\n    },\n]\npipe(messages)');
    expect(llama.blocks[2]!.content).toContain("from transformers import AutoTokenizer, AutoModelForCausalLM");
    expect(call(llama, "AutoTokenizer.from_pretrained").args).toEqual(["meta-llama/Llama-3.1-8B-Instruct"]);
    expect(call(llama, "AutoModelForCausalLM.from_pretrained").kwargs).toEqual({});
    expect(call(llama, "model.generate").kwargs).toMatchObject({ max_new_tokens: 40 });
  });

  const remote = generate(transformers, {
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

  const bert = generate(transformers, {
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

  const foreignClass = generate(transformers, {
    id: "acme/odd-model",
    pipeline_tag: "text-classification",
    tags: [],
    transformersInfo: { auto_model: "AutoModel; import os", processor: "AutoTokenizer" },
  });
  const keywordClass = generate(transformers, { id: "acme/odd-model", tags: [], transformersInfo: { auto_model: "class" } });
  const noInfo = generate(transformers, { id: "acme/bare-model", tags: [] });
  it("transformers: a class name that is not a Python identifier gives the placeholder, not code", () => {
    for (const result of [foreignClass, keywordClass, noInfo]) {
      expect(result.blocks.at(-1)).toEqual({ language: "python", content: `# ${Placeholder.typeOfModelUnknown}` });
      expect(result.blocks.at(-1)!.content).toBe("# Type of model unknown");
      parsedPython(result);
    }
    expect(noInfo.blocks.some((block) => block.content.includes("pipeline("))).toBe(false);
  });

  const sst2 = generate(transformersJs, {
    id: "Xenova/distilbert-base-uncased-finetuned-sst-2-english",
    pipeline_tag: "text-classification",
    tags: ["transformers.js", "onnx"],
  });
  const jsTextToImage = generate(transformersJs, { id: "acme/painter", pipeline_tag: "text-to-image", tags: [] });
  const jsNoTag = generate(transformersJs, { id: "acme/mystery", tags: [] });
  const jsProto = generate(transformersJs, { id: "acme/mystery", pipeline_tag: "constructor", tags: [] });
  it("transformers.js: a pipeline of the model's task, or the unknown-tag placeholder", () => {
    expect(install(sst2)).toBe("npm i @huggingface/transformers");
    const [code] = ofLanguage(sst2, "js");
    expect(code).toContain('import { pipeline } from "@huggingface/transformers";');
    expect(code).toContain('await pipeline("text-classification", "Xenova/distilbert-base-uncased-finetuned-sst-2-english");');
    expect(code).toContain('await pipe("I like you. I love you");');
    for (const result of [jsTextToImage, jsNoTag, jsProto]) {
      expect(ofLanguage(result, "js")).toEqual([`// ${Placeholder.unknownPipelineTag}`]);
      expect(ofLanguage(result, "js")[0]).toBe("// Unknown pipeline tag");
    }
  });

  const minilm = generate(sentenceTransformers, {
    id: "sentence-transformers/all-MiniLM-L6-v2",
    pipeline_tag: "sentence-similarity",
    tags: ["sentence-transformers"],
    widgetData: [{ source_sentence: "That is a happy person", sentences: ["That is a happy dog", "Today is a sunny day"] }],
  });
  it("sentence-transformers: encodes the card's widget sentences", () => {
    expect(install(minilm)).toBe("pip install -U sentence-transformers");
    expect(call(minilm, "SentenceTransformer").args).toEqual(["sentence-transformers/all-MiniLM-L6-v2"]);
    expect(strings(minilm)).toEqual(expect.arrayContaining(["That is a happy person", "That is a happy dog", "Today is a sunny day"]));
    call(minilm, "model.encode");
    call(minilm, "model.similarity");
  });

  const pickled = generate(sklearn, {
    id: "scikit-learn/tabular-playground",
    tags: ["sklearn", "tabular-classification"],
    config: { sklearn: { model: { file: "skops-3fs68p31.pkl" }, model_format: "pickle" } },
  });
  const skopsModel = generate(sklearn, {
    id: "scikit-learn/skops-blog-example",
    tags: ["sklearn"],
    config: { sklearn: { model: { file: "model.skops" }, model_format: "skops" } },
  });
  const noFile = generate(sklearn, { id: "scikit-learn/unnamed", tags: [], config: { sklearn: { model_format: "pickle" } } });
  it("sklearn: loads the configured file as a pickle or with skops, else says the file is missing", () => {
    expect(install(pickled)).toContain("scikit-learn");
    expect(call(pickled, "hf_hub_download").args).toEqual(["scikit-learn/tabular-playground", "skops-3fs68p31.pkl"]);
    call(pickled, "joblib.load");
    expect(install(skopsModel)).toContain("skops");
    expect(call(skopsModel, "hf_hub_download").args).toEqual(["scikit-learn/skops-blog-example", "model.skops"]);
    call(skopsModel, "get_untrusted_types");
    call(skopsModel, "load");
    expect(noFile.blocks).toEqual([{ language: "python", content: "# Model filename not specified in config" }]);
    expect(noFile.blocks[0]!.content).toBe(`# ${Placeholder.modelFilenameMissing}`);
  });

  const ecapa = generate(speechbrain, {
    id: "speechbrain/spkrec-ecapa-voxceleb",
    tags: ["speechbrain"],
    config: { speechbrain: { speechbrain_interface: "EncoderClassifier" } },
  });
  const badInterface = generate(speechbrain, { id: "acme/sb", tags: [], config: { speechbrain: { speechbrain_interface: "Encoder()\nimport os" } } });
  const keywordInterface = generate(speechbrain, { id: "acme/sb", tags: [], config: { speechbrain: { speechbrain_interface: "lambda" } } });
  const noInterface = generate(speechbrain, { id: "acme/sb", tags: [] });
  const verifier = generate(speechbrain, { id: "speechbrain/spkrec-verify", tags: ["speechbrain"], config: { speechbrain: { speechbrain_interface: "SpeakerRecognition" } } });
  it("speechbrain: speaker verification prints the score it computes", () => {
    call(verifier, "model.verify_files");
    expect(JSON.stringify(call(verifier, "print").args)).toContain("score.item()");
  });

  it("speechbrain: the configured interface class loads the model, an invalid one gives the placeholder", () => {
    expect(install(ecapa)).toBe("pip install -U speechbrain");
    expect(ecapa.blocks[1]!.content).toContain("from speechbrain.inference import EncoderClassifier");
    expect(call(ecapa, "EncoderClassifier.from_hparams").kwargs).toMatchObject({ source: "speechbrain/spkrec-ecapa-voxceleb" });
    call(ecapa, "model.classify_file");
    expect(call(ecapa, "print").args).toEqual([{ expr: "labels" }]);
    for (const result of [badInterface, keywordInterface, noInterface]) {
      expect(result.blocks).toEqual([{ language: "python", content: "# interface not specified or invalid in config" }]);
      expect(result.blocks[0]!.content).toBe(`# ${Placeholder.speechbrainInterfaceInvalid}`);
    }
  });

  const tacotron = generate(tensorflowtts, { id: "tensorspeech/tts-tacotron2-ljspeech-en", tags: ["tensorflowtts", "text-to-mel"] });
  const melgan = generate(tensorflowtts, { id: "tensorspeech/tts-mb_melgan-ljspeech-en", tags: ["tensorflowtts", "mel-to-wav"] });
  const ttsUnknown = generate(tensorflowtts, { id: "tensorspeech/other", tags: ["tensorflowtts"] });
  it("tensorflowtts: text-to-mel and mel-to-wav models by tag, else the model-type placeholder", () => {
    expect(install(tacotron)).toBe("pip install -U TensorFlowTTS");
    expect(call(tacotron, "AutoProcessor.from_pretrained").args).toEqual(["tensorspeech/tts-tacotron2-ljspeech-en"]);
    expect(call(tacotron, "TFAutoModel.from_pretrained").args).toEqual(["tensorspeech/tts-tacotron2-ljspeech-en"]);
    expect(call(melgan, "TFAutoModel.from_pretrained").args).toEqual(["tensorspeech/tts-mb_melgan-ljspeech-en"]);
    call(melgan, "vocoder.inference");
    expect(ttsUnknown.blocks).toEqual([{ language: "python", content: "# Model type unknown" }]);
    expect(ttsUnknown.blocks[0]!.content).toBe(`# ${Placeholder.modelTypeUnknown}`);
  });

  const yolov8 = generate(ultralytics, { id: "Ultralytics/YOLOv8", pipeline_tag: "object-detection", tags: ["ultralytics", "yolo", "yolov8"] });
  const yolo11 = generate(ultralytics, { id: "Ultralytics/YOLO11", tags: ["ultralytics", "yolov11"] });
  const yoloUnknown = generate(ultralytics, { id: "acme/detector", tags: ["ultralytics", "yolo"] });
  it("ultralytics: the checkpoint name follows the yolov<N> tag, else a YOLOvXX placeholder says the version is unknown", () => {
    expect(install(yolov8)).toBe("pip install -U ultralytics huggingface_hub");
    expect(call(yolov8, "hf_hub_download")).toMatchObject({ args: ["Ultralytics/YOLOv8"], kwargs: { filename: "yolov8n.pt" } });
    call(yolov8, "YOLO");
    expect(yolov8.blocks[1]!.content).toContain("# YOLOv8 weights");
    expect(call(yolo11, "hf_hub_download").kwargs).toEqual({ filename: "yolo11n.pt" });
    expect(call(yoloUnknown, "hf_hub_download").kwargs).toEqual({ filename: "YOLOvXX.pt" });
    expect(yoloUnknown.blocks[1]!.content).toContain("# YOLO version unknown");
  });

  const resnet = generate(timm, { id: "timm/resnet50.a1_in1k", pipeline_tag: "image-classification", tags: ["timm", "image-classification"] });
  it("timm: creates the model from one hf_hub: name", () => {
    expect(install(resnet)).toBe("pip install -U timm");
    expect(call(resnet, "timm.create_model")).toMatchObject({ args: ["hf_hub:timm/resnet50.a1_in1k"], kwargs: { pretrained: true } });
    expect(resnet.blocks[1]!.content).toContain('timm.create_model("hf_hub:timm/resnet50.a1_in1k", pretrained=True)');
    call(resnet, "timm.data.create_transform");
  });

  const spacyModel = generate(spacy, { id: "spacy/en_core_web_sm", tags: ["spacy", "token-classification"] });
  it("spacy: installs the repository's wheel and loads the package", () => {
    expect(install(spacyModel)).toBe("pip install 'https://huggingface.co/spacy/en_core_web_sm/resolve/main/en_core_web_sm-any-py3-none-any.whl'");
    expect(call(spacyModel, "spacy.load").args).toEqual(["en_core_web_sm"]);
  });

  const cases: [string, Generated, (result: Generated) => void][] = [
    [
      "relik",
      generate(relik, { id: "sapienzanlp/relik-entity-linking-large", tags: ["relik"] }),
      (result) => {
        expect(install(result)).toBe("pip install -U relik");
        expect(call(result, "Relik.from_pretrained").args).toEqual(["sapienzanlp/relik-entity-linking-large"]);
      },
    ],
    [
      "renderformer",
      generate(renderformer, { id: "microsoft/renderformer-v1.1-swin-large", tags: ["renderformer"] }),
      (result) => {
        expect(install(result)).toContain("--model_id 'microsoft/renderformer-v1.1-swin-large'");
        expect(call(result, "RenderFormerRenderingPipeline.from_pretrained").args).toEqual(["microsoft/renderformer-v1.1-swin-large"]);
      },
    ],
    [
      "routee-powertrain",
      generate(routeePowertrain, { id: "NatLabRockies/routee-powertrain-model-library", tags: [] }),
      (result) => {
        expect(install(result)).toBe("pip install -U routee.powertrain");
        expect(result.blocks[1]!.content).toContain('os.environ["ROUTEE_HF_REPO_ID"] = "NatLabRockies/routee-powertrain-model-library"');
        call(result, "pt.load_model");
      },
    ],
    [
      "saelens",
      generate(saelens, { id: "jbloom/GPT2-Small-SAEs-Reformatted", tags: ["saelens"] }),
      (result) => {
        expect(install(result)).toBe("pip install -U sae-lens");
        expect(call(result, "SAE.from_pretrained").kwargs).toMatchObject({ release: "jbloom/GPT2-Small-SAEs-Reformatted" });
        expect(call(result, "list_repo_files").args).toEqual(["jbloom/GPT2-Small-SAEs-Reformatted"]);
      },
    ],
    [
      "sam2",
      generate(sam2, { id: "facebook/sam2-hiera-large", pipeline_tag: "mask-generation", tags: [] }),
      (result) => {
        expect(install(result)).toContain("git+https://github.com/facebookresearch/segment-anything-2");
        expect(call(result, "SAM2ImagePredictor.from_pretrained").args).toEqual(["facebook/sam2-hiera-large"]);
        expect(call(result, "SAM2VideoPredictor.from_pretrained").args).toEqual(["facebook/sam2-hiera-large"]);
      },
    ],
    [
      "sam-3d-body",
      generate(sam3dBody, { id: "facebook/sam-3d-body-dinov3", tags: [] }),
      (result) => {
        expect(install(result)).toContain("git clone https://github.com/facebookresearch/sam-3d-body");
        expect(call(result, "load_sam_3d_body_hf").args).toEqual(["facebook/sam-3d-body-dinov3"]);
        call(result, "estimator.process_one_image");
      },
    ],
    [
      "sam-3d-objects",
      generate(sam3dObjects, { id: "facebook/sam-3d-objects", tags: [] }),
      (result) => {
        expect(install(result)).toContain("hf download 'facebook/sam-3d-objects' --local-dir checkpoints/hf");
        expect(call(result, "Inference").args).toEqual(["checkpoints/hf/checkpoints/pipeline.yaml"]);
      },
    ],
    [
      "sample-factory",
      generate(sampleFactory, { id: "edbeeching/mujoco_hopper_1111", tags: ["sample-factory"] }),
      (result) => {
        expect(install(result)).toContain("pip install -U sample-factory");
        expect(install(result)).toContain("python -m sample_factory.huggingface.load_from_hub -r 'edbeeching/mujoco_hopper_1111' -d ./train_dir");
      },
    ],
    [
      "sap-rpt-1-oss",
      generate(sapRpt1Oss, { id: "SAP/sap-rpt-1-oss", tags: [] }),
      (result) => {
        expect(install(result)).toBe("pip install git+https://github.com/SAP-samples/sap-rpt-1-oss");
        expect(call(result, "list_repo_files").args).toEqual(["SAP/sap-rpt-1-oss"]);
        expect(call(result, "SAP_RPT_OSS_Classifier").kwargs).toMatchObject({ checkpoint: { expr: "checkpoint" } });
      },
    ],
    [
      "setfit",
      generate(setfit, { id: "tomaarsen/setfit-paraphrase-mpnet-base-v2-sst2", tags: ["setfit"], widgetData: [{ text: "A gripping, heartfelt film." }] }),
      (result) => {
        expect(install(result)).toBe("pip install -U setfit");
        expect(call(result, "SetFitModel.from_pretrained").args).toEqual(["tomaarsen/setfit-paraphrase-mpnet-base-v2-sst2"]);
        expect(call(result, "model.predict").args[0]).toContain("A gripping, heartfelt film.");
      },
    ],
    [
      "span-marker",
      generate(spanMarker, { id: "tomaarsen/span-marker-bert-base-fewnerd-fine-super", tags: ["span-marker"] }),
      (result) => {
        expect(install(result)).toBe("pip install -U span_marker");
        expect(call(result, "SpanMarkerModel.from_pretrained").args).toEqual(["tomaarsen/span-marker-bert-base-fewnerd-fine-super"]);
      },
    ],
    [
      "stable-audio-tools",
      generate(stableAudioTools, { id: "stabilityai/stable-audio-open-1.0", tags: [] }),
      (result) => {
        expect(install(result)).toBe("pip install -U stable-audio-tools");
        expect(call(result, "get_pretrained_model").args).toEqual(["stabilityai/stable-audio-open-1.0"]);
        call(result, "generate_diffusion_cond");
      },
    ],
    [
      "seed-story",
      generate(seedStory, { id: "TencentARC/SEED-Story", tags: [] }),
      (result) => expect(install(result)).toContain("hf download 'TencentARC/SEED-Story' --local-dir pretrained"),
    ],
    [
      "stable-baselines3",
      generate(stableBaselines3, { id: "sb3/ppo-CartPole-v1", tags: ["stable-baselines3", "CartPole-v1"] }),
      (result) => {
        expect(install(result)).toContain("huggingface_sb3");
        expect(call(result, "load_from_hub").kwargs).toEqual({ repo_id: "sb3/ppo-CartPole-v1", filename: "ppo-CartPole-v1.zip" });
        call(result, "PPO.load");
      },
    ],
    [
      "stable-baselines3 (algorithm not in the name)",
      generate(stableBaselines3, { id: "someone/cartpole-agent", tags: ["stable-baselines3"] }),
      (result) => {
        call(result, "PPO.load");
        expect(result.blocks[1]!.content).toContain("# Replace PPO with the algorithm the agent was trained with");
      },
    ],
    [
      "stanza",
      generate(stanza, { id: "stanfordnlp/stanza-fr", tags: ["stanza"] }),
      (result) => {
        expect(install(result)).toBe("pip install -U stanza");
        expect(call(result, "stanza.download").args).toEqual(["fr"]);
        expect(call(result, "stanza.Pipeline").args).toEqual(["fr"]);
      },
    ],
    [
      "supertonic",
      generate(supertonic, { id: "Supertone/supertonic", pipeline_tag: "text-to-speech", tags: [] }),
      (result) => {
        expect(install(result)).toContain("supertonic");
        expect(call(result, "snapshot_download").args).toEqual(["Supertone/supertonic"]);
        expect(call(result, "TTS").kwargs).toEqual({ model_dir: { expr: "model_dir" }, auto_download: false });
      },
    ],
    [
      "swarmformer",
      generate(swarmformer, { id: "takara-ai/SwarmFormer-Sentiment-Base", tags: [] }),
      (result) => {
        expect(call(result, "hf_hub_download").args).toEqual(["takara-ai/SwarmFormer-Sentiment-Base", "model.safetensors"]);
        call(result, "SwarmFormerModel");
      },
    ],
    [
      "terratorch",
      generate(terratorch, { id: "ibm-esa-geospatial/TerraMind-1.0-base", tags: ["terratorch"] }),
      (result) => {
        expect(install(result)).toBe("pip install -U terratorch");
        expect(strings(result)).toContain("terramind");
        expect(call(result, "BACKBONE_REGISTRY.build").kwargs).toEqual({ pretrained: true });
      },
    ],
    [
      "univa",
      generate(univa, { id: "LanguageBind/UniWorld-V1", tags: [] }),
      (result) => expect(install(result)).toContain("hf download 'LanguageBind/UniWorld-V1' --local-dir checkpoints/univa"),
    ],
    [
      "unity-sentis",
      generate(unitySentis, { id: "unity/sentis-YOLOv8n", tags: ["unity-sentis"] }),
      (result) => {
        expect(install(result)).toContain("hf download 'unity/sentis-YOLOv8n' --local-dir Assets/Models");
        expect(ofLanguage(result, "text")[0]).toContain("ModelLoader.Load(modelAsset)");
      },
    ],
    [
      "sana",
      generate(sana, { id: "Efficient-Large-Model/Sana_1600M_1024px", tags: [] }),
      (result) => {
        expect(install(result)).toContain("git clone https://github.com/NVlabs/Sana");
        expect(call(result, "sana.from_pretrained").args).toEqual(["hf://Efficient-Large-Model/Sana_1600M_1024px/checkpoints/Sana_1600M_1024px.pth"]);
      },
    ],
    [
      "videoprism",
      generate(videoprism, { id: "google/videoprism-base-f16r288", tags: [] }),
      (result) => {
        expect(call(result, "list_repo_files").args).toEqual(["google/videoprism-base-f16r288"]);
        expect(strings(result)).toContain("videoprism_public_v1_base");
        call(result, "vp.load_pretrained_weights");
      },
    ],
    [
      "videoprism (video-text, large)",
      generate(videoprism, { id: "google/videoprism-lvt-large-f8r288", tags: [] }),
      (result) => expect(strings(result)).toContain("videoprism_lvt_public_v1_large"),
    ],
    [
      "vfi-mamba",
      generate(vfiMamba, { id: "MCG-NJU/VFIMamba", tags: [] }),
      (result) => expect(install(result)).toContain("hf download 'MCG-NJU/VFIMamba' --local-dir ."),
    ],
    [
      "lvface",
      generate(lvface, { id: "bytedance-research/LVFace", tags: [] }),
      (result) => {
        expect(call(result, "list_repo_files").args).toEqual(["bytedance-research/LVFace"]);
        call(result, "LVFaceONNXInferencer");
        call(result, "inferencer.calculate_similarity");
      },
    ],
    [
      "voicecraft",
      generate(voicecraft, { id: "pyp1/VoiceCraft_830M_TTSEnhanced", tags: [] }),
      (result) => expect(call(result, "voicecraft.VoiceCraft.from_pretrained").args).toEqual(["pyp1/VoiceCraft_830M_TTSEnhanced"]),
    ],
    [
      "voxcpm",
      generate(voxcpm, { id: "openbmb/VoxCPM1.5", pipeline_tag: "text-to-speech", tags: [] }),
      (result) => {
        expect(install(result)).toBe("pip install -U voxcpm");
        expect(call(result, "VoxCPM.from_pretrained").args).toEqual(["openbmb/VoxCPM1.5"]);
        call(result, "model.generate");
      },
    ],
    [
      "vui",
      generate(vui, { id: "fluxions/vui", tags: [] }),
      (result) => {
        expect(call(result, "list_repo_files").args).toEqual(["fluxions/vui"]);
        call(result, "Vui.from_pretrained");
        call(result, "render");
      },
    ],
    [
      "vibevoice",
      generate(vibevoice, { id: "microsoft/VibeVoice-1.5B", tags: [] }),
      (result) => expect(install(result)).toContain("--model_path 'microsoft/VibeVoice-1.5B' --txt_path script.txt"),
    ],
    [
      "whisperkit",
      generate(whisperkit, { id: "argmaxinc/whisperkit-coreml", tags: [] }),
      (result) => {
        expect(install(result)).toContain("brew install whisperkit-cli");
        expect(install(result)).toContain("hf download 'argmaxinc/whisperkit-coreml' --local-dir whisperkit-models");
      },
    ],
    [
      "yolov10",
      generate(yolov10, { id: "jameslahm/yolov10n", tags: [] }),
      (result) => {
        expect(install(result)).toBe("pip install git+https://github.com/THU-MIG/yolov10.git");
        expect(call(result, "YOLOv10.from_pretrained").args).toEqual(["jameslahm/yolov10n"]);
      },
    ],
    [
      "zonos",
      generate(zonos, { id: "Zyphra/Zonos-v0.1-transformer", tags: [] }),
      (result) => {
        expect(call(result, "Zonos.from_pretrained")).toMatchObject({ args: ["Zyphra/Zonos-v0.1-transformer"], kwargs: { device: "cuda" } });
        call(result, "make_cond_dict");
      },
    ],
    [
      "3dtopia-xl",
      generate(lib3dtopiaXl, { id: "FrozenBurning/3DTopia-XL", tags: [] }),
      (result) => expect(install(result)).toContain("hf download 'FrozenBurning/3DTopia-XL' model_sview_dit_fp16.pt model_vae_fp16.pt --local-dir pretrained"),
    ],
  ];

  it.each(cases)("%s: loads the model by its id", (_name, result, check) => {
    check(result);
  });

  const everyResult = [
    llama, remote, bert, foreignClass, keywordClass, noInfo, sst2, jsTextToImage, jsNoTag, jsProto, minilm, pickled, skopsModel, noFile,
    ecapa, badInterface, keywordInterface, noInterface, tacotron, melgan, ttsUnknown, yolov8, yolo11, yoloUnknown, resnet, spacyModel,
    ...cases.map(([, result]) => result),
  ];
  it("every Python block parses and every shell block passes bash -n", () => {
    for (const result of everyResult) {
      if (result.python.length > 0) parsedPython(result);
      expectShellParses(result);
    }
  });
});

describe("group C library snippets on a bare model", () => {
  const bare = Object.entries(GENERATORS).map(([key, generator]) => [key, generate(generator, { id: "someone/some-model", tags: [] })] as const);
  it("every generator still returns valid code for a model with nothing but an id", () => {
    for (const [key, result] of bare) {
      expect(result.blocks.length, key).toBeGreaterThan(0);
      if (result.python.length > 0) parsedPython(result);
      expectShellParses(result);
    }
  });
});

/*
 * Model cards are written by anyone. Each field below holds quotes of every
 * kind, backslashes, newlines, shell and template syntax and non-ASCII text:
 * the generated code must still parse, and hold each text unchanged.
 */
const HOSTILE = `it's "quoted" """triple""" back\\slash\nnew line\r\n$(rm -rf /) \`tick\` \${x} {{x}} %s é🙂 \u2028`;
const hostile = (field: string) => `${field}: ${HOSTILE}`;

function hostileModel(extra: Record<string, unknown>): Record<string, unknown> {
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

describe("group C library snippets on hostile metadata", () => {
  const textTask = hostileModel({ pipeline_tag: "text-classification", tags: ["text-to-mel", hostile("tag"), "yolov8"] });
  const oddTask = hostileModel({ pipeline_tag: hostile("task"), tags: [hostile("tag"), `yolov8${HOSTILE}`] });
  // Without a widget text, the fill-mask example is built around the model's mask token.
  const fillMask = hostileModel({ pipeline_tag: "fill-mask", tags: [], widgetData: [] });

  const runs = Object.entries(GENERATORS).flatMap(([key, generator]) => [
    { key, kind: "text task", result: generate(generator, textTask) },
    { key, kind: "odd task", result: generate(generator, oddTask) },
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
      expectShellParses(result);
    }
  });

  it("every untrusted text a generator uses comes back unchanged as a Python string", () => {
    for (const [key, texts] of Object.entries(expected)) {
      const run = runs.find((candidate) => candidate.key === key && candidate.kind === "text task")!;
      expect(strings(run.result), key).toEqual(expect.arrayContaining(texts));
    }
  });

  const maskRun = generate(transformers, fillMask);
  it("transformers keeps an odd pipeline tag and mask token as plain strings and refuses odd class names", () => {
    const odd = runs.find((candidate) => candidate.key === "transformers" && candidate.kind === "odd task")!.result;
    expect(call(odd, "pipeline").args).toEqual([hostile("task")]);
    expect(odd.blocks.at(-1)!.content).toBe(`# ${Placeholder.typeOfModelUnknown}`);
    expect(call(maskRun, "pipe").args).toEqual([`The answer to the universe is ${hostile("mask")}.`]);
  });

  it("odd interface names, task tags and version tags never reach the code", () => {
    const find = (key: string, kind: string) => runs.find((candidate) => candidate.key === key && candidate.kind === kind)!.result;
    expect(find("speechbrain", "text task").blocks).toEqual([{ language: "python", content: `# ${Placeholder.speechbrainInterfaceInvalid}` }]);
    expect(ofLanguage(find("transformers.js", "odd task"), "js")).toEqual([`// ${Placeholder.unknownPipelineTag}`]);
    expect(call(find("ultralytics", "odd task"), "hf_hub_download").kwargs).toEqual({ filename: "YOLOvXX.pt" });
    expect(call(find("ultralytics", "text task"), "hf_hub_download").kwargs).toEqual({ filename: "yolov8n.pt" });
  });
});

describe("group C JavaScript snippets", () => {
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
      const [code] = transformersJs(ModelDataSchema.parse(data)).filter((block) => block.language === "js");
      const file = join(dir, `snippet-${index}.mjs`);
      writeFileSync(file, code!.content);
      const check = spawnSync(process.execPath, ["--check", file], { encoding: "utf8" });
      expect(check.stderr).toBe("");
      expect(check.status).toBe(0);
    });
  });
});
