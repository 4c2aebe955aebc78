import { describe, expect, it } from "vitest";
import { hasSnippetGenerator, libraryEntries, librarySnippets } from "../../src/libraries/registry.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { CASES } from "./snippet-cases.js";

/*
 * Every library's usage code runs after its own install lines: each module a
 * python block imports is in the standard library, or comes with what the sh
 * block installs (the package itself or one of its dependencies).
 */

const STDLIB = new Set(["os", "sys", "io", "json", "pathlib", "datetime", "time", "math", "re", "subprocess", "tempfile", "shutil", "glob", "typing"]);

/**
 * What installing a package (by its pip name, a git repository URL, or a
 * cloned repository's requirements) makes importable: its own modules and
 * those of the dependencies it brings.
 */
const PROVIDES: Record<string, readonly string[]> = {
  "adapters": ["adapters", "transformers", "torch", "huggingface_hub"],
  "allennlp": ["allennlp", "torch"],
  "allennlp-models": ["allennlp_models"],
  "aneforge": ["aneforge"],
  "transformers": ["transformers", "huggingface_hub", "numpy", "safetensors", "tokenizers"],
  "anemoi-inference": ["anemoi"],
  "huggingface-hub": ["huggingface_hub"],
  "github.com/arabic-clip/araclip": ["araclip", "numpy", "PIL", "torch", "transformers"],
  "asteroid": ["asteroid", "torch", "huggingface_hub"],
  "audioseal": ["audioseal", "torch"],
  "github.com/pramallc/ben2": ["ben2", "torch", "PIL", "torchvision", "huggingface_hub"],
  "bertopic": ["bertopic", "sentence_transformers", "numpy"],
  "torch": ["torch", "numpy"],
  "torchvision": ["torchvision", "PIL"],
  "bm25s": ["bm25s", "numpy"],
  "cartesia-pytorch": ["cartesia_pytorch", "torch", "transformers"],
  "cartesia-mlx": ["cartesia_mlx", "mlx"],
  "chatterbox-tts": ["chatterbox", "torch", "torchaudio", "huggingface_hub"],
  "chattts": ["ChatTTS", "torch", "huggingface_hub"],
  "torchaudio": ["torchaudio", "torch"],
  "chronos-forecasting": ["chronos", "torch", "transformers", "accelerate"],
  "github.com/hanclinto/collectorvision": ["collector_vision", "cv2", "numpy"],
  "colipri": ["colipri", "torch"],
  "tensorflow": ["tensorflow", "numpy"],
  "tensorflow-text": ["tensorflow_text"],
  "numpy": ["numpy"],
  "github.com/depthanything/depth-anything-v2": ["depth_anything_v2", "cv2", "torch", "huggingface_hub"],
  "github.com/apple/ml-depth-pro": ["depth_pro", "torch", "huggingface_hub"],
  "pillow": ["PIL"],
  "github.com/nvlabs/describe-anything": ["dam", "PIL", "torch"],
  "github.com/nari-labs/dia": ["dia", "torch"],
  "github.com/nari-labs/dia2": ["dia2", "torch"],
  "diffusers": ["diffusers", "huggingface_hub"],
  "accelerate": ["accelerate", "torch"],
  "diffusionkit": ["diffusionkit"],
  "edsnlp": ["edsnlp"],
  "fairseq": ["fairseq", "torch"],
  "fasttext": ["fasttext"],
  "flair": ["flair", "torch", "huggingface_hub"],
  "flexray": ["fxr"],
  "github.com/sap-samples/flextab": ["flextab", "torch", "huggingface_hub"],
  "github.com/svlwoof/gaussianformer": ["gaussianformer", "torch"],
  "gliner": ["gliner", "torch", "transformers", "huggingface_hub"],
  "gliner2": ["gliner2"],
  "htrflow": ["htrflow"],
  "github.com/index-tts/index-tts": ["indextts", "torch"],
  "jev-style": ["jev_style", "torch"],
  "keras": ["keras"],
  "jax": ["jax"],
  "tf-keras": ["tf_keras"],
  "keras-hub": ["keras_hub", "keras"],
  "zeromodels": ["zeromodels"],
  "kernels": ["kernels", "huggingface_hub"],
  "github.com/moonshotai/kimi-audio": ["kimia_infer", "soundfile", "torch"],
  "github.com/kittenml/kittentts": ["kittentts"],
  "soundfile": ["soundfile"],
  "lightning-ir": ["lightning_ir"],
  "llama-cpp-python": ["llama_cpp"],
  "mamba-ssm": ["mamba_ssm", "torch", "transformers"],
  "causal-conv1d": ["causal_conv1d"],
  "librosa": ["librosa", "numpy"],
  "vocos": ["vocos"],
  "encodec": ["encodec"],
  "safetensors": ["safetensors"],
  "github.com/pq-yang/matanyone": ["matanyone", "torch"],
  "github.com/buaacyw/meshanything": ["huggingface_hub", "torch"],
  "flash-attn": ["flash_attn"],
  "mlx-lm": ["mlx_lm", "mlx"],
  "mlx-image": ["mlxim", "mlx"],
  "model2vec": ["model2vec", "huggingface_hub"],
  "transformers-mblt": ["transformers_mblt", "transformers"],
  "multimolecule": ["multimolecule", "transformers", "torch"],
  "nobg": ["nobg"],
  "open-clip-torch": ["open_clip", "torch", "PIL", "huggingface_hub"],
  "outetts": ["outetts"],
  "paddlepaddle": ["paddle"],
  "paddleocr": ["paddleocr"],
  "github.com/facebookresearch/perception_models": ["core", "PIL", "torch"],
  "pocket-tts": ["pocket_tts"],
  "scipy": ["scipy", "numpy"],
  "pruna": ["pruna"],
  "pxia": ["pxia"],
  "pyannote.audio": ["pyannote", "torch"],
  "pythae": ["pythae"],
  "qwen-tts": ["qwen_tts", "torch", "accelerate"],
  "relik": ["relik"],
  "github.com/microsoft/renderformer": ["renderformer", "torch"],
  "routee.powertrain": ["routee", "pandas"],
  "sae-lens": ["sae_lens", "huggingface_hub"],
  "github.com/facebookresearch/segment-anything-2": ["sam2", "numpy", "torch", "PIL"],
  "github.com/facebookresearch/sam-3d-body": ["sam_3d_body"],
  "github.com/facebookresearch/sam-3d-objects": ["inference"],
  "github.com/sap-samples/sap-rpt-1-oss": ["sap_rpt_oss", "sklearn", "huggingface_hub"],
  "sentence-transformers": ["sentence_transformers", "transformers", "torch", "huggingface_hub"],
  "setfit": ["setfit"],
  "span-marker": ["span_marker"],
  "speechbrain": ["speechbrain", "torch"],
  "stable-audio-tools": ["stable_audio_tools", "torch", "torchaudio", "einops"],
  "stable-baselines3": ["stable_baselines3"],
  "huggingface-sb3": ["huggingface_sb3"],
  "stanza": ["stanza"],
  "supertonic": ["supertonic"],
  "github.com/takara-ai/swarmformer": ["swarmformer", "safetensors", "huggingface_hub"],
  "terratorch": ["terratorch"],
  "timm": ["timm", "torch", "huggingface_hub"],
  "ultralytics": ["ultralytics"],
  "github.com/nvlabs/sana": ["app", "torch", "torchvision"],
  "github.com/google-deepmind/videoprism": ["videoprism", "jax"],
  "github.com/bytedance/lvface": ["inference_onnx"],
  "github.com/jasonppy/voicecraft": ["models"],
  "voxcpm": ["voxcpm", "soundfile"],
  "github.com/vui-ai/vui": ["vui", "torchaudio", "huggingface_hub"],
  "github.com/thu-mig/yolov10": ["ultralytics"],
  "github.com/zyphra/zonos": ["zonos", "torchaudio"],
  /** A spaCy pipeline's wheel on the hub depends on spacy. */
  "hub wheel": ["spacy"],
  // A cloned repository's own modules, importable from inside the clone whatever else is set up.
  "clone:github.com/facebookresearch/sam-3d-body": ["sam_3d_body"],
  "clone:github.com/facebookresearch/sam-3d-objects": ["inference"],
  "clone:github.com/nvlabs/sana": ["app"],
  "clone:github.com/jasonppy/voicecraft": ["models"],
};

/** The package a `pip install` argument names: its pip name, or its repository without scheme and `.git`. */
function packageOf(argument: string): string {
  const bare = argument.replace(/^['"]|['"]$/g, "");
  if (/^https:\/\/huggingface\.co\/.*\.whl$/.test(bare)) return "hub wheel";
  const repository = /(?:git\+)?https:\/\/(github\.com\/[^@#\s]+?)(?:\.git)?(?:[@#].*)?$/.exec(bare.replace(/^[^@]*@\s*/, ""));
  if (repository) return repository[1]!.toLowerCase();
  return bare
    .replace(/\[.*$/, "")
    .replace(/[<>=].*$/, "")
    .toLowerCase()
    .replace(/_/g, "-");
}

/**
 * What the sh blocks install: pip arguments; a cloned repository's own
 * modules (`clone:<repository>`), and with its requirements, package or setup
 * script installed, the repository as a package.
 */
function installed(sh: string): string[] {
  const packages: string[] = [];
  let cloned: string | undefined;
  for (const line of sh.split("\n")) {
    const clone = /git clone (?:--\S+ )*(https:\/\/\S+)/.exec(line);
    if (clone) {
      cloned = packageOf(clone[1]!);
      packages.push(`clone:${cloned}`);
    }
    if (/^\.\/\S+\.sh\b/.test(line) && cloned) packages.push(cloned);
    const pip = /pip install (.*)$/.exec(line);
    if (!pip) continue;
    const words = pip[1]!
      .replace(/--no-binary :all:/, "")
      .split(/\s+(?=(?:[^']*'[^']*')*[^']*$)/)
      .filter((word) => word !== "" && !word.startsWith("-") && word !== ".");
    if ((/-r requirements\.txt|-e \.(\s|$)/.test(pip[1]!) || words.length === 0) && cloned) packages.push(cloned);
    packages.push(...words.filter((word) => word !== "requirements.txt").map(packageOf));
  }
  return packages;
}

/*
 * What code needs at run time beyond its imports: a Keras backend named in
 * KERAS_BACKEND, the framework transformers runs on (it brings none: its
 * pipelines and models need torch, or TensorFlow/JAX for their own classes),
 * PyTorch tensors asked for by name, accelerate for device_map.
 */
const FRAMEWORKS = ["torch", "tensorflow", "jax"];
const RUNTIME: { needs: (code: string, modules: readonly string[]) => string[]; what: string }[] = [
  {
    what: "the Keras backend",
    needs: (code) => [...code.matchAll(/KERAS_BACKEND"\]\s*=\s*"(\w+)"/g)].map((match) => match[1]!),
  },
  {
    what: "a framework for transformers",
    // A tokenizer alone runs without one; a pipeline or a model class does not.
    needs: (code, modules) => (modules.includes("transformers") && /\bpipeline\(|AutoModel\w*\.from_pretrained/.test(code) ? [FRAMEWORKS.join("|")] : []),
  },
  { what: "PyTorch tensors", needs: (code) => (/return_tensors="pt"/.test(code) ? ["torch"] : []) },
  { what: "device_map", needs: (code) => (/device_map=/.test(code) ? ["accelerate"] : []) },
  // Keras and KerasHub read hf:// paths through huggingface_hub, which neither depends on.
  {
    what: "an hf:// path",
    needs: (code, modules) => ((modules.includes("keras") || modules.includes("keras_hub")) && /["']hf:\/\//.test(code) ? ["huggingface_hub"] : []),
  },
];

/** Modules the code needs at run time; `a|b` is met by either. */
function runtimeNeeds(code: string): string[] {
  const modules = importsOf(code);
  return RUNTIME.flatMap((rule) => rule.needs(code, modules));
}

function importsOf(code: string): string[] {
  const modules: string[] = [];
  for (const line of code.split("\n")) {
    const match = /^(?:from\s+([A-Za-z0-9_.]+)\s+import\b|import\s+([A-Za-z0-9_., ]+))/.exec(line);
    if (!match) continue;
    if (match[1] !== undefined) modules.push(match[1].split(".")[0]!);
    else for (const part of match[2]!.split(",")) modules.push(part.trim().split(/[.\s]/)[0]!);
  }
  return modules;
}

/** Each library on a plain model, and on its realistic case (snippet-cases.ts). */
function models(): { library: string; model: ReturnType<typeof ModelDataSchema.parse> }[] {
  const plain = libraryEntries()
    .filter((entry) => hasSnippetGenerator(entry.key))
    .map((entry) => ({
      library: entry.key,
      model: ModelDataSchema.parse({ id: "acme/model", library_name: entry.key, pipeline_tag: "text-generation", tags: [entry.key] }),
    }));
  return [...plain, ...CASES.map((one) => ({ library: one.library, model: ModelDataSchema.parse(one.model) }))];
}

async function installedFor(library: string, model: ReturnType<typeof ModelDataSchema.parse>) {
  const blocks = (await librarySnippets(library, model)) ?? [];
  const available = new Set(
    installed(
      blocks
        .filter((block) => block.language === "sh")
        .map((block) => block.content)
        .join("\n"),
    ).flatMap((name) => PROVIDES[name] ?? []),
  );
  return { blocks, available };
}

describe("library install lines", () => {
  it("what a library's python code uses at run time (a Keras backend, transformers' framework, torch tensors, accelerate) is installed too", async () => {
    const missing: string[] = [];
    for (const { library, model } of models()) {
      const { blocks, available } = await installedFor(library, model);
      // A block that only says what is missing runs nothing.
      for (const block of blocks.filter((candidate) => candidate.language === "python" && !candidate.fallback)) {
        for (const need of runtimeNeeds(block.content)) {
          if (!need.split("|").some((module) => available.has(module))) missing.push(`${library} (${model.id}): ${need}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("reads what code needs at run time", () => {
    expect(runtimeNeeds('os.environ["KERAS_BACKEND"] = "jax"\nimport keras')).toEqual(["jax"]);
    expect(runtimeNeeds('from transformers import pipeline\npipe = pipeline("x")\ninputs = tok("x", return_tensors="pt")')).toEqual([
      "torch|tensorflow|jax",
      "torch",
    ]);
    expect(runtimeNeeds('from transformers import AutoTokenizer\ntok = AutoTokenizer.from_pretrained("x")')).toEqual([]);
    expect(runtimeNeeds('pipe = DiffusionPipeline.from_pretrained("x", device_map="cuda")')).toEqual(["accelerate"]);
    expect(runtimeNeeds('import keras\nmodel = keras.saving.load_model("hf://acme/model")')).toEqual(["huggingface_hub"]);
  });

  it("every module a library's python code imports is installed by its sh block, or is in the standard library", async () => {
    const missing: string[] = [];
    for (const library of libraryEntries().filter((entry) => hasSnippetGenerator(entry.key))) {
      const model = ModelDataSchema.parse({ id: "acme/model", library_name: library.key, pipeline_tag: "text-generation", tags: [library.key] });
      const blocks = (await librarySnippets(library.key, model)) ?? [];
      const available = new Set(
        installed(
          blocks
            .filter((block) => block.language === "sh")
            .map((block) => block.content)
            .join("\n"),
        ).flatMap((name) => PROVIDES[name] ?? []),
      );
      for (const block of blocks.filter((candidate) => candidate.language === "python")) {
        for (const module of importsOf(block.content)) {
          if (!STDLIB.has(module) && !available.has(module)) missing.push(`${library.key}: ${module}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("reads installs the way pip names them", () => {
    expect(installed("pip install -U 'huggingface_hub[fastai]' \"keras>=3\"")).toEqual(["huggingface-hub", "keras"]);
    expect(installed("git clone https://github.com/A/B.git\npip install -r requirements.txt")).toEqual(["clone:github.com/a/b", "github.com/a/b"]);
    expect(installed("pip install 'x @ git+https://github.com/O/x' git+https://github.com/O/y.git#egg=y")).toEqual(["github.com/o/x", "github.com/o/y"]);
    expect(importsOf("import os, numpy as np\nfrom PIL.Image import open\n    import late")).toEqual(["os", "numpy", "PIL"]);
  });
});
