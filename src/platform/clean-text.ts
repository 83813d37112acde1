/**
 * The display-text rule (src/platform/text.ts) for services: text that did not come through a route's schema (the
 * CLI's names, rows checked one by one) is refused in the same words as the schema refuses it.
 */
import { invalid } from "./errors";
import { describeTextProblem, textProblem, type TextKind } from "./text";

/** `value` when it may be stored as `kind` text; otherwise 400 `validation_failed` naming `field` and the character. */
export function requireCleanText(value: string, kind: TextKind, field: string): string {
  const problem = textProblem(value, kind);
  if (!problem) return value;
  throw invalid(`${field} ${describeTextProblem(problem)}. Remove it and send again.`, field, {
    reason: problem.reason,
    character: problem.character,
  });
}
