/*
 * What a serving plan needs to know of a GPU beyond its size: how much of it
 * CUDA reports (what `gpu_memory_utilization` multiplies: a little less than
 * the memory sold, the driver and the CUDA context keep the rest), and its
 * generation, which picks the kernels that lay out quantized weights.
 */

export type GpuGeneration = "volta" | "turing" | "ampere" | "ada" | "hopper" | "blackwell" | "rocm";

/** Generation by name, the first pattern that matches (NVIDIA's and AMD's product names). */
const GENERATIONS: readonly (readonly [RegExp, GpuGeneration])[] = [
  [/\b(B\d{3}|GB\d{3}|RTX 50\d0|RTX PRO \d000|Blackwell)\b/i, "blackwell"],
  [/\b(H\d{2,3}|GH200)\b/i, "hopper"],
  [/\b(L4|L40S?|RTX 40\d0|RTX \d000 Ada|Ada)\b/i, "ada"],
  [/\b(A\d{2,3}|RTX 30\d0|RTX A\d{4})\b/i, "ampere"],
  [/\b(T4|RTX 20\d0|Quadro RTX)\b/i, "turing"],
  [/\bV100\b/i, "volta"],
  [/\b(MI\d{3}|Radeon|RX \d{4})\b/i, "rocm"],
];

export function gpuGeneration(name: string): GpuGeneration {
  for (const [pattern, generation] of GENERATIONS) if (pattern.test(name)) return generation;
  return "ampere";
}

/**
 * The share of the memory sold that CUDA reports as the device's total, from vLLM logs that print both:
 * 79.18 GiB of an 80 GB H100 (llm-d/llm-d-benchmark, empirical-vllm-memory-results.md), 23.58 GiB of a 24 GB
 * RTX 3090 (vllm-project/vllm#10517). Memory sold as "80 GB" is 80 GiB.
 */
export const CUDA_VISIBLE_SHARE = { known: { H100: 79.18 / 80, "RTX 3090": 23.58 / 24 } as Record<string, number>, otherwise: 0.985 };

/** The total CUDA reports for a device of `soldBytes` named `name`. */
export function cudaVisibleBytes(name: string, soldBytes: number): number {
  const share = CUDA_VISIBLE_SHARE.known[name] ?? CUDA_VISIBLE_SHARE.otherwise;
  return Math.floor(soldBytes * share);
}
