import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { LibrarySnippet } from "../../src/catalogue/schemas/library-snippet.js";
import { pyComment } from "../../src/format/python.js";
import type { LibrarySnippetGenerator } from "../../src/libraries/generator.js";
import { Placeholder } from "../../src/libraries/placeholders.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { adapterTransformers } from "../../src/libraries/snippets/adapter-transformers.js";
import { allennlp } from "../../src/libraries/snippets/allennlp.js";
import { aneforge } from "../../src/libraries/snippets/aneforge.js";
import { anemoi } from "../../src/libraries/snippets/anemoi.js";
import { araclip } from "../../src/libraries/snippets/araclip.js";
import { audiocraft } from "../../src/libraries/snippets/audiocraft.js";
import { audioseal } from "../../src/libraries/snippets/audioseal.js";
import { ben2 } from "../../src/libraries/snippets/ben2.js";
import { bertopic } from "../../src/libraries/snippets/bertopic.js";
import { birefnet } from "../../src/libraries/snippets/birefnet.js";
import { bm25s } from "../../src/libraries/snippets/bm25s.js";
import { cartesiaMlx } from "../../src/libraries/snippets/cartesia-mlx.js";
import { cartesiaPytorch } from "../../src/libraries/snippets/cartesia-pytorch.js";
import { chatTts } from "../../src/libraries/snippets/chat-tts.js";
import { chatterbox } from "../../src/libraries/snippets/chatterbox.js";
import { chronosForecasting } from "../../src/libraries/snippets/chronos-forecasting.js";
import { collectorvision } from "../../src/libraries/snippets/collectorvision.js";
import { colipri } from "../../src/libraries/snippets/colipri.js";
import { cortiq } from "../../src/libraries/snippets/cortiq.js";
import { cxrFoundation } from "../../src/libraries/snippets/cxr-foundation.js";
import { depthAnythingV2 } from "../../src/libraries/snippets/depth-anything-v2.js";
import { depthPro } from "../../src/libraries/snippets/depth-pro.js";
import { dermFoundation } from "../../src/libraries/snippets/derm-foundation.js";
import { describeAnything } from "../../src/libraries/snippets/describe-anything.js";
import { diaTts } from "../../src/libraries/snippets/dia-tts.js";
import { dia2 } from "../../src/libraries/snippets/dia2.js";
import { diffusers } from "../../src/libraries/snippets/diffusers.js";
import { diffusionkit } from "../../src/libraries/snippets/diffusionkit.js";
import { edsnlp } from "../../src/libraries/snippets/edsnlp.js";
import { espnet } from "../../src/libraries/snippets/espnet.js";
import { fairseq } from "../../src/libraries/snippets/fairseq.js";
import { fastai } from "../../src/libraries/snippets/fastai.js";
import { fasttext } from "../../src/libraries/snippets/fasttext.js";
import { flair } from "../../src/libraries/snippets/flair.js";
import { flexray } from "../../src/libraries/snippets/flexray.js";
import { flextab } from "../../src/libraries/snippets/flextab.js";
import { gaussianformer } from "../../src/libraries/snippets/gaussianformer.js";
import { gliner } from "../../src/libraries/snippets/gliner.js";
import { gliner2 } from "../../src/libraries/snippets/gliner2.js";
import { htrflow } from "../../src/libraries/snippets/htrflow.js";
import { indexTts } from "../../src/libraries/snippets/index-tts.js";
import { bashSyntaxError } from "../helpers/bash.js";
import { parsePython, type PythonCall, type PythonParse } from "../helpers/python.js";

const GENERATORS: Record<string, LibrarySnippetGenerator> = {
  "adapter-transformers": adapterTransformers,
  allennlp,
  aneforge,
  anemoi,
  araclip,
  audiocraft,
  audioseal,
  ben2,
  bertopic,
  birefnet,
  bm25s,
  cartesia_pytorch: cartesiaPytorch,
  cartesia_mlx: cartesiaMlx,
  chatterbox,
  chat_tts: chatTts,
  "chronos-forecasting": chronosForecasting,
  collectorvision,
  colipri,
  cortiq,
  "cxr-foundation": cxrFoundation,
  "depth-anything-v2": depthAnythingV2,
  "depth-pro": depthPro,
  "derm-foundation": dermFoundation,
  "describe-anything": describeAnything,
  "dia-tts": diaTts,
  dia2,
  diffusers,
  diffusionkit,
  edsnlp,
  espnet,
  fairseq,
  fastai,
  fasttext,
  flair,
  flexray,
  flextab,
  gaussianformer,
  gliner,
  gliner2,
  htrflow,
  "index-tts": indexTts,
};

type ModelInput = z.input<typeof ModelDataSchema>;

interface Case {
  name: string;
  library: string;
  model: ModelInput;
  /** Text an install (sh) block must hold. */
  install?: string;
  /** Texts the python code must hold (imports, classes). */
  code?: string[];
  /** The call that loads the model, and where the model id goes in it. */
  load?: { func: string; arg?: number | string; value?: string };
}

const CASES: Case[] = [
  {
    name: "adapter-transformers: the base model named in the adapter config",
    library: "adapter-transformers",
    model: {
      id: "AdapterHub/roberta-base-pf-imdb",
      tags: ["adapter-transformers", "roberta", "text-classification"],
      config: { adapter_transformers: { model_class: "RobertaAdapterModel", model_name: "roberta-base" } },
    },
    install: "pip install -U adapters",
    code: ["from adapters import AutoAdapterModel", 'AutoAdapterModel.from_pretrained("roberta-base")'],
    load: { func: "model.load_adapter" },
  },
  {
    name: "allennlp: a question-answering predictor fed the widget's question and context",
    library: "allennlp",
    model: {
      id: "allenai/bidaf-elmo",
      pipeline_tag: "question-answering",
      tags: ["allennlp", "question-answering"],
      widgetData: [{ text: "Where do I live?", context: "My name is Wolfgang and I live in Berlin" }],
    },
    install: "allennlp-models",
    code: ["from allennlp.predictors.predictor import Predictor", '"passage": "My name is Wolfgang and I live in Berlin"'],
    load: { func: "Predictor.from_path", value: "hf://allenai/bidaf-elmo" },
  },
  {
    name: "aneforge: sentence embeddings on the Neural Engine",
    library: "aneforge",
    model: { id: "aneforge/bge-base-en-v1.5", pipeline_tag: "sentence-similarity", tags: ["aneforge", "sentence-transformers"] },
    install: "pip install -U 'aneforge[models]'",
    code: ["from aneforge.sentence_transformers import SentenceTransformer"],
    load: { func: "SentenceTransformer" },
  },
  {
    name: "aneforge: text generation",
    library: "aneforge",
    model: { id: "aneforge/llm-text-generation", pipeline_tag: "text-generation", tags: ["aneforge"] },
    code: ["import aneforge.llm as llm"],
    load: { func: "llm.from_pretrained" },
  },
  {
    name: "aneforge: image classification",
    library: "aneforge",
    model: { id: "aneforge/vit-image-classification", pipeline_tag: "image-classification", tags: ["aneforge"] },
    code: ["from aneforge.models import load_vit"],
    load: { func: "load_vit" },
  },
  {
    name: "anemoi",
    library: "anemoi",
    model: { id: "ecmwf/aifs-single-1.0", pipeline_tag: "graph-ml", tags: ["anemoi"] },
    install: "anemoi-inference",
    code: ["from anemoi.inference.runners.simple import SimpleRunner", "runner.run("],
    load: { func: "snapshot_download" },
  },
  {
    name: "araclip",
    library: "araclip",
    model: { id: "Arabic-Clip/araclip", tags: ["araclip", "zero-shot-image-classification"] },
    install: "git+https://github.com/Arabic-Clip/Araclip.git",
    code: ["from araclip import AraClip"],
    load: { func: "AraClip.from_pretrained" },
  },
  {
    name: "audiocraft: MusicGen, by tag",
    library: "audiocraft",
    model: { id: "facebook/musicgen-small", pipeline_tag: "text-to-audio", tags: ["audiocraft", "musicgen", "text-to-audio"] },
    install: "pip install -U audiocraft",
    code: ["from audiocraft.models import MusicGen", "model.set_generation_params(duration=8)"],
    load: { func: "MusicGen.get_pretrained" },
  },
  {
    name: "audiocraft: AudioGen, by id",
    library: "audiocraft",
    model: { id: "facebook/audiogen-medium", tags: ["audiocraft"] },
    code: ["from audiocraft.models import AudioGen"],
    load: { func: "AudioGen.get_pretrained" },
  },
  {
    name: "audiocraft: MAGNeT, though its name also says audio",
    library: "audiocraft",
    model: { id: "facebook/audio-magnet-small", tags: ["audiocraft", "magnet"] },
    code: ["from audiocraft.models import MAGNeT"],
    load: { func: "MAGNeT.get_pretrained" },
  },
  {
    name: "audioseal",
    library: "audioseal",
    model: { id: "facebook/audioseal", tags: ["audioseal"] },
    install: "audioseal",
    code: ["from audioseal import AudioSeal", "AudioSeal.load_generator(", "AudioSeal.load_detector("],
    load: { func: "snapshot_download" },
  },
  {
    name: "ben2",
    library: "ben2",
    model: { id: "PramaLLC/BEN2", pipeline_tag: "image-segmentation", tags: ["BEN2", "background-remove"] },
    install: "git+https://github.com/PramaLLC/BEN2.git",
    code: ["from ben2 import BEN_Base", "model.inference(image)"],
    load: { func: "BEN_Base.from_pretrained" },
  },
  {
    name: "bertopic",
    library: "bertopic",
    model: { id: "MaartenGr/BERTopic_Wikipedia", pipeline_tag: "text-classification", tags: ["bertopic"] },
    install: "pip install -U bertopic",
    code: ["from bertopic import BERTopic"],
    load: { func: "BERTopic.load" },
  },
  {
    name: "birefnet: remote code through transformers",
    library: "birefnet",
    model: { id: "ZhengPeng7/BiRefNet", pipeline_tag: "image-segmentation", tags: ["birefnet", "custom_code"] },
    install: "transformers",
    code: ["from transformers import AutoModelForImageSegmentation", "trust_remote_code=True"],
    load: { func: "AutoModelForImageSegmentation.from_pretrained" },
  },
  {
    name: "bm25s",
    library: "bm25s",
    model: { id: "xhluca/bm25s-nq-index", tags: ["bm25s", "retrieval"] },
    install: "bm25s",
    code: ["from bm25s.hf import BM25HF", "retriever.retrieve("],
    load: { func: "BM25HF.load_from_hub" },
  },
  {
    name: "cartesia_pytorch",
    library: "cartesia_pytorch",
    model: { id: "cartesia-ai/Rene-v0.1-1.3b-pytorch", pipeline_tag: "text-generation", tags: ["cartesia_pytorch", "rene"] },
    install: "cartesia-pytorch",
    code: ["from cartesia_pytorch import ReneLMHeadModel"],
    load: { func: "ReneLMHeadModel.from_pretrained" },
  },
  {
    name: "cartesia_mlx",
    library: "cartesia_mlx",
    model: { id: "cartesia-ai/Rene-v0.1-1.3b-4bit-mlx", tags: ["cartesia_mlx", "mlx"] },
    install: "pip install cartesia-mlx",
    code: ["import cartesia_mlx as cmx", "model.generate("],
    load: { func: "cmx.from_pretrained" },
  },
  {
    name: "chatterbox",
    library: "chatterbox",
    model: { id: "ResembleAI/chatterbox", pipeline_tag: "text-to-speech", tags: ["chatterbox", "text-to-speech"] },
    install: "chatterbox-tts",
    code: ["from chatterbox.tts import ChatterboxTTS", "ChatterboxTTS.from_local("],
    load: { func: "snapshot_download" },
  },
  {
    name: "chat_tts",
    library: "chat_tts",
    model: { id: "2Noise/ChatTTS", pipeline_tag: "text-to-audio", tags: ["chat_tts"] },
    install: "ChatTTS",
    code: ["import ChatTTS", "chat.infer("],
    load: { func: "snapshot_download" },
  },
  {
    name: "chronos-forecasting",
    library: "chronos-forecasting",
    model: { id: "amazon/chronos-bolt-base", pipeline_tag: "time-series-forecasting", tags: ["chronos", "time series"] },
    install: "pip install -U chronos-forecasting",
    code: ["from chronos import BaseChronosPipeline", "pipeline.predict_quantiles("],
    load: { func: "BaseChronosPipeline.from_pretrained" },
  },
  {
    name: "collectorvision: the catalog of the repository",
    library: "collectorvision",
    model: { id: "HanClinto/milo", tags: ["collectorvision", "onnx"] },
    install: "git+https://github.com/HanClinto/CollectorVision.git",
    code: ["import collector_vision as cvg", "catalog.search("],
    load: { func: "cvg.Catalog.load", value: "hf://HanClinto/milo/scryfall-mtg" },
  },
  {
    name: "colipri",
    library: "colipri",
    model: { id: "microsoft/colipri", pipeline_tag: "zero-shot-image-classification", tags: ["colipri"] },
    install: "pip install -U colipri",
    code: ["from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct", "get_model()"],
  },
  {
    name: "cortiq: downloads the .cmf file and runs it",
    library: "cortiq",
    model: { id: "infosave/Nanbeige4.2-3Bcmf", pipeline_tag: "text-generation", tags: ["cortiq", "cmf"] },
    install: "cargo install cortiq-cli",
  },
  {
    name: "cxr-foundation",
    library: "cxr-foundation",
    model: { id: "google/cxr-foundation", tags: ["cxr-foundation", "medical"] },
    install: "tensorflow",
    code: ["tf.saved_model.load(", "elixr-c-v2-pooled", "pax-elixr-b-text"],
    load: { func: "snapshot_download" },
  },
  {
    name: "depth-anything-v2: the Small checkpoint and its encoder",
    library: "depth-anything-v2",
    model: { id: "depth-anything/Depth-Anything-V2-Small", pipeline_tag: "depth-estimation", tags: ["depth-anything-v2"] },
    install: "git clone https://github.com/DepthAnything/Depth-Anything-V2",
    code: ["from depth_anything_v2.dpt import DepthAnythingV2", 'encoder="vits"', 'filename="depth_anything_v2_vits.pth"', "out_channels=[48, 96, 192, 384]"],
    load: { func: "hf_hub_download" },
  },
  {
    name: "depth-pro",
    library: "depth-pro",
    model: { id: "apple/DepthPro", pipeline_tag: "depth-estimation", tags: ["depth-pro"] },
    install: "git+https://github.com/apple/ml-depth-pro.git",
    code: ["import depth_pro", "depth_pro.create_model_and_transforms()", 'filename="depth_pro.pt"'],
    load: { func: "hf_hub_download" },
  },
  {
    name: "derm-foundation",
    library: "derm-foundation",
    model: { id: "google/derm-foundation", tags: ["derm-foundation", "medical"] },
    install: "tensorflow",
    code: ["from huggingface_hub import from_pretrained_keras", 'signatures["serving_default"]'],
    load: { func: "from_pretrained_keras" },
  },
  {
    name: "describe-anything",
    library: "describe-anything",
    model: { id: "nvidia/DAM-3B", pipeline_tag: "image-text-to-text", tags: ["describe-anything"] },
    install: "git+https://github.com/NVlabs/describe-anything",
    code: ["from dam import DescribeAnythingModel, disable_torch_init", "dam.get_description("],
    load: { func: "DescribeAnythingModel", arg: "model_path" },
  },
  {
    name: "dia-tts",
    library: "dia-tts",
    model: { id: "nari-labs/Dia-1.6B", pipeline_tag: "text-to-speech", tags: ["dia-tts"] },
    install: "git+https://github.com/nari-labs/dia.git",
    code: ["from dia.model import Dia", "[S1]"],
    load: { func: "Dia.from_pretrained" },
  },
  {
    name: "dia2",
    library: "dia2",
    model: { id: "nari-labs/Dia2-2B", pipeline_tag: "text-to-speech", tags: ["dia2"] },
    install: "git+https://github.com/nari-labs/dia2.git",
    code: ["from dia2 import Dia2, GenerationConfig, SamplingConfig", "[S1]"],
    load: { func: "Dia2.from_repo" },
  },
  {
    name: "diffusers: text to image",
    library: "diffusers",
    model: { id: "stabilityai/stable-diffusion-xl-base-1.0", pipeline_tag: "text-to-image", tags: ["diffusers", "text-to-image"] },
    install: "pip install -U diffusers",
    code: ["from diffusers import DiffusionPipeline"],
    load: { func: "DiffusionPipeline.from_pretrained" },
  },
  {
    name: "diffusers: image to image",
    library: "diffusers",
    model: { id: "timbrooks/instruct-pix2pix", pipeline_tag: "image-to-image", tags: ["diffusers", "image-to-image"] },
    code: ["from diffusers.utils import load_image", "image=init_image"],
    load: { func: "DiffusionPipeline.from_pretrained" },
  },
  {
    name: "diffusers: text to video",
    library: "diffusers",
    model: { id: "Wan-AI/Wan2.1-T2V-1.3B-Diffusers", pipeline_tag: "text-to-video", tags: ["diffusers", "text-to-video"] },
    code: ["from diffusers.utils import export_to_video", ".frames[0]"],
    load: { func: "DiffusionPipeline.from_pretrained" },
  },
  {
    name: "diffusers: a LoRA loads its base pipeline, then itself",
    library: "diffusers",
    model: {
      id: "ostris/watercolor_style_lora_sdxl",
      pipeline_tag: "text-to-image",
      tags: ["diffusers", "lora", "base_model:adapter:stabilityai/stable-diffusion-xl-base-1.0"],
      cardData: { base_model: "stabilityai/stable-diffusion-xl-base-1.0", instance_prompt: "watercolor style" },
    },
    code: ['DiffusionPipeline.from_pretrained("stabilityai/stable-diffusion-xl-base-1.0"'],
    load: { func: "pipe.load_lora_weights" },
  },
  {
    name: "diffusionkit: FLUX",
    library: "diffusionkit",
    model: { id: "argmaxinc/mlx-FLUX.1-schnell", pipeline_tag: "text-to-image", tags: ["diffusionkit", "flux"] },
    install: "pip install -U diffusionkit",
    code: ["from diffusionkit.mlx import FluxPipeline", "num_steps=4", "cfg_weight=0.0"],
    load: { func: "FluxPipeline", arg: "model_version" },
  },
  {
    name: "diffusionkit: Stable Diffusion 3",
    library: "diffusionkit",
    model: { id: "argmaxinc/mlx-stable-diffusion-3-medium", pipeline_tag: "text-to-image", tags: ["diffusionkit"] },
    code: ["from diffusionkit.mlx import DiffusionPipeline", "num_steps=50", "cfg_weight=5.0"],
    load: { func: "DiffusionPipeline", arg: "model_version" },
  },
  {
    name: "edsnlp",
    library: "edsnlp",
    model: { id: "AP-HP/eds-pseudo-public", pipeline_tag: "token-classification", tags: ["edsnlp"] },
    install: "edsnlp",
    code: ["import edsnlp", "doc.ents"],
    load: { func: "edsnlp.load" },
  },
  {
    name: "espnet: text to speech",
    library: "espnet",
    model: { id: "espnet/kan-bayashi_ljspeech_vits", pipeline_tag: "text-to-speech", tags: ["espnet", "text-to-speech"] },
    install: "pip install -U espnet espnet_model_zoo",
    code: ["from espnet2.bin.tts_inference import Text2Speech"],
    load: { func: "Text2Speech.from_pretrained" },
  },
  {
    name: "espnet: speech recognition",
    library: "espnet",
    model: {
      id: "espnet/simpleoier_librispeech_asr_train_asr_conformer7_wavlm_large_raw_en_bpe5000_sp",
      pipeline_tag: "automatic-speech-recognition",
      tags: ["espnet", "automatic-speech-recognition"],
    },
    install: "espnet",
    code: ["from espnet2.bin.asr_inference import Speech2Text"],
    load: { func: "Speech2Text.from_pretrained" },
  },
  {
    name: "fairseq",
    library: "fairseq",
    model: { id: "facebook/fastspeech2-en-ljspeech", pipeline_tag: "text-to-speech", tags: ["fairseq"] },
    install: "pip install -U fairseq",
    code: ["from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub"],
    load: { func: "load_model_ensemble_and_task_from_hf_hub" },
  },
  {
    name: "fastai",
    library: "fastai",
    model: { id: "espejelomar/fastai-pet-breeds-classification", pipeline_tag: "image-classification", tags: ["fastai"] },
    install: "huggingface_hub[fastai]",
    code: ["from huggingface_hub import from_pretrained_fastai", "learner.predict("],
    load: { func: "from_pretrained_fastai" },
  },
  {
    name: "fasttext: a classifier predicts labels",
    library: "fasttext",
    model: { id: "facebook/fasttext-language-identification", pipeline_tag: "text-classification", tags: ["fasttext"] },
    install: "pip install -U fasttext",
    code: ["import fasttext", "model.predict(", '"model.bin"'],
    load: { func: "hf_hub_download" },
  },
  {
    name: "fasttext: word vectors",
    library: "fasttext",
    model: { id: "facebook/fasttext-en-vectors", pipeline_tag: "feature-extraction", tags: ["fasttext"] },
    code: ["model.get_word_vector("],
    load: { func: "hf_hub_download" },
  },
  {
    name: "flair: a sequence tagger",
    library: "flair",
    model: {
      id: "flair/ner-english",
      pipeline_tag: "token-classification",
      tags: ["flair", "token-classification"],
      widgetData: [{ text: "George Washington went to Washington" }],
    },
    install: "pip install -U flair",
    code: ["from flair.models import SequenceTagger", 'Sentence("George Washington went to Washington")'],
    load: { func: "SequenceTagger.load" },
  },
  {
    name: "flair: a text classifier",
    library: "flair",
    model: { id: "flair/sentiment-classifier", pipeline_tag: "text-classification", tags: ["flair"] },
    code: ["from flair.models import TextClassifier"],
    load: { func: "TextClassifier.load" },
  },
  {
    name: "flexray",
    library: "flexray",
    model: { id: "VictorButoi/flexray", pipeline_tag: "image-segmentation", tags: ["flexray"] },
    install: "pip install -U flexray",
    code: ["from fxr.inference import FleXraySegmenter", "segmenter.predict("],
    load: { func: "FleXraySegmenter.from_pretrained", arg: "repo_id" },
  },
  {
    name: "flextab",
    library: "flextab",
    model: { id: "SAP/flextab", pipeline_tag: "tabular-classification", tags: ["flextab"] },
    install: "git+https://github.com/SAP-samples/flextab.git",
    code: ["torch.load("],
    load: { func: "snapshot_download" },
  },
  {
    name: "gaussianformer",
    library: "gaussianformer",
    model: { id: "shahafvl/gaussianformer", tags: ["gaussianformer"] },
    install: "git+https://github.com/SVLwoof/gaussianformer",
    code: ["from gaussianformer import GaussianFormerRenderingPipeline, load_ply"],
    load: { func: "GaussianFormerRenderingPipeline.from_pretrained" },
  },
  {
    name: "gliner",
    library: "gliner",
    model: { id: "urchade/gliner_multi-v2.1", pipeline_tag: "token-classification", tags: ["gliner"] },
    install: "pip install -U gliner",
    code: ["from gliner import GLiNER", "model.predict_entities("],
    load: { func: "GLiNER.from_pretrained" },
  },
  {
    name: "gliner2",
    library: "gliner2",
    model: { id: "fastino/gliner2-base-v1", tags: ["gliner2"] },
    install: "pip install -U gliner2",
    code: ["from gliner2 import GLiNER2", "extractor.extract_entities("],
    load: { func: "GLiNER2.from_pretrained" },
  },
  {
    name: "htrflow: a text recognition model",
    library: "htrflow",
    model: { id: "Riksarkivet/trocr-base-handwritten-hist-swe-2", pipeline_tag: "image-to-text", tags: ["htrflow", "trocr"] },
    install: "htrflow[all]",
  },
  {
    name: "index-tts",
    library: "index-tts",
    model: { id: "IndexTeam/Index-TTS", pipeline_tag: "text-to-speech", tags: ["index-tts"] },
    install: "git clone https://github.com/index-tts/index-tts.git",
    code: ["from indextts.infer import IndexTTS", "tts.infer("],
  },
  {
    name: "index-tts: IndexTTS2 has its own class",
    library: "index-tts",
    model: { id: "IndexTeam/IndexTTS-2", pipeline_tag: "text-to-speech", tags: ["index-tts"] },
    code: ["from indextts.infer_v2 import IndexTTS2", 'spk_audio_prompt="voice.wav"'],
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
  const sources = blocks.flatMap((list) => list.filter((block) => block.language === "python").map((block) => block.content));
  const parsed = parsePython(sources);
  let next = 0;
  return blocks.map((list) => ({
    blocks: list,
    python: list.filter((block) => block.language === "python").map(() => parsed[next++]!),
  }));
}

const ofLanguage = (blocks: LibrarySnippet[], language: string): string[] =>
  blocks.filter((block) => block.language === language).map((block) => block.content);

function callsOf(parses: PythonParse[]): PythonCall[] {
  return parses.flatMap((parse) => (parse.ok ? parse.calls : []));
}

function expectSound(generated: Generated): void {
  for (const parse of generated.python) expect(parse).toMatchObject({ ok: true });
  for (const script of ofLanguage(generated.blocks, "sh")) expect(bashSyntaxError(script)).toBeUndefined();
}

const lines = (blocks: LibrarySnippet[]): string[] => blocks.flatMap((block) => block.content.split("\n"));

describe("library snippets, group A: realistic models", () => {
  let results: Generated[] = [];
  beforeAll(() => {
    results = generateAll(CASES);
  });

  CASES.forEach((testCase, index) => {
    it(testCase.name, () => {
      const generated = results[index]!;
      expectSound(generated);
      expect(generated.blocks.length).toBeGreaterThan(0);
      if (testCase.install) expect(ofLanguage(generated.blocks, "sh").join("\n")).toContain(testCase.install);
      const code = ofLanguage(generated.blocks, "python").join("\n");
      for (const fragment of testCase.code ?? []) expect(code).toContain(fragment);
      if (testCase.load) {
        const { func, arg = 0, value = ModelDataSchema.parse(testCase.model).id } = testCase.load;
        const loads = callsOf(generated.python).filter((call) => call.func === func);
        expect(loads.length, `a call to ${func}`).toBeGreaterThan(0);
        const passed = loads.map((call) => (typeof arg === "number" ? call.args[arg] : call.kwargs[arg]));
        expect(passed).toContain(value);
      }
    });
  });

  it("cortiq downloads the model's .cmf files and runs the first one", () => {
    const script = ofLanguage(generate("cortiq", CASES.find((c) => c.library === "cortiq")!.model), "sh").join("\n");
    expect(script).toContain("hf download 'infosave/Nanbeige4.2-3Bcmf' --include '*.cmf'");
    expect(script).toContain('cortiq run "$model_file" --prompt');
  });

  it("htrflow writes a pipeline file naming the model, then runs it", () => {
    const reader = ofLanguage(generate("htrflow", CASES.find((c) => c.library === "htrflow")!.model), "sh").join("\n");
    expect(reader).toContain("step: TextRecognition");
    expect(reader).toContain("model: 'Riksarkivet/trocr-base-handwritten-hist-swe-2'");
    expect(reader).toContain("htrflow pipeline pipeline.yaml");
    const finder = ofLanguage(
      generate("htrflow", { id: "Riksarkivet/yolov9-lines-within-regions-1", pipeline_tag: "object-detection", tags: ["htrflow"] }),
      "sh",
    ).join("\n");
    expect(finder).toContain("step: Segmentation");
    expect(finder).toContain("model: yolo");
  });

  it("index-tts downloads the model into the checkpoints folder it loads from", () => {
    const script = ofLanguage(generate("index-tts", CASES.find((c) => c.library === "index-tts")!.model), "sh").join("\n");
    expect(script).toContain("hf download 'IndexTeam/Index-TTS' --local-dir checkpoints");
  });
});

describe("diffusers", () => {
  const pipeCall = (input: ModelInput): PythonCall => {
    const [generated] = generateAll([{ library: "diffusers", model: input }]);
    expectSound(generated!);
    const call = callsOf(generated!.python).find((candidate) => candidate.func === "pipe");
    if (!call) throw new Error("no pipe(...) call");
    return call;
  };

  it("samples FLUX models in 4 steps without guidance", () => {
    const call = pipeCall({ id: "black-forest-labs/FLUX.1-dev", pipeline_tag: "text-to-image", tags: ["diffusers", "flux"] });
    expect(call.kwargs).toMatchObject({ num_inference_steps: 4, guidance_scale: 0 });
  });

  it("samples other models in 50 steps with guidance 5", () => {
    const call = pipeCall({ id: "stabilityai/stable-diffusion-xl-base-1.0", pipeline_tag: "text-to-image", tags: ["diffusers"] });
    expect(call.kwargs).toMatchObject({ num_inference_steps: 50, guidance_scale: 5 });
  });

  it("prompts a LoRA with its instance prompt, and FLUX LoRAs still sample in 4 steps", () => {
    const call = pipeCall({
      id: "XLabs-AI/flux-RealismLora",
      tags: ["diffusers", "lora", "flux"],
      cardData: { base_model: ["black-forest-labs/FLUX.1-dev"], instance_prompt: "a photo in realism style" },
    });
    expect(call.args[0]).toBe("a photo in realism style");
    expect(call.kwargs).toMatchObject({ num_inference_steps: 4, guidance_scale: 0 });
  });

  it("finds an adapter's base model in its hub tag when the card names none", () => {
    const [generated] = generateAll([
      { library: "diffusers", model: { id: "someone/pixel-art-adapter", tags: ["diffusers", "base_model:adapter:stabilityai/sdxl-turbo"] } },
    ]);
    const load = callsOf(generated!.python).find((call) => call.func === "DiffusionPipeline.from_pretrained");
    expect(load?.args[0]).toBe("stabilityai/sdxl-turbo");
    expect(callsOf(generated!.python).find((call) => call.func === "pipe.load_lora_weights")?.args[0]).toBe("someone/pixel-art-adapter");
  });

  it("says so when a LoRA's base model is unknown", () => {
    const blocks = generate("diffusers", { id: "someone/mystery-lora", tags: ["lora"] });
    expect(lines(blocks)).toContain(pyComment(Placeholder.baseModelNotFound));
    expect(ofLanguage(blocks, "python").join("\n")).toContain('pipe.load_lora_weights("someone/mystery-lora")');
  });
});

describe("placeholders", () => {
  it("adapter-transformers falls back to the card's base model, then to a placeholder", () => {
    const fromCard = generate("adapter-transformers", { id: "someone/bert-adapter", tags: [], cardData: { base_model: "bert-base-uncased" } });
    expect(ofLanguage(fromCard, "python").join("\n")).toContain('AutoAdapterModel.from_pretrained("bert-base-uncased")');
    const unknown = generate("adapter-transformers", { id: "someone/bert-adapter", tags: [] });
    expect(lines(unknown)).toContain(pyComment(Placeholder.baseModelNotFound));
  });

  it("espnet names neither task: it says the model type is unknown", () => {
    expect(generate("espnet", { id: "espnet/some-enhancement-model", tags: ["espnet"] })).toEqual([
      { language: "text", content: Placeholder.unknownModelType },
    ]);
  });

  it("audiocraft cannot tell the model family: it says so in a Python comment", () => {
    expect(generate("audiocraft", { id: "someone/encodec-tuned", tags: ["audiocraft"] })).toEqual([
      { language: "python", content: pyComment(Placeholder.typeOfModelUnknown) },
    ]);
  });
});

describe("minimal metadata", () => {
  const libraries = Object.keys(GENERATORS);
  it("every generator still returns sound code for a model with only an id", () => {
    const generated = generateAll(libraries.map((library) => ({ library, model: { id: "someone/some-model", tags: [] } })));
    generated.forEach((result, index) => {
      expect(result.blocks.length, libraries[index]).toBeGreaterThan(0);
      expectSound(result);
    });
  });
});

describe("hostile metadata", () => {
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

  const inputs = Object.keys(GENERATORS).flatMap((library) => variants.map((model) => ({ library, model })));
  let generated: Generated[] = [];
  beforeAll(() => {
    generated = generateAll(inputs);
  });

  it("every Python block parses and every shell block passes bash -n", () => {
    generated.forEach(expectSound);
  });

  it("every untrusted string a snippet uses comes back as one whole, unchanged string literal", () => {
    const used = new Set<string>();
    generated.forEach((result, index) => {
      const code = ofLanguage(result.blocks, "python").join("\n");
      const strings = result.python.flatMap((parse) => (parse.ok ? parse.strings : []));
      Object.values(FIELDS).forEach((value, field) => {
        const label = LABELS[field]!;
        if (!code.includes(label)) return;
        used.add(`${inputs[index]!.library}:${label}`);
        expect(strings, `${inputs[index]!.library} uses ${label}`).toContain(value);
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
