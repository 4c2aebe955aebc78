/** Edit distance, for did-you-mean suggestions. */
export function levenshtein(a: string, b: string): number {
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

/**
 * The closest candidate to `input`, or undefined when none is close enough to be
 * a plausible typo. A candidate that contains the input also counts.
 */
export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  const needle = input.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    // A candidate that contains what was typed is a plausible match even when much longer.
    const edits = levenshtein(needle, lower);
    const distance = lower.includes(needle) && needle.length >= 3 ? Math.min(edits, 2) : edits;
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return undefined;
  const tolerance = Math.max(2, Math.floor(needle.length / 3));
  return best.distance <= tolerance ? best.candidate : undefined;
}

export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(input, candidates);
  return match ? `did you mean '${match}'?` : undefined;
}
