/**
 * Each item judged in the list's order by `concurrency` workers, until `limit` of them fit: a new one starts only
 * while those that fit, with those under way, are fewer than the limit, so no more is read than the answer needs.
 * The verdicts stand at their items' places; an item never started has none.
 */
export async function judgeUntilLimit<T, J>(
  items: readonly T[],
  limit: number,
  concurrency: number,
  judge: (item: T) => Promise<J>,
  fits: (judged: J) => boolean,
): Promise<(J | undefined)[]> {
  const results: (J | undefined)[] = new Array(items.length);
  let next = 0;
  let fitting = 0;
  let inFlight = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && fitting + inFlight < limit) {
      const index = next++;
      inFlight++;
      try {
        const judged = await judge(items[index]!);
        results[index] = judged;
        if (fits(judged)) fitting++;
      } finally {
        inFlight--;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}
