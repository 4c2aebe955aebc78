import type { ModelData } from "./schema.js";

/*
 * Whether a model's files need a login: the hub marks a gated repository with
 * `gated` ("auto" or "manual"; false when open) and a private one with
 * `private`; a card with an access prompt is gated too.
 */

export function isGated(model: ModelData): boolean {
  const flag = (model as { gated?: unknown }).gated;
  if (flag !== undefined) return flag !== false && flag !== "false";
  const card = model.cardData as Record<string, unknown> | undefined;
  return card !== undefined && (card.extra_gated_prompt !== undefined || card.extra_gated_fields !== undefined);
}

export function isPrivate(model: ModelData): boolean {
  return (model as { private?: unknown }).private === true;
}

/*
 * Base models known to be gated, for code that loads a base model named in an
 * adapter's card (a LoRA, a PEFT adapter): the adapter's metadata says nothing
 * of its base's access. Facts from the hub's model pages.
 */
const GATED_BASES: readonly RegExp[] = [
  /^black-forest-labs\/FLUX\.1-(dev|Fill-dev|Canny-dev|Depth-dev|Redux-dev|Kontext-dev)$/,
  /^meta-llama\//,
  /^google\/gemma-/,
  /^stabilityai\/stable-diffusion-3(\.5)?-/,
];

export function isGatedBase(id: string): boolean {
  return GATED_BASES.some((pattern) => pattern.test(id));
}

/** The page where a person accepts a repository's terms (and sees whether access was granted). */
export function modelPage(id: string): string {
  return `https://huggingface.co/${id}`;
}

/**
 * What to tell a person before they run code for `model`: why it needs a
 * login, and how. `bases` are the other repositories the code loads.
 */
export function accessNotes(model: ModelData, bases: readonly string[] = []): string[] {
  const notes: string[] = [];
  const login = "log in with `hf auth login` or set HF_TOKEN to a token of that account";
  if (isPrivate(model)) notes.push(`${model.id} is private: only accounts with access to it can download it; ${login}`);
  else if (isGated(model)) notes.push(`${model.id} is gated: accept its terms at ${modelPage(model.id)}, then ${login}`);
  for (const base of bases.filter(isGatedBase)) {
    notes.push(`its base model ${base} is gated: accept its terms at ${modelPage(base)}, then ${login}`);
  }
  return notes;
}
