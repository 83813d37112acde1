/**
 * Counting text the way the contract's "characters" do: Unicode code points, so an emoji or a letter outside the
 * Basic Multilingual Plane is one character, not the two UTF-16 units JavaScript's `length` counts.
 */

/** Characters (code points) in a string. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
