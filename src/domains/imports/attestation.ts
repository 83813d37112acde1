/**
 * The wording a sender agrees to before anything is imported (contract rule 1). The API stores exactly this text
 * with each import record, and the dashboard shows exactly this text beside the box a person ticks. This file
 * imports nothing so that the browser bundle can use it too.
 */

/** The attestation, word for word; change it only together with a note in docs/imports.md. */
export const ATTESTATION_TEXT =
  "I confirm that these reviews are genuine, that they were written by real customers, that they are copied unchanged, and that I have the right to use them.";
