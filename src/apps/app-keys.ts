/*
 * Every local app of catalogue/apps.json with its kind (the order is free),
 * where the compiler sees it: `AppKey` and `CommandAppKey` come from here, so
 * a command app without its generator (generate.ts) fails `tsc`. The build
 * refuses a catalogue that differs from this table (src/build/schemas/app.ts).
 */
export const APP_KINDS = {
  "llama.cpp": "snippet",
  "node-llama-cpp": "snippet",
  vllm: "snippet",
  sglang: "snippet",
  "mlx-lm": "snippet",
  tgi: "snippet",
  lmstudio: "deeplink",
  localai: "snippet",
  jan: "deeplink",
  "atomic-chat": "deeplink",
  backyard: "deeplink",
  jellybox: "deeplink",
  msty: "deeplink",
  recursechat: "deeplink",
  drawthings: "deeplink",
  diffusionbee: "deeplink",
  joyfusion: "deeplink",
  ollama: "snippet",
  unsloth: "deeplink",
  "docker-model-runner": "snippet",
  lemonade: "snippet",
  pi: "snippet",
  "hermes-agent": "snippet",
  openclaw: "snippet",
} as const;

export type AppKey = keyof typeof APP_KINDS;
/** The apps hubref writes commands for ("snippet"); the others are opened by a deep link. */
export type CommandAppKey = { [Key in AppKey]: (typeof APP_KINDS)[Key] extends "snippet" ? Key : never }[AppKey];

export function isCommandApp(key: AppKey): key is CommandAppKey {
  return APP_KINDS[key] === "snippet";
}
