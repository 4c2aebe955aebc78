/**
 * Stand-ins for string-width and Intl.Segmenter in the picker's bundle (scripts/bundle.mjs puts them in
 * front of the real ones). Ink measures and splits every line it draws with them, and the first use of
 * each pays for Unicode tables: string-width 8 builds an RGI_Emoji regular expression when it loads
 * (about 20 ms), the first Intl.Segmenter loads ICU's break rules (about 12 ms). The picker's own text is
 * printable ASCII, SGR colour codes and a few narrow symbols, where every character is one column wide
 * and a grapheme of its own; that text is answered here, any other goes to the real ones, made on first need.
 */

/** The non-ASCII symbols the picker draws: one column each (narrow or East Asian ambiguous, counted narrow), never joined to a neighbour. */
export const NARROW_SYMBOLS = "·…—–─│›✓⏎←↑→↓";

const NARROW_TEXT = new RegExp(`^[\\x20-\\x7e${NARROW_SYMBOLS}]*$`);
/** Line feeds and escape characters are graphemes of their own too (a carriage return is not: CR LF is one). */
const SINGLE_GRAPHEMES = new RegExp(`^[\\n\\x1b\\x20-\\x7e${NARROW_SYMBOLS}]*$`);
const SGR = /\x1b\[[0-9;]*m/g;

interface WidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

/** string-width's answer for narrow text with any SGR codes, or undefined when the real one must answer. */
export function narrowWidth(text: unknown, options?: WidthOptions): number | undefined {
  if (typeof text !== "string" || options?.ambiguousIsNarrow === false || options?.countAnsiEscapeCodes) return undefined;
  const plain = text.includes("\x1b") ? text.replace(SGR, "") : text;
  return NARROW_TEXT.test(plain) ? plain.length : undefined;
}

interface SegmentData {
  segment: string;
  index: number;
  input: string;
}

/** What Segmenter.segment() returns, for text whose every character is a grapheme; undefined for other text. */
export function singleGraphemes(text: string): (Iterable<SegmentData> & { containing(index?: number): SegmentData | undefined }) | undefined {
  if (!SINGLE_GRAPHEMES.test(text)) return undefined;
  // No surrogate pairs in such text: a code point's index is its code unit's.
  const segments = Array.from(text, (segment, index) => ({ segment, index, input: text }));
  return {
    [Symbol.iterator]: () => segments[Symbol.iterator](),
    containing: (index = 0) => segments[Math.trunc(index)],
  };
}

/** Intl.Segmenter, with the real one made only for text singleGraphemes cannot split. */
export class LazySegmenter {
  #real: Intl.Segmenter | undefined;
  readonly #locales: string | string[] | undefined;
  readonly #options: Intl.SegmenterOptions | undefined;

  constructor(locales?: string | string[], options?: Intl.SegmenterOptions) {
    this.#locales = locales;
    this.#options = options;
  }

  segment(text: string) {
    const graphemes = (this.#options?.granularity ?? "grapheme") === "grapheme" ? singleGraphemes(String(text)) : undefined;
    // globalThis: the bundle turns every plain `Intl.Segmenter` into this class.
    return graphemes ?? (this.#real ??= new globalThis.Intl.Segmenter(this.#locales, this.#options)).segment(text);
  }
}
