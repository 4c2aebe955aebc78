import type { CacheType } from "./rules.js";

/*
 * What a local app is told to run: the settings of a memory plan (or of
 * --ctx alone) that every app's command carries, so the command runs the
 * setup that was judged to fit rather than the app's own defaults. Each field
 * is absent when nobody asked for it and no plan decided it; an app then
 * keeps its default.
 */
export interface RunSettings {
  /** Context in tokens. */
  contextSize?: number;
  /** KV cache element types (llama.cpp's --cache-type-k / --cache-type-v). */
  cacheTypeK?: CacheType;
  cacheTypeV?: CacheType;
  flashAttention?: "on" | "off" | "auto";
  /** Layers offloaded to the GPU (llama.cpp's -ngl, which counts the output as a layer); "all" for every layer, 0 for none. */
  gpuLayers?: number | "all";
  /**
   * Every layer as llama.cpp counts them (the repeating layers and the output), with a plan: an app
   * that takes only a count writes this for "all", never more layers than the model has.
   */
  layerCount?: number;
  /** Layers whose expert tensors stay in system memory (llama.cpp's --n-cpu-moe). */
  cpuMoeLayers?: number;
}
