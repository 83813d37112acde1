/**
 * Why an import button is disabled, in one plain sentence shown next to it (empty when it is enabled): the
 * "Continue" of step 2 needs a text column and at least one ready row; the "Import" of step 3 needs ready rows, a
 * named source of at most 60 characters and the ticked attestation (contract rules 1 and the source limit).
 */
import { t } from "../i18n";

/** “a”, “a and b”, “a, b and c”. */
export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return t("import.blockers.and", { rest: parts.slice(0, -1).join(", "), last: parts[parts.length - 1]! });
}

/** Why step 2 cannot continue, or null. */
export function continueBlocker(hasText: boolean, readyCount: number): string | null {
  if (!hasText) return t("import.blockers.no_text");
  if (readyCount === 0) return t("import.blockers.none_ready");
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
  if (readyCount === 0) return t("import.blockers.nothing");
  const stillNeeded: string[] = [];
  const n = [...sourceName.trim()].length;
  if (n === 0) stillNeeded.push(t("import.blockers.name_source"));
  else if (n > 60) stillNeeded.push(t("import.blockers.shorten_source", { count: n }));
  if (!attested) stillNeeded.push(t("import.blockers.attest"));
  if (stillNeeded.length === 0) return null;
  return t("import.blockers.to_import", { needed: joinAnd(stillNeeded) });
}
