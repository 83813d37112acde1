/**
 * The inbox's pure helpers: filters in the address, keyboard shortcuts (quiet while typing), the word being said
 * at a moment, state badges and failures, the public preview, bulk summaries, what may be published (and when the
 * words of a recording are asked about), the decision line, and how tags of several brands are named.
 */
import { describe, expect, test } from "bun:test";
import { filtersToQuery, hasFilters, inboxPath, listQuery, readFilters } from "../../web/dashboard/inbox/filters";
import { isTyping, shortcutFor } from "../../web/dashboard/inbox/shortcuts";
import { formatDuration, formatTiming, wordAt } from "../../web/dashboard/inbox/words";
import { canProcessAgain, decisionView, failureAdvice, failureOf, statusView } from "../../web/dashboard/inbox/status";
import { adviceFor, explainFailure, formatFailure } from "../../src/media/failure-reasons";
import { byline, publicPreview, stars } from "../../web/dashboard/inbox/preview";
import { bulkSummary } from "../../web/dashboard/inbox/bulk-summary";
import type { BulkAnswer, Submission } from "../../web/dashboard/inbox/types";
import {
  asksAboutWords,
  canPublish,
  notPublishableReason,
  recordingWord,
  wordsShown,
} from "../../web/dashboard/inbox/publishable";
import { standing } from "../../web/dashboard/inbox/moderation-bar";
import { tagLabel, tagOwner } from "../../web/dashboard/tag-label";

describe("filters", () => {
  test("read from the address; values the route would refuse are dropped", () => {
    const f = readFilters(
      new URLSearchParams(
        "status=failed&origin=imported&is_approved=false&is_public=true&tag_id=tag_1&q=%20%20late%20%20invoices%20",
      ),
    );
    expect(f).toEqual({
      status: "failed",
      origin: "imported",
      is_approved: "false",
      is_public: "true",
      tag_id: "tag_1",
      q: "late invoices",
    });
    expect(
      readFilters(new URLSearchParams("status=deleted&origin=x&is_approved=yes&is_public=1&q=%20%20&tag_id=")),
    ).toEqual({});
    expect(readFilters(new URLSearchParams(`q=${"a".repeat(300)}`)).q).toHaveLength(200);
    expect(readFilters(new URLSearchParams(`tag_id=${"t".repeat(65)}`))).toEqual({});
  });

  test("written back in a fixed order, so equal filters give equal addresses", () => {
    expect(filtersToQuery({ q: "great", status: "ready" })).toBe("status=ready&q=great");
    expect(filtersToQuery({ status: "ready", q: "great" })).toBe("status=ready&q=great");
    expect(inboxPath(null, {})).toBe("inbox");
    expect(inboxPath("sub_1", { is_public: "true", q: "a&b" })).toBe("inbox/sub_1?is_public=true&q=a%26b");
    expect(readFilters(new URLSearchParams(filtersToQuery({ q: "a&b c", tag_id: "tag_9" })))).toEqual({
      q: "a&b c",
      tag_id: "tag_9",
    });
  });

  test("the list query carries the brand and only the filters set", () => {
    expect(listQuery("brd_1", { status: "processing", q: "x" })).toEqual({
      brand_id: "brd_1",
      status: "processing",
      q: "x",
    });
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ origin: "collected" })).toBe(true);
  });
});

describe("shortcuts", () => {
  const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, ...extra });
  const cases: [string, Parameters<typeof shortcutFor>[0], ReturnType<typeof shortcutFor>][] = [
    ["j", { key: "j" }, "next"],
    ["↓", { key: "ArrowDown" }, "next"],
    ["k", { key: "k" }, "previous"],
    ["↑", { key: "ArrowUp" }, "previous"],
    ["a", { key: "a" }, "approve"],
    ["A (caps lock)", { key: "A" }, "approve"],
    ["r", { key: "r" }, "reject"],
    ["p", { key: "p" }, "publish"],
    ["e", { key: "e" }, "edit"],
    ["x", { key: "x" }, "select"],
    ["?", { key: "?" }, "help"],
    ["an unknown key", { key: "z" }, null],
    ["Ctrl+a (select all)", { key: "a", ctrlKey: true }, null],
    ["Cmd+r (reload)", { key: "r", metaKey: true }, null],
    ["Alt+j", { key: "j", altKey: true }, null],
    ["a in a search box", { key: "a", target: el("INPUT", { type: "search" }) }, null],
    ["j in a text box", { key: "j", target: el("input") }, null],
    ["r in a textarea", { key: "r", target: el("TEXTAREA") }, null],
    ["p in a select (jumps to an option)", { key: "p", target: el("SELECT") }, null],
    ["e in an editable area", { key: "e", target: el("DIV", { isContentEditable: true }) }, null],
    [
      "x in a role=textbox",
      { key: "x", target: el("DIV", { getAttribute: (n: string) => (n === "role" ? "textbox" : null) }) },
      null,
    ],
    ["x on a checkbox", { key: "x", target: el("INPUT", { type: "checkbox" }) }, "select"],
    ["j on a button", { key: "j", target: el("BUTTON") }, "next"],
    ["↓ on the video (volume)", { key: "ArrowDown", target: el("VIDEO") }, null],
    ["j on the video", { key: "j", target: el("VIDEO") }, "next"],
    [
      "↑ on a slider",
      { key: "ArrowUp", target: el("DIV", { getAttribute: (n: string) => (n === "role" ? "slider" : null) }) },
      null,
    ],
  ];
  for (const [name, press, want] of cases) test(`${name} → ${want}`, () => expect(shortcutFor(press)).toBe(want));

  test("typing targets", () => {
    expect(isTyping(null)).toBe(false);
    expect(isTyping(el("INPUT", { type: "radio" }))).toBe(false);
    expect(isTyping(el("INPUT", { type: "email" }))).toBe(true);
  });
});

describe("following the recording", () => {
  const words = [
    { text: "Honestly,", start_ms: 400, end_ms: 900 },
    { text: "the", start_ms: 1040, end_ms: 1150 },
    { text: "team", start_ms: 1370, end_ms: 1700 },
    { text: "rocks.", start_ms: 3000, end_ms: 3400 },
  ];
  const cases: [number, number][] = [
    [0, -1],
    [399, -1],
    [400, 0],
    [899, 0],
    [1100, 1],
    [1200, 1],
    [1369, 1],
    [1370, 2],
    [2000, 2],
    [2001, -1],
    [2999, -1],
    [3400, 3],
    [3700, 3],
    [3701, -1],
  ];
  for (const [ms, want] of cases) test(`at ${ms} ms → word ${want}`, () => expect(wordAt(words, ms)).toBe(want));
  test("no words", () => expect(wordAt([], 100)).toBe(-1));
  test("times", () => {
    expect(formatTiming(0)).toBe("0:00.0");
    expect(formatTiming(7_440)).toBe("0:07.4");
    expect(formatTiming(62_000)).toBe("1:02.0");
    expect(formatTiming(59_960)).toBe("1:00.0");
    expect(formatDuration(14_200)).toBe("0:14");
    expect(formatDuration(725_000)).toBe("12:05");
    expect(formatDuration(null)).toBe("—");
  });
});

const base: Submission = {
  id: "sub_1",
  brand_id: "brd_1",
  link_id: null,
  collect_link_id: null,
  kind: "text",
  status: "ready",
  origin: "collected",
  failure_reason: null,
  respondent_name: "Robin Writer",
  respondent_title: "Head of Support",
  respondent_company: "Northwind",
  rating: 4,
  text_input: "Great service.",
  text_source: "typed",
  original_text: "Great service.",
  language: "en",
  sentiment: null,
  source: null,
  review_url: null,
  reviewed_at: null,
  public_media: null,
  words_draft: false,
  hide_words: false,
  custom_fields: [],
  has_photo: false,
  photo_pending: false,
  mode: "live",
  is_approved: false,
  is_public: false,
  approved_at: null,
  corrected_at: null,
  rejected_at: null,
  rejection_reason: null,
  duration_ms: null,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};

describe("states", () => {
  test("status badges; uploading and processing turn", () => {
    expect(statusView({ status: "processing" })).toEqual({ label: "Processing", tone: "info", busy: true });
    expect(statusView({ status: "uploading" }).busy).toBe(true);
    expect(statusView({ status: "failed" })).toEqual({ label: "Failed", tone: "bad" });
  });

  test("decisions: a rejection wins over a stale approval flag", () => {
    expect(decisionView({ is_approved: false, rejected_at: null }).label).toBe("Needs review");
    expect(decisionView({ is_approved: true, rejected_at: null }).label).toBe("Approved");
    expect(decisionView({ is_approved: true, rejected_at: "2026-11-20T10:00:00.000Z" }).label).toBe("Rejected");
  });

  test("failures read as their message; processing again only where it can help", () => {
    expect(failureOf("corrupt: The file is incomplete.")).toEqual({
      code: "corrupt",
      message: "The file is incomplete.",
    });
    expect(failureOf("Something odd: with a colon")).toEqual({
      code: "failed",
      message: "Something odd: with a colon",
    });
    expect(failureOf(null)).toBeNull();
    const original = { variant: "original" as const, url: "u", content_type: "video/webm", expires_at: "" };
    expect(canProcessAgain({ status: "failed", failure_reason: "corrupt: x", media: { original } })).toBe(true);
    expect(canProcessAgain({ status: "failed", failure_reason: "not_media: x", media: { original } })).toBe(false);
    expect(canProcessAgain({ status: "failed", failure_reason: "corrupt: x", media: {} })).toBe(false);
    expect(canProcessAgain({ status: "ready", failure_reason: null, media: { original } })).toBe(false);
  });

  test("a failure with advice reads as what failed and what you can do (the server's words, as stored)", () => {
    const stored = formatFailure(
      explainFailure(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" })),
    );
    const f = failureOf(stored)!;
    expect(f).toEqual({
      code: "disk_full",
      message: "The server's disk is full, so the processed files could not be written.",
      action: adviceFor("disk_full"),
    });
    const original = { variant: "original" as const, url: "u", content_type: "video/webm", expires_at: "" };
    expect(failureAdvice({ status: "failed", failure_reason: stored, media: { original } })).toBe(
      adviceFor("disk_full"),
    );
    // Reasons stored before advice existed get a general line.
    expect(failureAdvice({ status: "failed", failure_reason: "corrupt: x", media: { original } })).toMatch(
      /^Choose Process again/,
    );
    expect(failureAdvice({ status: "failed", failure_reason: "not_media: x", media: { original } })).toMatch(
      /cannot help/,
    );
  });
});

describe("public preview", () => {
  test("the public item's fields, dated when written (imports) or sent", () => {
    expect(publicPreview(base)).toEqual({
      kind: "text",
      name: "Robin Writer",
      title: "Head of Support",
      company: "Northwind",
      rating: 4,
      date: "2026-11-20",
      text: "Great service.",
      duration_ms: null,
    });
    expect(publicPreview({ ...base, origin: "imported", reviewed_at: "2024-03-05" }).date).toBe("2024-03-05");
    expect(publicPreview({ ...base, respondent_name: "  " }).name).toBeNull();
    expect(publicPreview({ ...base, kind: "video", duration_ms: 14_000 }).duration_ms).toBe(14_000);
    expect(byline({ title: null, company: "Globex" })).toBe("Globex");
    expect(byline({ title: " ", company: null })).toBe("");
    expect(stars(4)).toBe("★★★★☆");
    expect(stars(null)).toBe("");
  });
});

describe("bulk summaries", () => {
  const names = new Map([
    ["sub_1", "Robin Writer"],
    ["sub_2", "Una Uploading"],
  ]);
  const ok = (id: string) => ({ id, ok: true as const, submission: null });
  const bad = (id: string, message: string) => ({ id, ok: false as const, error: { code: "not_ready", message } });

  test("all changed", () => {
    const a: BulkAnswer = {
      action: "make_public",
      succeeded: 3,
      failed: 0,
      results: [ok("sub_1"), ok("sub_3"), ok("sub_4")],
    };
    expect(bulkSummary(a, names)).toEqual({ tone: "success", title: "Published 3 testimonials.", problems: [] });
    expect(bulkSummary({ ...a, action: "delete", succeeded: 1, results: [ok("sub_1")] }, names).title).toBe(
      "Deleted 1 testimonial.",
    );
  });

  test("some could not change: whose, and the server's reason", () => {
    const a: BulkAnswer = {
      action: "approve",
      succeeded: 2,
      failed: 1,
      results: [ok("sub_1"), bad("sub_2", "This testimonial is still being uploaded."), ok("sub_3")],
    };
    expect(bulkSummary(a, names)).toEqual({
      tone: "warning",
      title: "Approved 2 of 3 testimonials. 1 could not be changed.",
      problems: ["Una Uploading: This testimonial is still being uploaded."],
    });
  });

  test("none could change; an id without a known name is shown as is", () => {
    const a: BulkAnswer = { action: "reject", succeeded: 0, failed: 1, results: [bad("sub_9", "Not found.")] };
    expect(bulkSummary(a, names)).toEqual({
      tone: "error",
      title: "Nothing changed: the testimonial could not be changed.",
      problems: ["sub_9: Not found."],
    });
  });
});

describe("what may be published (issue 29)", () => {
  test("only a processed testimonial; the others say why in plain words", () => {
    expect(canPublish(base)).toBe(true);
    expect(notPublishableReason(base)).toBeNull();
    for (const status of ["failed", "uploading", "processing"] as const) {
      expect(canPublish({ status })).toBe(false);
      expect(notPublishableReason({ status })).toMatch(/failed to process|still being (uploaded|processed)/);
    }
  });

  test("an unchecked draft's recording asks about its words; hidden or checked words, and written ones, do not", () => {
    const video = { ...base, kind: "video" as const, words_draft: true };
    expect(asksAboutWords(video)).toBe(true);
    expect(wordsShown(video)).toBe(false);
    expect(asksAboutWords({ ...video, hide_words: true })).toBe(false);
    expect(asksAboutWords({ ...video, words_draft: false })).toBe(false);
    expect(wordsShown({ ...video, words_draft: false })).toBe(true);
    expect(wordsShown({ ...video, words_draft: false, hide_words: true })).toBe(false);
    expect(asksAboutWords(base)).toBe(false);
    expect(wordsShown(base)).toBe(true);
    expect([recordingWord(video), recordingWord({ kind: "audio" })]).toEqual(["video", "recording"]);
  });

  test("the public preview has no quote while a recording's words are not shown", () => {
    const video = { ...base, kind: "video" as const, text_input: "uh the the shooting", words_draft: true };
    expect(publicPreview(video).text).toBeNull();
    expect(publicPreview({ ...video, words_draft: false }).text).toBe("uh the the shooting");
    expect(publicPreview({ ...video, words_draft: false, hide_words: true }).text).toBeNull();
  });

  test("the decision line says why a failed or unfinished testimonial cannot be published", () => {
    expect(standing({ ...base, status: "failed" })).toBe(
      "Failed: it cannot be published. Process it again or delete it.",
    );
    expect(standing({ ...base, status: "processing" })).toBe(
      "Waiting for a decision: it can be published once processing is done.",
    );
    expect(standing({ ...base, status: "uploading", is_approved: true })).toBe(
      "Approved but private: it can be published once it has arrived and is processed.",
    );
    expect(standing(base)).toBe("Waiting for a decision: shown nowhere yet.");
  });
});

describe("tags of several brands", () => {
  const brands = [
    { id: "brd_h", name: "Harbour Dental" },
    { id: "brd_a", name: "Acme" },
  ];
  test("named plainly in their own brand, with their brand or 'shared' elsewhere", () => {
    expect(tagLabel({ name: "pricing", brand_id: "brd_h" }, brands, "brd_h")).toBe("pricing");
    expect(tagLabel({ name: "vip", brand_id: null }, brands, "brd_h")).toBe("vip (shared)");
    expect(tagLabel({ name: "pricing", brand_id: "brd_a" }, brands)).toBe("pricing (Acme)");
    expect(tagOwner({ brand_id: null }, brands)).toBe("shared by every brand");
    expect(tagOwner({ brand_id: "brd_gone" }, brands)).toBe("another brand");
  });
});
