/*
 * The keys a device's name is looked up by, as people and tools write it. A module of its own, with nothing
 * kept between calls: the models browser's screen (an ES-module bundle beside the core, scripts/bundle.mjs)
 * holds its own copy of these two functions, and test/build/bundle.test.ts allows copies only of such modules.
 */

/** Words a name may carry or drop without naming another device. */
const BRAND_WORDS = /\b(nvidia|geforce|tesla|amd|apple|intel|rtx|gtx|radeon|rx|arc|instinct)\b/g;

export function squeeze(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9+]/g, "");
}

/** The keys a name answers to: the whole name, and the name without brand words. */
export function keysOf(name: string): string[] {
  const whole = squeeze(name);
  const bare = squeeze(name.toLowerCase().replace(BRAND_WORDS, " "));
  return bare && bare !== whole ? [whole, bare] : [whole];
}
