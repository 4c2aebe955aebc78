import { expect } from "vitest";
import { call, ofLanguage, pythonCode, shellCode, strings, type Generated, type ModelInput } from "../helpers/library-snippets.js";

/*
 * Per-library cases on realistic models: what the install lines hold, what the
 * Python code imports, and which call loads the model with what.
 */

export interface Case {
  name: string;
  library: string;
  model: ModelInput;
  /** Texts the shell blocks must hold (install line, commands). */
  sh?: string[];
  /** Texts the Python code must hold (imports, classes). */
  code?: string[];
  /** The call that loads the model, and what it is given (the model id unless told). */
  load?: { func: string; arg?: number | string; value?: string };
}

export const siblings = (...names: string[]) => names.map((rfilename) => ({ rfilename }));

export const CASES: Case[] = [
  {
    name: "adapter-transformers: the base model named in the adapter config",
    library: "adapter-transformers",
    model: {
      id: "AdapterHub/roberta-base-pf-imdb",
      tags: ["adapter-transformers", "roberta", "text-classification"],
      config: { adapter_transformers: { model_class: "RobertaAdapterModel", model_name: "roberta-base" } },
    },
    sh: ["pip install -U adapters"],
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
    sh: ["allennlp-models"],
    code: ["from allennlp.predictors.predictor import Predictor", '"passage": "My name is Wolfgang and I live in Berlin"'],
    load: { func: "Predictor.from_path", value: "hf://allenai/bidaf-elmo" },
  },
  {
    name: "aneforge: sentence embeddings on the Neural Engine",
    library: "aneforge",
    model: { id: "aneforge/bge-base-en-v1.5", pipeline_tag: "sentence-similarity", tags: ["aneforge", "sentence-transformers"] },
    sh: ["pip install -U 'aneforge[models]'"],
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
    sh: ["anemoi-inference"],
    code: ["from anemoi.inference.runners.simple import SimpleRunner", "runner.run("],
    load: { func: "snapshot_download" },
  },
  {
    name: "araclip",
    library: "araclip",
    model: { id: "Arabic-Clip/araclip", tags: ["araclip", "zero-shot-image-classification"] },
    sh: ["git+https://github.com/Arabic-Clip/Araclip.git"],
    code: ["from araclip import AraClip"],
    load: { func: "AraClip.from_pretrained" },
  },
  {
    name: "audiocraft: MusicGen, by tag",
    library: "audiocraft",
    model: { id: "facebook/musicgen-small", pipeline_tag: "text-to-audio", tags: ["audiocraft", "musicgen", "text-to-audio"] },
    sh: ["pip install -U audiocraft"],
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
    sh: ["audioseal"],
    code: ["from audioseal import AudioSeal", "AudioSeal.load_generator(", "AudioSeal.load_detector("],
    load: { func: "snapshot_download" },
  },
  {
    name: "ben2",
    library: "ben2",
    model: { id: "PramaLLC/BEN2", pipeline_tag: "image-segmentation", tags: ["BEN2", "background-remove"] },
    sh: ["git+https://github.com/PramaLLC/BEN2.git"],
    code: ["from ben2 import BEN_Base", "model.inference(image)"],
    load: { func: "BEN_Base.from_pretrained" },
  },
  {
    name: "bertopic",
    library: "bertopic",
    model: { id: "MaartenGr/BERTopic_Wikipedia", pipeline_tag: "text-classification", tags: ["bertopic"] },
    sh: ["pip install -U bertopic"],
    code: ["from bertopic import BERTopic"],
    load: { func: "BERTopic.load" },
  },
  {
    name: "birefnet: remote code through transformers",
    library: "birefnet",
    model: { id: "ZhengPeng7/BiRefNet", pipeline_tag: "image-segmentation", tags: ["birefnet", "custom_code"] },
    sh: ["transformers"],
    code: ["from transformers import AutoModelForImageSegmentation", "trust_remote_code=True"],
    load: { func: "AutoModelForImageSegmentation.from_pretrained" },
  },
  {
    name: "bm25s",
    library: "bm25s",
    model: { id: "xhluca/bm25s-nq-index", tags: ["bm25s", "retrieval"] },
    sh: ["bm25s"],
    code: ["from bm25s.hf import BM25HF", "retriever.retrieve("],
    load: { func: "BM25HF.load_from_hub" },
  },
  {
    name: "cartesia_pytorch",
    library: "cartesia_pytorch",
    model: { id: "cartesia-ai/Rene-v0.1-1.3b-pytorch", pipeline_tag: "text-generation", tags: ["cartesia_pytorch", "rene"] },
    sh: ["cartesia-pytorch"],
    code: ["from cartesia_pytorch import ReneLMHeadModel"],
    load: { func: "ReneLMHeadModel.from_pretrained" },
  },
  {
    name: "cartesia_mlx",
    library: "cartesia_mlx",
    model: { id: "cartesia-ai/Rene-v0.1-1.3b-4bit-mlx", tags: ["cartesia_mlx", "mlx"] },
    sh: ["pip install cartesia-mlx"],
    code: ["import cartesia_mlx as cmx", "model.generate("],
    load: { func: "cmx.from_pretrained" },
  },
  {
    name: "chatterbox",
    library: "chatterbox",
    model: { id: "ResembleAI/chatterbox", pipeline_tag: "text-to-speech", tags: ["chatterbox", "text-to-speech"] },
    sh: ["chatterbox-tts"],
    code: ["from chatterbox.tts import ChatterboxTTS", "ChatterboxTTS.from_local("],
    load: { func: "snapshot_download" },
  },
  {
    name: "chat_tts",
    library: "chat_tts",
    model: { id: "2Noise/ChatTTS", pipeline_tag: "text-to-audio", tags: ["chat_tts"] },
    sh: ["ChatTTS"],
    code: ["import ChatTTS", "chat.infer("],
    load: { func: "snapshot_download" },
  },
  {
    name: "chronos-forecasting",
    library: "chronos-forecasting",
    model: { id: "amazon/chronos-bolt-base", pipeline_tag: "time-series-forecasting", tags: ["chronos", "time series"] },
    sh: ["pip install -U chronos-forecasting"],
    code: ["from chronos import BaseChronosPipeline", "pipeline.predict_quantiles("],
    load: { func: "BaseChronosPipeline.from_pretrained" },
  },
  {
    name: "collectorvision: the catalog of the repository",
    library: "collectorvision",
    model: { id: "HanClinto/milo", tags: ["collectorvision", "onnx"] },
    sh: ["git+https://github.com/HanClinto/CollectorVision.git"],
    code: ["import collector_vision as cvg", "catalog.search("],
    load: { func: "cvg.Catalog.load", value: "hf://HanClinto/milo/scryfall-mtg" },
  },
  {
    name: "colipri",
    library: "colipri",
    model: { id: "microsoft/colipri", pipeline_tag: "zero-shot-image-classification", tags: ["colipri"] },
    sh: ["pip install -U colipri"],
    code: ["from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct", "get_model()"],
  },
  {
    name: "cortiq: downloads the .cmf file and runs it",
    library: "cortiq",
    model: { id: "infosave/Nanbeige4.2-3Bcmf", pipeline_tag: "text-generation", tags: ["cortiq", "cmf"] },
    sh: ["cargo install cortiq-cli"],
  },
  {
    name: "cxr-foundation",
    library: "cxr-foundation",
    model: { id: "google/cxr-foundation", tags: ["cxr-foundation", "medical"] },
    sh: ["tensorflow"],
    code: ["tf.saved_model.load(", "elixr-c-v2-pooled", "pax-elixr-b-text"],
    load: { func: "snapshot_download" },
  },
  {
    name: "depth-anything-v2: the Small checkpoint and its encoder",
    library: "depth-anything-v2",
    model: { id: "depth-anything/Depth-Anything-V2-Small", pipeline_tag: "depth-estimation", tags: ["depth-anything-v2"] },
    sh: ["git clone https://github.com/DepthAnything/Depth-Anything-V2"],
    code: ["from depth_anything_v2.dpt import DepthAnythingV2", 'encoder="vits"', 'filename="depth_anything_v2_vits.pth"', "out_channels=[48, 96, 192, 384]"],
    load: { func: "hf_hub_download" },
  },
  {
    name: "depth-pro",
    library: "depth-pro",
    model: { id: "apple/DepthPro", pipeline_tag: "depth-estimation", tags: ["depth-pro"] },
    sh: ["git+https://github.com/apple/ml-depth-pro.git"],
    code: ["import depth_pro", "depth_pro.create_model_and_transforms()", 'filename="depth_pro.pt"'],
    load: { func: "hf_hub_download" },
  },
  {
    name: "derm-foundation",
    library: "derm-foundation",
    model: { id: "google/derm-foundation", tags: ["derm-foundation", "medical"] },
    sh: ["tensorflow"],
    code: ["from huggingface_hub import from_pretrained_keras", 'signatures["serving_default"]'],
    load: { func: "from_pretrained_keras" },
  },
  {
    name: "describe-anything",
    library: "describe-anything",
    model: { id: "nvidia/DAM-3B", pipeline_tag: "image-text-to-text", tags: ["describe-anything"] },
    sh: ["git+https://github.com/NVlabs/describe-anything"],
    code: ["from dam import DescribeAnythingModel, disable_torch_init", "dam.get_description("],
    load: { func: "DescribeAnythingModel", arg: "model_path" },
  },
  {
    name: "dia-tts",
    library: "dia-tts",
    model: { id: "nari-labs/Dia-1.6B", pipeline_tag: "text-to-speech", tags: ["dia-tts"] },
    sh: ["git+https://github.com/nari-labs/dia.git"],
    code: ["from dia.model import Dia", "[S1]"],
    load: { func: "Dia.from_pretrained" },
  },
  {
    name: "dia2",
    library: "dia2",
    model: { id: "nari-labs/Dia2-2B", pipeline_tag: "text-to-speech", tags: ["dia2"] },
    sh: ["git+https://github.com/nari-labs/dia2.git"],
    code: ["from dia2 import Dia2, GenerationConfig, SamplingConfig", "[S1]"],
    load: { func: "Dia2.from_repo" },
  },
  {
    name: "diffusers: text to image",
    library: "diffusers",
    model: { id: "stabilityai/stable-diffusion-xl-base-1.0", pipeline_tag: "text-to-image", tags: ["diffusers", "text-to-image"] },
    sh: ["pip install -U diffusers"],
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
    sh: ["pip install -U diffusionkit"],
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
    sh: ["edsnlp"],
    code: ["import edsnlp", "doc.ents"],
    load: { func: "edsnlp.load" },
  },
  {
    name: "espnet: text to speech",
    library: "espnet",
    model: { id: "espnet/kan-bayashi_ljspeech_vits", pipeline_tag: "text-to-speech", tags: ["espnet", "text-to-speech"] },
    sh: ["pip install -U espnet espnet_model_zoo"],
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
    sh: ["espnet"],
    code: ["from espnet2.bin.asr_inference import Speech2Text"],
    load: { func: "Speech2Text.from_pretrained" },
  },
  {
    name: "fairseq",
    library: "fairseq",
    model: { id: "facebook/fastspeech2-en-ljspeech", pipeline_tag: "text-to-speech", tags: ["fairseq"] },
    sh: ["pip install -U fairseq"],
    code: ["from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub"],
    load: { func: "load_model_ensemble_and_task_from_hf_hub" },
  },
  {
    name: "fastai",
    library: "fastai",
    model: { id: "espejelomar/fastai-pet-breeds-classification", pipeline_tag: "image-classification", tags: ["fastai"] },
    sh: ["huggingface_hub[fastai]"],
    code: ["from huggingface_hub import from_pretrained_fastai", "learner.predict("],
    load: { func: "from_pretrained_fastai" },
  },
  {
    name: "fasttext: a classifier predicts labels",
    library: "fasttext",
    model: { id: "facebook/fasttext-language-identification", pipeline_tag: "text-classification", tags: ["fasttext"] },
    sh: ["pip install -U fasttext"],
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
    sh: ["pip install -U flair"],
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
    sh: ["pip install -U flexray"],
    code: ["from fxr.inference import FleXraySegmenter", "segmenter.predict("],
    load: { func: "FleXraySegmenter.from_pretrained", arg: "repo_id" },
  },
  {
    name: "flextab",
    library: "flextab",
    model: { id: "SAP/flextab", pipeline_tag: "tabular-classification", tags: ["flextab"] },
    sh: ["git+https://github.com/SAP-samples/flextab.git"],
    code: ["torch.load("],
    load: { func: "snapshot_download" },
  },
  {
    name: "gaussianformer",
    library: "gaussianformer",
    model: { id: "shahafvl/gaussianformer", tags: ["gaussianformer"] },
    sh: ["git+https://github.com/SVLwoof/gaussianformer"],
    code: ["from gaussianformer import GaussianFormerRenderingPipeline, load_ply"],
    load: { func: "GaussianFormerRenderingPipeline.from_pretrained" },
  },
  {
    name: "gliner",
    library: "gliner",
    model: { id: "urchade/gliner_multi-v2.1", pipeline_tag: "token-classification", tags: ["gliner"] },
    sh: ["pip install -U gliner"],
    code: ["from gliner import GLiNER", "model.predict_entities("],
    load: { func: "GLiNER.from_pretrained" },
  },
  {
    name: "gliner2",
    library: "gliner2",
    model: { id: "fastino/gliner2-base-v1", tags: ["gliner2"] },
    sh: ["pip install -U gliner2"],
    code: ["from gliner2 import GLiNER2", "extractor.extract_entities("],
    load: { func: "GLiNER2.from_pretrained" },
  },
  {
    name: "htrflow: a text recognition model",
    library: "htrflow",
    model: { id: "Riksarkivet/trocr-base-handwritten-hist-swe-2", pipeline_tag: "image-to-text", tags: ["htrflow", "trocr"] },
    sh: ["htrflow[all]"],
  },
  {
    name: "index-tts",
    library: "index-tts",
    model: { id: "IndexTeam/Index-TTS", pipeline_tag: "text-to-speech", tags: ["index-tts"] },
    sh: ["git clone https://github.com/index-tts/index-tts.git"],
    code: ["from indextts.infer import IndexTTS", "tts.infer("],
  },
  {
    name: "index-tts: IndexTTS2 has its own class",
    library: "index-tts",
    model: { id: "IndexTeam/IndexTTS-2", pipeline_tag: "text-to-speech", tags: ["index-tts"] },
    code: ["from indextts.infer_v2 import IndexTTS2", 'spk_audio_prompt="voice.wav"'],
  },
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
    name: "keras: a Keras 3 model folder downloaded, then loaded on the backend it installs",
    library: "keras",
    model: { id: "IMvision12/zm-count-no-tag", tags: ["keras"] },
    sh: ['pip install -U "keras>=3" jax huggingface_hub'],
    code: ['os.environ["KERAS_BACKEND"] = "jax"', "import keras", "keras.saving.load_model(snapshot_download("],
    load: { func: "snapshot_download" },
  },
  {
    name: "keras: a repository holding only a .keras archive gets that file",
    library: "keras",
    model: { id: "acme/archive", tags: ["keras"], siblings: siblings("README.md", "model.keras") },
    code: ['keras.saving.load_model(hf_hub_download("acme/archive", "model.keras"))'],
    load: { func: "hf_hub_download" },
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
    sh: [
      "git clone https://github.com/Lightricks/LTX-2.git",
      "hf download 'Lightricks/LTX-2.3' --local-dir models/ltx",
      "uv run python -m ltx_pipelines.distilled",
    ],
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

/** Cases whose expectations are a function of the generated snippet. */
export const CHECKED_CASES: [name: string, library: string, model: ModelInput, check: (result: Generated) => void][] = [
  [
    "asteroid",
    "asteroid",
    { id: "JorisCos/ConvTasNet_Libri2Mix_sepclean_16k", pipeline_tag: "audio-to-audio", tags: ["asteroid", "audio-to-audio"] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U asteroid");
      expect(pythonCode(result)).toContain("from asteroid.models import BaseModel");
      expect(call(result, "BaseModel.from_pretrained").args).toEqual(["JorisCos/ConvTasNet_Libri2Mix_sepclean_16k"]);
    },
  ],
  [
    "relik",
    "relik",
    { id: "sapienzanlp/relik-entity-linking-large", tags: ["relik"] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U relik");
      expect(call(result, "Relik.from_pretrained").args).toEqual(["sapienzanlp/relik-entity-linking-large"]);
    },
  ],
  [
    "renderformer",
    "renderformer",
    { id: "microsoft/renderformer-v1.1-swin-large", tags: ["renderformer"] },
    (result) => {
      expect(shellCode(result)).toContain("--model_id 'microsoft/renderformer-v1.1-swin-large'");
      expect(call(result, "RenderFormerRenderingPipeline.from_pretrained").args).toEqual(["microsoft/renderformer-v1.1-swin-large"]);
    },
  ],
  [
    "routee-powertrain",
    "routee-powertrain",
    { id: "NatLabRockies/routee-powertrain-model-library", tags: [] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U routee.powertrain");
      expect(result.blocks[1]!.content).toContain('os.environ["ROUTEE_HF_REPO_ID"] = "NatLabRockies/routee-powertrain-model-library"');
      call(result, "pt.load_model");
    },
  ],
  [
    "saelens",
    "saelens",
    { id: "jbloom/GPT2-Small-SAEs-Reformatted", tags: ["saelens"] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U sae-lens");
      expect(call(result, "SAE.from_pretrained").kwargs).toMatchObject({ release: "jbloom/GPT2-Small-SAEs-Reformatted" });
      expect(call(result, "list_repo_files").args).toEqual(["jbloom/GPT2-Small-SAEs-Reformatted"]);
    },
  ],
  [
    "sam2",
    "sam2",
    { id: "facebook/sam2-hiera-large", pipeline_tag: "mask-generation", tags: [] },
    (result) => {
      expect(shellCode(result)).toContain("git+https://github.com/facebookresearch/segment-anything-2");
      expect(call(result, "SAM2ImagePredictor.from_pretrained").args).toEqual(["facebook/sam2-hiera-large"]);
      expect(call(result, "SAM2VideoPredictor.from_pretrained").args).toEqual(["facebook/sam2-hiera-large"]);
    },
  ],
  [
    "sam-3d-body",
    "sam-3d-body",
    { id: "facebook/sam-3d-body-dinov3", tags: [] },
    (result) => {
      expect(shellCode(result)).toContain("git clone https://github.com/facebookresearch/sam-3d-body");
      expect(call(result, "load_sam_3d_body_hf").args).toEqual(["facebook/sam-3d-body-dinov3"]);
      call(result, "estimator.process_one_image");
    },
  ],
  [
    "sam-3d-objects",
    "sam-3d-objects",
    { id: "facebook/sam-3d-objects", tags: [] },
    (result) => {
      expect(shellCode(result)).toContain("hf download 'facebook/sam-3d-objects' --local-dir checkpoints/hf");
      expect(call(result, "Inference").args).toEqual(["checkpoints/hf/checkpoints/pipeline.yaml"]);
    },
  ],
  [
    "sample-factory",
    "sample-factory",
    { id: "edbeeching/mujoco_hopper_1111", tags: ["sample-factory"] },
    (result) => {
      expect(shellCode(result)).toContain("pip install -U sample-factory");
      expect(shellCode(result)).toContain("python -m sample_factory.huggingface.load_from_hub -r 'edbeeching/mujoco_hopper_1111' -d ./train_dir");
    },
  ],
  [
    "sap-rpt-1-oss",
    "sap-rpt-1-oss",
    { id: "SAP/sap-rpt-1-oss", tags: [] },
    (result) => {
      expect(shellCode(result)).toBe("pip install git+https://github.com/SAP-samples/sap-rpt-1-oss");
      expect(call(result, "list_repo_files").args).toEqual(["SAP/sap-rpt-1-oss"]);
      expect(call(result, "SAP_RPT_OSS_Classifier").kwargs).toMatchObject({ checkpoint: { expr: "checkpoint" } });
    },
  ],
  [
    "setfit",
    "setfit",
    { id: "tomaarsen/setfit-paraphrase-mpnet-base-v2-sst2", tags: ["setfit"], widgetData: [{ text: "A gripping, heartfelt film." }] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U setfit");
      expect(call(result, "SetFitModel.from_pretrained").args).toEqual(["tomaarsen/setfit-paraphrase-mpnet-base-v2-sst2"]);
      expect(call(result, "model.predict").args[0]).toContain("A gripping, heartfelt film.");
    },
  ],
  [
    "span-marker",
    "span-marker",
    { id: "tomaarsen/span-marker-bert-base-fewnerd-fine-super", tags: ["span-marker"] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U span_marker");
      expect(call(result, "SpanMarkerModel.from_pretrained").args).toEqual(["tomaarsen/span-marker-bert-base-fewnerd-fine-super"]);
    },
  ],
  [
    "stable-audio-tools",
    "stable-audio-tools",
    { id: "stabilityai/stable-audio-open-1.0", tags: [] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U stable-audio-tools");
      expect(call(result, "get_pretrained_model").args).toEqual(["stabilityai/stable-audio-open-1.0"]);
      call(result, "generate_diffusion_cond");
    },
  ],
  [
    "seed-story",
    "seed-story",
    { id: "TencentARC/SEED-Story", tags: [] },
    (result) => expect(shellCode(result)).toContain("hf download 'TencentARC/SEED-Story' --local-dir pretrained"),
  ],
  [
    "stable-baselines3",
    "stable-baselines3",
    { id: "sb3/ppo-CartPole-v1", tags: ["stable-baselines3", "CartPole-v1"] },
    (result) => {
      expect(shellCode(result)).toContain("huggingface_sb3");
      expect(call(result, "load_from_hub").kwargs).toEqual({ repo_id: "sb3/ppo-CartPole-v1", filename: "ppo-CartPole-v1.zip" });
      call(result, "PPO.load");
    },
  ],
  [
    "stable-baselines3 (algorithm not in the name)",
    "stable-baselines3",
    { id: "someone/cartpole-agent", tags: ["stable-baselines3"] },
    (result) => {
      call(result, "PPO.load");
      expect(result.blocks[1]!.content).toContain("# Replace PPO with the algorithm the agent was trained with");
    },
  ],
  [
    "stanza",
    "stanza",
    { id: "stanfordnlp/stanza-fr", tags: ["stanza"] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U stanza");
      expect(call(result, "stanza.download").args).toEqual(["fr"]);
      expect(call(result, "stanza.Pipeline").args).toEqual(["fr"]);
    },
  ],
  [
    "supertonic",
    "supertonic",
    { id: "Supertone/supertonic", pipeline_tag: "text-to-speech", tags: [] },
    (result) => {
      expect(shellCode(result)).toContain("supertonic");
      expect(call(result, "snapshot_download").args).toEqual(["Supertone/supertonic"]);
      expect(call(result, "TTS").kwargs).toEqual({ model_dir: { expr: "model_dir" }, auto_download: false });
    },
  ],
  [
    "swarmformer",
    "swarmformer",
    { id: "takara-ai/SwarmFormer-Sentiment-Base", tags: [] },
    (result) => {
      expect(call(result, "hf_hub_download").args).toEqual(["takara-ai/SwarmFormer-Sentiment-Base", "model.safetensors"]);
      call(result, "SwarmFormerModel");
    },
  ],
  [
    "terratorch",
    "terratorch",
    { id: "ibm-esa-geospatial/TerraMind-1.0-base", tags: ["terratorch"] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U terratorch");
      expect(strings(result)).toContain("terramind");
      expect(call(result, "BACKBONE_REGISTRY.build").kwargs).toEqual({ pretrained: true });
    },
  ],
  [
    "univa",
    "univa",
    { id: "LanguageBind/UniWorld-V1", tags: [] },
    (result) => expect(shellCode(result)).toContain("hf download 'LanguageBind/UniWorld-V1' --local-dir checkpoints/univa"),
  ],
  [
    "unity-sentis",
    "unity-sentis",
    { id: "unity/sentis-YOLOv8n", tags: ["unity-sentis"] },
    (result) => {
      expect(shellCode(result)).toContain("hf download 'unity/sentis-YOLOv8n' --local-dir Assets/Models");
      expect(ofLanguage(result, "text")[0]).toContain("ModelLoader.Load(modelAsset)");
    },
  ],
  [
    "sana",
    "sana",
    { id: "Efficient-Large-Model/Sana_1600M_1024px", tags: [] },
    (result) => {
      expect(shellCode(result)).toContain("git clone https://github.com/NVlabs/Sana");
      expect(call(result, "sana.from_pretrained").args).toEqual(["hf://Efficient-Large-Model/Sana_1600M_1024px/checkpoints/Sana_1600M_1024px.pth"]);
    },
  ],
  [
    "videoprism",
    "videoprism",
    { id: "google/videoprism-base-f16r288", tags: [] },
    (result) => {
      expect(call(result, "list_repo_files").args).toEqual(["google/videoprism-base-f16r288"]);
      expect(strings(result)).toContain("videoprism_public_v1_base");
      call(result, "vp.load_pretrained_weights");
    },
  ],
  [
    "videoprism (video-text, large)",
    "videoprism",
    { id: "google/videoprism-lvt-large-f8r288", tags: [] },
    (result) => expect(strings(result)).toContain("videoprism_lvt_public_v1_large"),
  ],
  [
    "vfi-mamba",
    "vfi-mamba",
    { id: "MCG-NJU/VFIMamba", tags: [] },
    (result) => expect(shellCode(result)).toContain("hf download 'MCG-NJU/VFIMamba' --local-dir ."),
  ],
  [
    "lvface",
    "lvface",
    { id: "bytedance-research/LVFace", tags: [] },
    (result) => {
      expect(call(result, "list_repo_files").args).toEqual(["bytedance-research/LVFace"]);
      call(result, "LVFaceONNXInferencer");
      call(result, "inferencer.calculate_similarity");
    },
  ],
  [
    "voicecraft",
    "voicecraft",
    { id: "pyp1/VoiceCraft_830M_TTSEnhanced", tags: [] },
    (result) => expect(call(result, "voicecraft.VoiceCraft.from_pretrained").args).toEqual(["pyp1/VoiceCraft_830M_TTSEnhanced"]),
  ],
  [
    "voxcpm",
    "voxcpm",
    { id: "openbmb/VoxCPM1.5", pipeline_tag: "text-to-speech", tags: [] },
    (result) => {
      expect(shellCode(result)).toBe("pip install -U voxcpm");
      expect(call(result, "VoxCPM.from_pretrained").args).toEqual(["openbmb/VoxCPM1.5"]);
      call(result, "model.generate");
    },
  ],
  [
    "vui",
    "vui",
    { id: "fluxions/vui", tags: [] },
    (result) => {
      expect(call(result, "list_repo_files").args).toEqual(["fluxions/vui"]);
      call(result, "Vui.from_pretrained");
      call(result, "render");
    },
  ],
  [
    "vibevoice",
    "vibevoice",
    { id: "microsoft/VibeVoice-1.5B", tags: [] },
    (result) => expect(shellCode(result)).toContain("--model_path 'microsoft/VibeVoice-1.5B' --txt_path script.txt"),
  ],
  [
    "whisperkit",
    "whisperkit",
    { id: "argmaxinc/whisperkit-coreml", tags: [] },
    (result) => {
      expect(shellCode(result)).toContain("brew install whisperkit-cli");
      expect(shellCode(result)).toContain("hf download 'argmaxinc/whisperkit-coreml' --local-dir whisperkit-models");
    },
  ],
  [
    "yolov10",
    "yolov10",
    { id: "jameslahm/yolov10n", tags: [] },
    (result) => {
      expect(shellCode(result)).toBe("pip install git+https://github.com/THU-MIG/yolov10.git");
      expect(call(result, "YOLOv10.from_pretrained").args).toEqual(["jameslahm/yolov10n"]);
    },
  ],
  [
    "zonos",
    "zonos",
    { id: "Zyphra/Zonos-v0.1-transformer", tags: [] },
    (result) => {
      expect(call(result, "Zonos.from_pretrained")).toMatchObject({ args: ["Zyphra/Zonos-v0.1-transformer"], kwargs: { device: "cuda" } });
      call(result, "make_cond_dict");
    },
  ],
  [
    "3dtopia-xl",
    "3dtopia-xl",
    { id: "FrozenBurning/3DTopia-XL", tags: [] },
    (result) => expect(shellCode(result)).toContain("hf download 'FrozenBurning/3DTopia-XL' model_sview_dit_fp16.pt model_vae_fp16.pt --local-dir pretrained"),
  ],
];
