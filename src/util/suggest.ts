/** Edit distance, for did-you-mean suggestions. */
function levenshtein(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** Separators people drop or swap: `Q4KM` means `Q4_K_M`, `text_classification` means `text-classification`. */
const bare = (text: string) => text.replace(/[-_. ]/g, "");

/**
 * The closest candidate to `input`, or undefined when none is close enough to be
 * a plausible typo. A candidate that contains the input also counts, ranked
 * after candidates that are as close by edits.
 */
export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  const needle = input.toLowerCase();
  // Short words are all a few edits apart ('nope' and 'eupe'): a wrong
  // suggestion misleads more than none, so the bar rises slowly with length.
  const tolerance = needle.length <= 4 ? 1 : needle.length <= 8 ? 2 : Math.max(3, Math.floor(needle.length / 4));
  let best: { candidate: string; edits: number } | undefined;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    let edits = Math.min(levenshtein(needle, lower), levenshtein(bare(needle), bare(lower)));
    // A candidate that contains what was typed is plausible even when much longer.
    if (edits > tolerance && needle.length >= 3 && lower.includes(needle)) edits = tolerance + 0.5;
    if (!best || edits < best.edits) best = { candidate, edits };
  }
  return best && best.edits <= tolerance + 0.5 ? best.candidate : undefined;
}

export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(input, candidates);
  return match ? `did you mean '${match}'?` : undefined;
}
