/**
 * The capture page's check of hidden characters (web/capture/validate.ts), with the server's own rule: a name, job
 * title, company, written answer or answer of the link's own questions holding what the server refuses is shown
 * wrong beside its field before anything is sent, in plain words; a refusal the server sends back (`details.reason`)
 * is put in the same words.
 */
import { describe, expect, test } from "bun:test";
import { serverProblemWords, validate, type Draft } from "../../web/capture/validate";

const LINK = {
  limits: { min_text_chars: 20, max_short_text_chars: 500 },
  custom_fields: [{ id: "fld_team", label: "Which team?", type: "short_text", required: false }],
} as unknown as Parameters<typeof validate>[1];

const draft = (over: Partial<Draft> = {}, who: Partial<Draft["respondent"]> = {}): Draft => ({
  method: "text",
  answer: null,
  text: "Acme halved our onboarding time, truly.",
  respondent: { name: "Dana", email: "", title: "", company: "", ...who },
  agreed: true,
  custom: {},
  photo: null,
  ...over,
});

describe("before sending", () => {
  test("a clean form has no problems; names in any script and emoji sequences are fine", () => {
    expect(validate(draft(), LINK)).toEqual({});
    expect(validate(draft({}, { name: "Zoë 👩‍💻", company: "محمد\u200cرضا" }), LINK)).toEqual({});
  });

  test("each field holding a hidden character is named, with the character, in plain words", () => {
    const e = validate(
      draft(
        { text: "Great service\u202e, truly great.", custom: { fld_team: "Blue\u200bteam" } },
        { name: "Dana\u202emoc", title: "CEO\u001b", company: "Acme\u2066" },
      ),
      LINK,
    );
    expect(e).toEqual({
      "answer-text":
        "Your answer contains a hidden character that changes the direction text is shown in (U+202E). Please delete it, or type it again rather than pasting it.",
      name: "Your name contains a hidden character that changes the direction text is shown in (U+202E). Please delete it, or type it again rather than pasting it.",
      title:
        "Your job title contains a hidden control character (U+001B). Please delete it, or type it again rather than pasting it.",
      company:
        "Your company contains a hidden character that changes the direction text is shown in (U+2066). Please delete it, or type it again rather than pasting it.",
      "cf-fld_team":
        "Your answer contains an invisible character (U+200B). Please delete it, or type it again rather than pasting it.",
    });
  });

  test("a written answer keeps its line breaks", () => {
    expect(validate(draft({ text: "First line\nsecond line, long enough." }), LINK)).toEqual({});
  });
});

describe("after the server refused", () => {
  test("a refused character is put in the page's words; other refusals keep the server's", () => {
    expect(
      serverProblemWords("name", "Invalid body: respondent.name contains …", {
        field: "respondent.name",
        reason: "invisible_character",
        character: "U+200B",
      }),
    ).toBe(
      "Your name contains an invisible character (U+200B). Please delete it, or type it again rather than pasting it.",
    );
    expect(serverProblemWords("name", "Please enter your name.", { field: "respondent.name" })).toBe(
      "Please enter your name.",
    );
  });
});
