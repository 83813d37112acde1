/**
 * Word error rate: word-level edit distance between a reference and a hypothesis, over the reference's length,
 * after lowercasing and removing punctuation (so "Honestly," matches "honestly").
 */

/** Lowercase words without punctuation (apostrophes inside words kept). */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}']/gu, "").replace(/^'+|'+$/g, ""))
    .filter(Boolean);
}

/** (substitutions + deletions + insertions) / reference words; 0 when both are empty. */
export function wordErrorRate(reference: string | string[], hypothesis: string | string[]): number {
  const r = Array.isArray(reference) ? reference.flatMap(normaliseWords) : normaliseWords(reference);
  const h = Array.isArray(hypothesis) ? hypothesis.flatMap(normaliseWords) : normaliseWords(hypothesis);
  if (r.length === 0) return h.length === 0 ? 0 : 1;
  let prev = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const cur = [i];
    for (let j = 1; j <= h.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[h.length]! / r.length;
}
