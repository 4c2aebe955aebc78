import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

/* memra is a Rust engine with an OpenAI-compatible server; it fetches "hf:" models on first use. */
export const memra: LibrarySnippetGenerator = (model) => [
  sh(`# Prebuilt binaries need Linux x86_64 and an NVIDIA driver with CUDA 13 support.
curl -fsSL https://raw.githubusercontent.com/avifenesh/memra/main/tools/install.sh | sh
export PATH="$HOME/.local/bin:$PATH"`),
  sh(`MEMRA_MODELS=${shellQuote(`model=hf:${model.id}`)} memra-server`),
  sh(`curl -sS http://127.0.0.1:8080/v1/chat/completions \\
    -H 'Content-Type: application/json' \\
    -d '{"model": "model", "messages": [{"role": "user", "content": "What is the capital of France?"}], "max_tokens": 128}'`),
];
