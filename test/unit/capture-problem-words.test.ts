/** The capture page says the server's refusals in its own language, by their code (web/capture/problem-words.ts). */
import { afterAll, expect, test } from "bun:test";
import { problemWords } from "../../web/capture/problem-words";
import { words } from "../../web/capture/i18n";
import de from "../../src/platform/i18n/messages/capture/de.json";
import ar from "../../src/platform/i18n/messages/capture/ar.json";

afterAll(() => words.use("en"));

test("a closed link, a changed consent and too many tries are said in the page's language", () => {
  words.use("de");
  expect(problemWords({ code: "link_closed", message: "This page is full", details: { reason: "full" } })).toBe(
    de["closed.full"],
  );
  expect(problemWords({ code: "consent_changed", message: "changed" })).toBe(de["problem.consentChanged"]);
  words.use("ar");
  expect(problemWords({ code: "too_many_requests", message: "Too many" })).toBe(ar["problem.tooMany"]);
  expect(problemWords({ code: "link_closed", message: "x", details: { reason: "odd" } })).toBe(ar["closed.paused"]);
});

test("a refusal without words of the page's own keeps the server's message", () => {
  words.use("de");
  expect(problemWords({ code: "validation_failed", message: "Unknown prompt." })).toBe("Unknown prompt.");
});
