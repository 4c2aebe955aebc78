import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { LibrarySnippet } from "../../src/catalogue/schemas/library-snippet.js";
import { pyComment } from "../../src/format/python.js";
import { shellQuote } from "../../src/format/shell.js";
import type { LibrarySnippetGenerator } from "../../src/libraries/generator.js";
import { Placeholder } from "../../src/libraries/placeholders.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { jevStyle } from "../../src/libraries/snippets/jev-style.js";
import { keras } from "../../src/libraries/snippets/keras.js";
import { tfKeras } from "../../src/libraries/snippets/tf-keras.js";
import { kerasHub } from "../../src/libraries/snippets/keras-hub.js";
import { zeromodels } from "../../src/libraries/snippets/zeromodels.js";
import { kernels } from "../../src/libraries/snippets/kernels.js";
import { kimiAudio } from "../../src/libraries/snippets/kimi-audio.js";
import { kittentts } from "../../src/libraries/snippets/kittentts.js";
import { ltx } from "../../src/libraries/snippets/ltx.js";
import { lightningIr } from "../../src/libraries/snippets/lightning-ir.js";
import { litertLm } from "../../src/libraries/snippets/litert-lm.js";
import { lerobot } from "../../src/libraries/snippets/lerobot.js";
import { llamaCppPython } from "../../src/libraries/snippets/llama-cpp-python.js";
import { mambaSsm } from "../../src/libraries/snippets/mamba-ssm.js";
import { mars5Tts } from "../../src/libraries/snippets/mars5-tts.js";
import { matanyone } from "../../src/libraries/snippets/matanyone.js";
import { memra } from "../../src/libraries/snippets/memra.js";
import { meshAnything } from "../../src/libraries/snippets/mesh-anything.js";
import { mlAgents } from "../../src/libraries/snippets/ml-agents.js";
import { mlx } from "../../src/libraries/snippets/mlx.js";
import { mlxImage } from "../../src/libraries/snippets/mlx-image.js";
import { model2vec } from "../../src/libraries/snippets/model2vec.js";
import { mobilint } from "../../src/libraries/snippets/mobilint.js";
import { moshi } from "../../src/libraries/snippets/moshi.js";
import { multimolecule } from "../../src/libraries/snippets/multimolecule.js";
import { nemo } from "../../src/libraries/snippets/nemo.js";
import { nobg } from "../../src/libraries/snippets/nobg.js";
import { openClip } from "../../src/libraries/snippets/open-clip.js";
import { openasr } from "../../src/libraries/snippets/openasr.js";
import { opendde } from "../../src/libraries/snippets/opendde.js";
import { outetts } from "../../src/libraries/snippets/outetts.js";
import { paddlenlp } from "../../src/libraries/snippets/paddlenlp.js";
import { paddleOCR } from "../../src/libraries/snippets/paddleocr.js";
import { peft } from "../../src/libraries/snippets/peft.js";
import { perceptionEncoder } from "../../src/libraries/snippets/perception-encoder.js";
import { phantomWan } from "../../src/libraries/snippets/phantom-wan.js";
import { pocketTts } from "../../src/libraries/snippets/pocket-tts.js";
import { prunaAi } from "../../src/libraries/snippets/pruna-ai.js";
import { pxia } from "../../src/libraries/snippets/pxia.js";
import { pyannoteAudio } from "../../src/libraries/snippets/pyannote-audio.js";
import { pythae } from "../../src/libraries/snippets/pythae.js";
import { qwen3Tts } from "../../src/libraries/snippets/qwen3-tts.js";
import { bashSyntaxError } from "../helpers/bash.js";
import { parsePython, type PythonCall, type PythonParse } from "../helpers/python.js";

const GENERATORS: Record<string, LibrarySnippetGenerator> = {
  "jev-style": jevStyle,
  keras,
  "tf-keras": tfKeras,
  "keras-hub": kerasHub,
  zeromodels,
  kernels,
  "kimi-audio": kimiAudio,
  kittentts,
  ltx,
  "lightning-ir": lightningIr,
  "litert-lm": litertLm,
  lerobot,
  "llama-cpp-python": llamaCppPython,
  "mamba-ssm": mambaSsm,
  "mars5-tts": mars5Tts,
  matanyone,
  memra,
  "mesh-anything": meshAnything,
  "ml-agents": mlAgents,
  mlx,
  "mlx-image": mlxImage,
  model2vec,
  mobilint,
  moshi,
  multimolecule,
  nemo,
  nobg,
  open_clip: openClip,
  openasr,
  opendde,
  outetts,
  paddlenlp,
  PaddleOCR: paddleOCR,
  peft,
  "perception-encoder": perceptionEncoder,
  "phantom-wan": phantomWan,
  "pocket-tts": pocketTts,
  "pruna-ai": prunaAi,
  pxia,
  "pyannote-audio": pyannoteAudio,
  pythae,
  qwen3_tts: qwen3Tts,
};

type ModelInput = z.input<typeof ModelDataSchema>;

interface Case {
  name: string;
  library: string;
  model: ModelInput;
  /** Text the shell blocks must hold (install line, commands). */
  sh?: string[];
  /** Texts the Python code must hold (imports, classes). */
  code?: string[];
  /** The call that loads the model, and what it is given (the model id unless told). */
  load?: { func: string; arg?: number | string; value?: string };
}

const siblings = (...names: string[]) => names.map((rfilename) => ({ rfilename }));

const CASES: Case[] = [
  {
    name: "jev-style: the decision model through its own client",
    library: "jev-style",
    model: { id: "chaoliangUNSW/Jev-Style-0.8B-Decision-v3", tags: ["jev-style", "qwen3_5"] },
    sh: ['pip install -U "jev-style[torch]"'],
    code: ["from jev_style import JevStyle, choice, noul", "js.decide("],
    load: { func: "JevStyle.from_pretrained" },
  },
  {
    name: "jev-style: an MLX build installs the MLX extra",
    library: "jev-style",
    model: { id: "chaoliangUNSW/Jev-Style-2B-Decision-v3-MLX", tags: ["jev-style", "mlx"] },
    sh: ['pip install -U "jev-style[mlx]"'],
    load: { func: "JevStyle.from_pretrained" },
  },
  {
    name: "keras: a Keras 3 model through an hf:// path",
    library: "keras",
    model: { id: "IMvision12/zm-count-no-tag", tags: ["keras"] },
    sh: ['pip install -U "keras>=3"'],
    code: ['os.environ["KERAS_BACKEND"] = "jax"', "import keras"],
    load: { func: "keras.saving.load_model", value: "hf://IMvision12/zm-count-no-tag" },
  },
  {
    name: "tf-keras: the SavedModel downloaded, then loaded with tf_keras",
    library: "tf-keras",
    model: { id: "keras-io/timeseries-anomaly-detection", tags: ["tf-keras"] },
    sh: ["pip install -U tf-keras huggingface_hub"],
    code: ["tf_keras.models.load_model(model_dir)"],
    load: { func: "snapshot_download", arg: "repo_id" },
  },
  {
    name: "keras-hub: a causal LM task listed in the preset",
    library: "keras-hub",
    model: { id: "keras/gemma_2b_en", tags: ["keras-hub", "text-generation"], config: { keras_hub: { tasks: ["GemmaCausalLM"] } } },
    sh: ["pip install -U keras-hub"],
    code: ["import keras_hub", "causal_lm.generate("],
    load: { func: "keras_hub.models.CausalLM.from_preset", value: "hf://keras/gemma_2b_en" },
  },
  {
    name: "zeromodels: an image classifier through its task Auto class",
    library: "zeromodels",
    model: { id: "zeromodels/resnet50_a1_in1k", pipeline_tag: "image-classification", tags: ["zeromodels", "keras"] },
    sh: ["pip install -U zeromodels"],
    code: ["from zeromodels.auto import AutoZMImageClassify"],
    load: { func: "AutoZMImageClassify.from_weights" },
  },
  {
    name: "zeromodels: a model of another task loads as a backbone",
    library: "zeromodels",
    model: { id: "zeromodels/bert-base-uncased", tags: ["zeromodels"] },
    code: ["from zeromodels import AutoZModel"],
    load: { func: "AutoZModel.from_weights" },
  },
  {
    name: "kernels: a compute kernel from the hub",
    library: "kernels",
    model: { id: "kernels-community/activation", tags: ["kernels"] },
    sh: ["pip install -U kernels"],
    code: ["from kernels import get_kernel"],
    load: { func: "get_kernel" },
  },
  {
    name: "kimi-audio: the repository's inference code and the KimiAudio class",
    library: "kimi-audio",
    model: { id: "moonshotai/Kimi-Audio-7B-Instruct", pipeline_tag: "audio-text-to-text", tags: ["kimi-audio"] },
    sh: ["git clone https://github.com/MoonshotAI/Kimi-Audio.git", "pip install -r requirements.txt"],
    code: ["from kimia_infer.api.kimia import KimiAudio", 'output_type="text"'],
    load: { func: "KimiAudio", arg: "model_path" },
  },
  {
    name: "kittentts: speech from a small CPU model",
    library: "kittentts",
    model: { id: "KittenML/kitten-tts-nano-0.1", pipeline_tag: "text-to-speech", tags: ["kittentts"] },
    sh: ["pip install git+https://github.com/KittenML/KittenTTS.git"],
    code: ["from kittentts import KittenTTS", 'sf.write("output.wav", audio, 24000)'],
    load: { func: "KittenTTS" },
  },
  {
    name: "ltx: the LTX-2 repository's distilled pipeline on downloaded weights",
    library: "ltx",
    model: { id: "Lightricks/LTX-2.3", pipeline_tag: "image-to-video", tags: ["ltx"] },
    sh: ["git clone https://github.com/Lightricks/LTX-2.git", "hf download 'Lightricks/LTX-2.3' --local-dir models/ltx", "uv run python -m ltx_pipelines.distilled"],
  },
  {
    name: "lightning-ir: a cross-encoder scores documents for a query",
    library: "lightning-ir",
    model: { id: "webis/monoelectra-base", tags: ["lightning-ir"], config: { model_type: "cross-encoder" } },
    sh: ["pip install -U lightning-ir"],
    code: ["from lightning_ir import CrossEncoderModule", "module.score(query, docs)"],
    load: { func: "CrossEncoderModule" },
  },
  {
    name: "lightning-ir: a bi-encoder",
    library: "lightning-ir",
    model: { id: "webis/bert-bi-encoder", tags: ["lightning-ir"], config: { model_type: "bi-encoder" } },
    load: { func: "BiEncoderModule" },
  },
  {
    name: "litert-lm: the CLI runs the repository's .litertlm file",
    library: "litert-lm",
    model: {
      id: "litert-community/gemma-3n-E2B-it-litert-lm",
      tags: ["litert-lm"],
      siblings: siblings("README.md", "gemma-3n-E2B-it-int4.litertlm"),
    },
    sh: ["pip install -U litert-lm", "MODEL_FILE='gemma-3n-E2B-it-int4.litertlm'", "--from-huggingface-repo='litert-community/gemma-3n-E2B-it-litert-lm'"],
  },
  {
    name: "lerobot: an ACT policy by the type in its config",
    library: "lerobot",
    model: { id: "lerobot/act_aloha_sim_transfer_cube_human", pipeline_tag: "robotics", tags: ["lerobot"], config: { type: "act" } },
    sh: ["pip install -U lerobot", "--policy.path='lerobot/act_aloha_sim_transfer_cube_human'"],
    code: ["from lerobot.policies.act.modeling_act import ACTPolicy"],
    load: { func: "ACTPolicy.from_pretrained" },
  },
  {
    name: "lerobot: SmolVLA needs its pip extra",
    library: "lerobot",
    model: { id: "lerobot/smolvla_base", pipeline_tag: "robotics", tags: ["lerobot", "smolvla"] },
    sh: ['pip install -U "lerobot[smolvla]"'],
    load: { func: "SmolVLAPolicy.from_pretrained" },
  },
  {
    name: "llama-cpp-python: the Q4_K_M file of a GGUF repository, chatting",
    library: "llama-cpp-python",
    model: {
      id: "bartowski/Llama-3.2-3B-Instruct-GGUF",
      pipeline_tag: "text-generation",
      tags: ["gguf", "llama", "conversational"],
      gguf: { total: 3212749888, architecture: "llama", context_length: 131072 },
      siblings: siblings("Llama-3.2-3B-Instruct-f16.gguf", "Llama-3.2-3B-Instruct-Q4_K_M.gguf", "Llama-3.2-3B-Instruct-Q8_0.gguf"),
    },
    sh: ["pip install -U llama-cpp-python"],
    code: ['filename="Llama-3.2-3B-Instruct-Q4_K_M.gguf"', "llm.create_chat_completion("],
    load: { func: "Llama.from_pretrained", arg: "repo_id" },
  },
  {
    name: "mamba-ssm: the LM head model on CUDA",
    library: "mamba-ssm",
    model: { id: "state-spaces/mamba-130m", tags: ["mamba-ssm"] },
    sh: ["pip install -U mamba-ssm causal-conv1d"],
    code: ["from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel", "model.generate(input_ids, max_length=64)"],
    load: { func: "MambaLMHeadModel.from_pretrained" },
  },
  {
    name: "mars5-tts: weights from the model repository, code from torch.hub",
    library: "mars5-tts",
    model: { id: "CambAI/MARS5-TTS", pipeline_tag: "text-to-speech", tags: ["mars5-tts"] },
    code: ['torch.hub.load(\n    "Camb-ai/mars5-tts"', "mars5.tts("],
    load: { func: "hf_hub_download", arg: "repo_id" },
  },
  {
    name: "matanyone: video matting from a first-frame mask",
    library: "matanyone",
    model: { id: "PeiqingYang/MatAnyone", tags: ["matanyone"] },
    sh: ["pip install -U git+https://github.com/pq-yang/MatAnyone"],
    code: ["processor.process_video("],
    load: { func: "InferenceCore" },
  },
  {
    name: "memra: the server fetches the model named in MEMRA_MODELS",
    library: "memra",
    model: { id: "Avifenesh/Qwen3.8-27B-NVFP4-MTP-GGUF", tags: ["memra", "gguf"] },
    sh: ["MEMRA_MODELS='model=hf:Avifenesh/Qwen3.8-27B-NVFP4-MTP-GGUF' memra-server", "/v1/chat/completions"],
  },
  {
    name: "mesh-anything: the checkpoint, then the repository's command line",
    library: "mesh-anything",
    model: { id: "Yiwen-ntu/MeshAnything", tags: ["mesh-anything"] },
    sh: ["git clone https://github.com/buaacyw/MeshAnything.git", "python main.py --input_path"],
    load: { func: "hf_hub_download", arg: "repo_id" },
  },
  {
    name: "ml-agents: the agent downloaded with the ml-agents command",
    library: "ml-agents",
    model: { id: "ThomasSimonini/ppo-SnowballTarget", tags: ["ml-agents", "reinforcement-learning"] },
    sh: ["pip install -U mlagents", "mlagents-load-from-hf --repo-id='ThomasSimonini/ppo-SnowballTarget' --local-dir=./downloads"],
  },
  {
    name: "mlx: a chat model through mlx-lm",
    library: "mlx",
    model: { id: "mlx-community/Llama-3.2-3B-Instruct-4bit", pipeline_tag: "text-generation", tags: ["mlx", "conversational"] },
    sh: ["pip install -U mlx-lm"],
    code: ["from mlx_lm import load, generate", "tokenizer.apply_chat_template("],
    load: { func: "load" },
  },
  {
    name: "mlx: a vision-language model through mlx-vlm",
    library: "mlx",
    model: { id: "mlx-community/Qwen2.5-VL-7B-Instruct-4bit", pipeline_tag: "image-text-to-text", tags: ["mlx"] },
    sh: ["pip install -U mlx-vlm", "--model 'mlx-community/Qwen2.5-VL-7B-Instruct-4bit'"],
  },
  {
    name: "mlx-image: the architecture name behind the -mlxim repository",
    library: "mlx-image",
    model: { id: "mlx-vision/resnet18-mlxim", pipeline_tag: "image-classification", tags: ["mlx-image"] },
    sh: ["pip install -U mlx-image"],
    load: { func: "create_model", value: "resnet18" },
  },
  {
    name: "model2vec: static embeddings",
    library: "model2vec",
    model: { id: "minishlab/potion-base-8M", tags: ["model2vec"] },
    sh: ["pip install -U model2vec"],
    code: ["model.encode(["],
    load: { func: "StaticModel.from_pretrained" },
  },
  {
    name: "mobilint: an LLM through transformers-mblt's pipeline",
    library: "mobilint",
    model: { id: "mobilint/Llama-3.2-1B-Instruct", pipeline_tag: "text-generation", tags: ["mobilint"] },
    sh: ["pip install -U transformers-mblt"],
    code: ["transformers_mblt.register()", 'pipeline("text-generation"'],
    load: { func: "pipeline", arg: "model" },
  },
  {
    name: "mobilint: a vision model through MBLT_Engine",
    library: "mobilint",
    model: { id: "mobilint/YOLO11m", pipeline_tag: "object-detection", tags: ["mobilint"] },
    sh: ["pip install -U mblt-vision-python"],
    load: { func: "MBLT_Engine", arg: "model_cls", value: "yolo11m" },
  },
  {
    name: "moshi: the PyTorch server",
    library: "moshi",
    model: { id: "kyutai/moshika-pytorch-bf16", tags: ["moshi"] },
    sh: ["pip install -U moshi", "python -m moshi.server --hf-repo 'kyutai/moshika-pytorch-bf16'"],
  },
  {
    name: "moshi: an MLX build runs through moshi_mlx",
    library: "moshi",
    model: { id: "kyutai/moshika-mlx-q4", tags: ["moshi", "mlx"] },
    sh: ["pip install -U moshi_mlx", "python -m moshi_mlx.local_web --hf-repo 'kyutai/moshika-mlx-q4'"],
  },
  {
    name: "multimolecule: fill-mask with the model's mask token",
    library: "multimolecule",
    model: { id: "multimolecule/rnafm", pipeline_tag: "fill-mask", tags: ["multimolecule"], mask_token: "<mask>" },
    sh: ["pip install -U multimolecule"],
    code: ["import multimolecule", 'mask = "<mask>"'],
    load: { func: "pipeline", arg: "model" },
  },
  {
    name: "nemo: a speech recognition model",
    library: "nemo",
    model: { id: "nvidia/parakeet-tdt-0.6b-v2", pipeline_tag: "automatic-speech-recognition", tags: ["nemo", "automatic-speech-recognition"] },
    sh: ['pip install -U "nemo_toolkit[asr]"'],
    code: ["import nemo.collections.asr as nemo_asr", "asr_model.transcribe("],
    load: { func: "nemo_asr.models.ASRModel.from_pretrained" },
  },
  {
    name: "nobg: background removal",
    library: "nobg",
    model: { id: "feyninc/FeyNobg", pipeline_tag: "image-segmentation", tags: ["nobg"] },
    sh: ["pip install -U nobg"],
    code: ['model.process("input.jpg").save("output.png")'],
    load: { func: "AutoModel.from_pretrained" },
  },
  {
    name: "open_clip: model and tokenizer through the hf-hub: prefix",
    library: "open_clip",
    model: { id: "laion/CLIP-ViT-B-32-laion2B-s34B-b79K", pipeline_tag: "zero-shot-image-classification", tags: ["open_clip"] },
    sh: ["pip install -U open_clip_torch"],
    load: { func: "open_clip.create_model_and_transforms", value: "hf-hub:laion/CLIP-ViT-B-32-laion2B-s34B-b79K" },
  },
  {
    name: "openasr: the model pack served by the openasr command",
    library: "openasr",
    model: { id: "QuintinShaw/qwen3-asr-0.6b-oasr", pipeline_tag: "automatic-speech-recognition", tags: ["openasr"] },
    sh: ["cargo build --release -p openasr-cli", "hf download 'QuintinShaw/qwen3-asr-0.6b-oasr' --include \"*.oasr\"", "openasr serve"],
  },
  {
    name: "opendde: a prediction from the repository's checkpoint",
    library: "opendde",
    model: { id: "aurekaresearch/OpenDDE", tags: ["opendde"], siblings: siblings("README.md", "opendde.pt", "opendde_abag.pt") },
    sh: ["pip install -U opendde", "hf download 'aurekaresearch/OpenDDE'", "--load_checkpoint_path 'opendde_weights/opendde.pt'"],
  },
  {
    name: "outetts: a 1.0 model speaks interface version 3",
    library: "outetts",
    model: { id: "OuteAI/Llama-OuteTTS-1.0-1B", pipeline_tag: "text-to-speech", tags: ["outetts"] },
    sh: ["pip install -U outetts"],
    code: ["outetts.InterfaceVersion.V3", 'output.save("output.wav")'],
    load: { func: "outetts.ModelConfig", arg: "model_path" },
  },
  {
    name: "paddlenlp: the Auto class that matches the architecture",
    library: "paddlenlp",
    model: { id: "PaddlePaddle/ernie-3.0-medium-zh", tags: ["paddlenlp"], config: { architectures: ["ErnieForMaskedLM"] } },
    sh: ["pip install -U paddlenlp"],
    code: ["from paddlenlp.transformers import AutoTokenizer, AutoModelForMaskedLM", "from_hf_hub=True"],
    load: { func: "AutoModelForMaskedLM.from_pretrained" },
  },
  {
    name: "PaddleOCR: a text detection model by its name",
    library: "PaddleOCR",
    model: { id: "PaddlePaddle/PP-OCRv5_server_det", pipeline_tag: "image-to-text", tags: ["PaddleOCR"] },
    sh: ["pip install -U paddlepaddle paddleocr"],
    code: ["from paddleocr import TextDetection", "res.save_to_json("],
    load: { func: "TextDetection", arg: "model_name", value: "PP-OCRv5_server_det" },
  },
  {
    name: "peft: the base model from the adapter config, then the adapter",
    library: "peft",
    model: {
      id: "ybelkada/opt-350m-lora",
      tags: ["peft", "safetensors"],
      config: { peft: { base_model_name_or_path: "facebook/opt-350m", task_type: "CAUSAL_LM" } },
    },
    sh: ["pip install -U peft transformers"],
    code: ["from transformers import AutoModelForCausalLM"],
    load: { func: "AutoModelForCausalLM.from_pretrained", value: "facebook/opt-350m" },
  },
  {
    name: "perception-encoder: a PE core CLIP model by config name",
    library: "perception-encoder",
    model: { id: "facebook/PE-Core-L14-336", pipeline_tag: "zero-shot-image-classification", tags: ["perception-encoder"] },
    sh: ["git clone https://github.com/facebookresearch/perception_models.git"],
    code: ["import core.vision_encoder.pe as pe"],
    load: { func: "pe.CLIP.from_config", value: "PE-Core-L14-336" },
  },
  {
    name: "perception-encoder: a PE spatial vision tower",
    library: "perception-encoder",
    model: { id: "facebook/PE-Spatial-G14-448", tags: ["perception-encoder"] },
    code: ["model.forward_features(image)"],
    load: { func: "pe.VisionTransformer.from_config", value: "PE-Spatial-G14-448" },
  },
  {
    name: "phantom-wan: the repository's generate.py with the Phantom checkpoint",
    library: "phantom-wan",
    model: { id: "bytedance-research/Phantom", pipeline_tag: "text-to-video", tags: ["phantom-wan"], siblings: siblings("Phantom-Wan-1.3B.pth") },
    sh: [
      "hf download Wan-AI/Wan2.1-T2V-1.3B",
      "hf download 'bytedance-research/Phantom' --local-dir ./Phantom-Wan-Models",
      "--phantom_ckpt './Phantom-Wan-Models/Phantom-Wan-1.3B.pth'",
    ],
  },
  {
    name: "pocket-tts: the CPU text-to-speech model",
    library: "pocket-tts",
    model: { id: "kyutai/pocket-tts", pipeline_tag: "text-to-speech", tags: ["pocket-tts"] },
    sh: ["pip install -U pocket-tts"],
    code: ["tts_model.generate_audio(voice_state,"],
    load: { func: "TTSModel.load_model", arg: 0, value: undefined },
  },
  {
    name: "pruna-ai: a smashed diffusion pipeline",
    library: "pruna-ai",
    model: { id: "PrunaAI/FLUX.1-schnell-smashed", pipeline_tag: "text-to-image", tags: ["pruna-ai"] },
    sh: ["pip install -U pruna"],
    code: ['image.save("output.png")'],
    load: { func: "PrunaModel.from_pretrained" },
  },
  {
    name: "pxia: the Auto class",
    library: "pxia",
    model: { id: "phxia/gpt2", tags: ["pxia", "gpt2"] },
    sh: ["pip install -U pxia"],
    load: { func: "AutoModel.from_pretrained" },
  },
  {
    name: "pyannote-audio: a pipeline",
    library: "pyannote-audio",
    model: { id: "pyannote/speaker-diarization-3.1", tags: ["pyannote-audio", "pyannote-audio-pipeline"] },
    sh: ["pip install -U pyannote.audio"],
    code: ["from pyannote.audio import Pipeline", 'token=os.environ["HF_TOKEN"]'],
    load: { func: "Pipeline.from_pretrained" },
  },
  {
    name: "pyannote-audio: a model, run through Inference",
    library: "pyannote-audio",
    model: { id: "pyannote/segmentation-3.0", tags: ["pyannote-audio", "pyannote-audio-model"] },
    code: ["inference = Inference(model)"],
    load: { func: "Model.from_pretrained" },
  },
  {
    name: "pythae: the Auto model from the hub",
    library: "pythae",
    model: { id: "clementchadebec/reproduced_wae", tags: ["pythae"] },
    sh: ["pip install -U pythae"],
    load: { func: "AutoModel.load_from_hf_hub", arg: "hf_hub_path" },
  },
  {
    name: "qwen3_tts: a CustomVoice model speaks with a built-in speaker",
    library: "qwen3_tts",
    model: { id: "Qwen/Qwen3-TTS-12Hz-1.7B-CustomVoice", pipeline_tag: "text-to-speech", tags: ["qwen3_tts"] },
    sh: ["pip install -U qwen-tts"],
    code: ["model.generate_custom_voice(", 'speaker="Ryan"'],
    load: { func: "Qwen3TTSModel.from_pretrained" },
  },
  {
    name: "qwen3_tts: a VoiceDesign model takes a description of the voice",
    library: "qwen3_tts",
    model: { id: "Qwen/Qwen3-TTS-12Hz-1.7B-VoiceDesign", pipeline_tag: "text-to-speech", tags: ["qwen3_tts"] },
    code: ["model.generate_voice_design("],
    load: { func: "Qwen3TTSModel.from_pretrained" },
  },
  {
    name: "qwen3_tts: a Base model clones a recorded voice",
    library: "qwen3_tts",
    model: { id: "Qwen/Qwen3-TTS-12Hz-0.6B-Base", pipeline_tag: "text-to-speech", tags: ["qwen3_tts"] },
    code: ["model.generate_voice_clone(", 'ref_audio="reference.wav"'],
    load: { func: "Qwen3TTSModel.from_pretrained" },
  },
];

interface Generated {
  blocks: LibrarySnippet[];
  python: PythonParse[];
}

function generate(library: string, input: ModelInput): LibrarySnippet[] {
  const generator = GENERATORS[library];
  if (!generator) throw new Error(`no generator for ${library}`);
  return generator(ModelDataSchema.parse(input));
}

/** Generates every model's blocks, then parses all their Python in one python3 run. */
function generateAll(inputs: { library: string; model: ModelInput }[]): Generated[] {
  const blocks = inputs.map(({ library, model }) => generate(library, model));
  const parsed = parsePython(blocks.flatMap((list) => ofLanguage(list, "python")));
  let next = 0;
  return blocks.map((list) => ({ blocks: list, python: ofLanguage(list, "python").map(() => parsed[next++]!) }));
}

function ofLanguage(blocks: LibrarySnippet[], language: string): string[] {
  return blocks.filter((block) => block.language === language).map((block) => block.content);
}

const callsOf = (parses: PythonParse[]): PythonCall[] => parses.flatMap((parse) => (parse.ok ? parse.calls : []));
const lines = (blocks: LibrarySnippet[]): string[] => blocks.flatMap((block) => block.content.split("\n"));

function expectSound(generated: Generated, label = ""): void {
  for (const parse of generated.python) expect(parse, label).toMatchObject({ ok: true });
  for (const script of ofLanguage(generated.blocks, "sh")) expect(bashSyntaxError(script), label).toBeUndefined();
}

/** Python code indented with 4 spaces: every indented line is a multiple of four deep. */
function expectFourSpaceIndent(blocks: LibrarySnippet[]): void {
  for (const code of ofLanguage(blocks, "python")) {
    for (const line of code.split("\n")) {
      const indent = /^ */.exec(line)![0].length;
      expect(indent % 4, line).toBe(0);
      expect(line).not.toMatch(/^\t/);
    }
  }
}

describe("library snippets, group B: realistic models", () => {
  let results: Generated[] = [];
  beforeAll(() => {
    results = generateAll(CASES);
  });

  it("covers every group B library", () => {
    expect(new Set(CASES.map((testCase) => testCase.library))).toEqual(new Set(Object.keys(GENERATORS)));
  });

  CASES.forEach((testCase, index) => {
    it(testCase.name, () => {
      const generated = results[index]!;
      expectSound(generated);
      expectFourSpaceIndent(generated.blocks);
      expect(generated.blocks.length).toBeGreaterThan(0);
      const scripts = ofLanguage(generated.blocks, "sh").join("\n");
      for (const fragment of testCase.sh ?? []) expect(scripts).toContain(fragment);
      const code = ofLanguage(generated.blocks, "python").join("\n");
      for (const fragment of testCase.code ?? []) expect(code).toContain(fragment);
      if (testCase.load) {
        const { func, arg = 0 } = testCase.load;
        const value = "value" in testCase.load ? testCase.load.value : ModelDataSchema.parse(testCase.model).id;
        const loads = callsOf(generated.python).filter((call) => call.func === func);
        expect(loads.length, `a call to ${func}`).toBeGreaterThan(0);
        const passed = loads.map((call) => (typeof arg === "number" ? call.args[arg] : call.kwargs[arg]));
        expect(passed).toContain(value);
      }
    });
  });
});

describe("choices made from metadata", () => {
  const code = (library: string, model: ModelInput): string => ofLanguage(generate(library, model), "python").join("\n");
  const script = (library: string, model: ModelInput): string => ofLanguage(generate(library, model), "sh").join("\n");

  it("keras-hub loads every listed task through its generic class, and a backbone when none is known", () => {
    const diffusion = generateAll([
      {
        library: "keras-hub",
        model: {
          id: "keras/stable_diffusion_3_medium",
          tags: ["keras-hub"],
          config: { keras_hub: { tasks: ["StableDiffusion3TextToImage", "StableDiffusion3ImageToImage", "StableDiffusion3Inpaint"] } },
        },
      },
      { library: "keras-hub", model: { id: "keras/bert_base_en", tags: ["keras-hub"], config: { keras_hub: { tasks: ["SomethingNew"] } } } },
    ]);
    const funcs = callsOf(diffusion[0]!.python).map((call) => call.func);
    expect(funcs).toEqual(
      expect.arrayContaining([
        "keras_hub.models.TextToImage.from_preset",
        "keras_hub.models.ImageToImage.from_preset",
        "keras_hub.models.Inpaint.from_preset",
      ]),
    );
    const backbone = callsOf(diffusion[1]!.python).find((call) => call.func === "keras_hub.models.Backbone.from_preset");
    expect(backbone?.args[0]).toBe("hf://keras/bert_base_en");
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
    const blocks = generate("lerobot", { id: "someone/my-policy", tags: ["lerobot"], config: { type: "my_new_policy" } });
    expect(ofLanguage(blocks, "python")).toEqual([]);
    expect(ofLanguage(blocks, "sh").join("\n")).toContain("lerobot-train \\\n    --policy.path='someone/my-policy'");
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
    expect(code("PaddleOCR", { id: "PaddlePaddle/PP-LCNet_x1_0_doc_ori", tags: [] })).toContain(
      "from paddleocr import DocImgOrientationClassification",
    );
    expect(code("PaddleOCR", { id: "PaddlePaddle/PaddleOCR-VL", tags: [] })).toContain("pipeline = PaddleOCRVL()");
    expect(code("PaddleOCR", { id: "PaddlePaddle/some-ocr-bundle", tags: [] })).toContain("ocr = PaddleOCR(");
  });

  it("peft loads the adapter onto the base model, and falls back to the card's base model", () => {
    const [generated] = generateAll([
      {
        library: "peft",
        model: { id: "someone/llama-lora", tags: [], cardData: { base_model: ["meta-llama/Llama-3.1-8B"] }, config: { peft: { task_type: "SEQ_CLS" } } },
      },
    ]);
    const calls = callsOf(generated!.python);
    expect(calls.find((call) => call.func === "AutoModelForSequenceClassification.from_pretrained")?.args[0]).toBe("meta-llama/Llama-3.1-8B");
    const adapter = calls.find((call) => call.func === "PeftModel.from_pretrained");
    expect(adapter?.args).toEqual([{ expr: "base_model" }, "someone/llama-lora"]);
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
  it("peft says the base model is not found when neither config nor card names it", () => {
    expect(generate("peft", { id: "someone/adapter", tags: [], config: { peft: { task_type: "CAUSAL_LM" } } })).toEqual([
      { language: "python", content: pyComment(Placeholder.baseModelNotFound) },
    ]);
    expect(pyComment(Placeholder.baseModelNotFound)).toBe("# Base model is not found");
  });

  it("peft says the task type is invalid when it is unknown or missing", () => {
    const unknown = generate("peft", { id: "someone/adapter", tags: [], config: { peft: { base_model_name_or_path: "gpt2", task_type: "TEXT_TO_MUSIC" } } });
    expect(unknown).toEqual([{ language: "python", content: "# Task type is invalid" }]);
    const missing = generate("peft", { id: "someone/adapter", tags: [], config: { peft: { base_model_name_or_path: "gpt2" } } });
    expect(lines(missing)).toContain(pyComment(Placeholder.taskTypeInvalid));
  });

  it("nemo says so when no tag names a NeMo domain", () => {
    expect(generate("nemo", { id: "nvidia/some-llm", pipeline_tag: "text-generation", tags: ["nemo"] })).toEqual([
      { language: "python", content: "# tag did not correspond to a valid NeMo domain" },
    ]);
  });

  it("paddlenlp says the type of model is unknown without an architecture or Auto class", () => {
    const blocks = generate("paddlenlp", { id: "someone/paddle-thing", tags: ["paddlenlp"], config: { architectures: ["ErnieWeirdHead"] } });
    expect(lines(blocks)).toContain("# Type of model unknown");
    expect(lines(blocks)).toContain(pyComment(Placeholder.typeOfModelUnknown));
  });
});

describe("minimal metadata", () => {
  const libraries = Object.keys(GENERATORS);
  it("every generator still returns sound code for a model with only an id", () => {
    const generated = generateAll(libraries.map((library) => ({ library, model: { id: "someone/some-model", tags: [] } })));
    generated.forEach((result, index) => {
      expect(result.blocks.length, libraries[index]).toBeGreaterThan(0);
      expectSound(result, libraries[index]);
    });
  });
});

describe("hostile metadata", () => {
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

  const inputs = Object.keys(GENERATORS).flatMap((library) => variants.map((model) => ({ library, model })));
  let generated: Generated[] = [];
  beforeAll(() => {
    generated = generateAll(inputs);
  });

  it("every Python block parses and every shell block passes bash -n", () => {
    generated.forEach((result, index) => expectSound(result, inputs[index]!.library));
  });

  it("every untrusted string a snippet uses comes back whole and unchanged: a Python literal, or a single-quoted shell word", () => {
    const used = new Set<string>();
    generated.forEach((result, index) => {
      const library = inputs[index]!.library;
      const code = ofLanguage(result.blocks, "python").join("\n");
      const scripts = ofLanguage(result.blocks, "sh").join("\n");
      const strings = result.python.flatMap((parse) => (parse.ok ? parse.strings : []));
      Object.values(FIELDS).forEach((value, field) => {
        const label = LABELS[field]!;
        if (code.includes(label)) {
          used.add(`${library}:${label}`);
          expect(strings, `${library} uses ${label}`).toContain(value);
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
