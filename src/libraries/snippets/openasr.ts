import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

/* OpenASR is a Rust command-line tool that runs .oasr model packs and serves an OpenAI-compatible API. */
export const openasr: LibrarySnippetGenerator = (model) => [
  sh(`# Needs cmake and a C/C++ toolchain: the ggml backend compiles from source.
git clone --recurse-submodules https://github.com/QuintinShaw/openasr.git
cd openasr
cargo build --release -p openasr-cli
export PATH="$PWD/target/release:$PATH"`),
  sh(`hf download ${shellQuote(model.id)} --include "*.oasr" --local-dir ./openasr-model
openasr serve --backend native --model-pack "$(ls ./openasr-model/*.oasr | head -n 1)"`),
  sh(`curl -s http://127.0.0.1:8080/v1/audio/transcriptions \\
    -F file=@audio.wav \\
    -F response_format=verbose_json`),
];
