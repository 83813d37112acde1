/**
 * Why an import button is disabled, in one plain sentence shown next to it (empty when it is enabled): the
 * "Continue" of step 2 needs a text column and at least one ready row; the "Import" of step 3 needs ready rows, a
 * named source of at most 60 characters and the ticked attestation (contract rules 1 and the source limit).
 */

/** “a”, “a and b”, “a, b and c”. */
export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** Why step 2 cannot continue, or null. */
export function continueBlocker(hasText: boolean, readyCount: number): string | null {
  if (!hasText) return "Choose which column holds the review text to continue.";
  if (readyCount === 0) return "No row is ready yet: every row has a problem, listed in the preview below.";
  return null;
}

/** What the send form knows when the button is drawn. */
export interface SendState {
  readyCount: number;
  sourceName: string;
  attested: boolean;
}

/** Why the import cannot be sent yet, or null. */
export function sendBlocker({ readyCount, sourceName, attested }: SendState): string | null {
  if (readyCount === 0) return "There is nothing to import: no row is ready. Go back to the preview to see why.";
  const stillNeeded: string[] = [];
  const n = [...sourceName.trim()].length;
  if (n === 0) stillNeeded.push("name the source (where these reviews were first posted)");
  else if (n > 60) stillNeeded.push(`shorten the source to 60 characters (it has ${n})`);
  if (!attested) stillNeeded.push("tick the box confirming the reviews are genuine");
  if (stillNeeded.length === 0) return null;
  return `To import, ${joinAnd(stillNeeded)}.`;
}
