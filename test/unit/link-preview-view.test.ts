/**
 * The link editor's live preview, its pure parts: the draft as the capture page reads a link (trimmed as saved,
 * stand-ins for what is still empty, only web addresses on the button, stable ids for unsaved questions), and the
 * check the preview page makes on every message before drawing it.
 */
import { describe, expect, test } from "bun:test";
import { previewViewOf } from "../../web/dashboard/pages/link-preview-view";
import { emptyDraft, newKey, type LinkDraft } from "../../web/dashboard/pages/link-draft";
import { isPreviewShow, PREVIEW_SHOW } from "../../web/shared/capture-preview";
import type { Brand } from "../../web/dashboard/types";

const brand = {
  id: "brd_1",
  name: "Acme",
  color: "#0f766e",
  logo_url: "https://cdn.example.com/logo.png",
  mode: "live",
} as Brand;

const draft = (change: Partial<LinkDraft>): LinkDraft => ({ ...emptyDraft("Acme"), ...change });

describe("previewViewOf", () => {
  test("an empty draft keeps the page's shape: a stand-in title and question, every way to answer", () => {
    const v = previewViewOf(emptyDraft("Acme"), brand);
    expect(v.title).toBe("Your link's title");
    expect(v.prompts).toHaveLength(1);
    expect(v.prompts[0]!.text).toBe("(Question 1 is not written yet.)");
    expect(v.prompts[0]!.id).toStartWith("draft_");
    expect(v.accepts).toEqual(["video", "audio", "text"]);
    expect(v).toMatchObject({
      is_active: true,
      closed_reason: null,
      welcome_message: null,
      call_to_action: null,
      redirect_url: null,
      mode: "live",
      brand: { name: "Acme", color: "#0f766e", logo_url: "https://cdn.example.com/logo.png" },
    });
  });

  test("what is written, trimmed as it will be saved; none ticked still shows every way", () => {
    const key = newKey();
    const v = previewViewOf(
      draft({
        title: "  Tell us  ",
        welcome: "  Hi!  ",
        accepts: { video: false, audio: false, text: false },
        askRating: false,
        collectPhoto: true,
        prompts: [{ key, id: "prm_1", text: " How was it? ", max_seconds: 5 }],
        fields: [
          {
            key: newKey(),
            label: " Which service? ",
            type: "choice",
            required: true,
            options: " Design \n\nBuild\n",
            showPublicly: true,
          },
          { key: newKey(), id: "fld_2", label: "", type: "yes_no", required: false, options: "x", showPublicly: false },
        ],
      }),
      brand,
    );
    expect(v).toMatchObject({ title: "Tell us", welcome_message: "Hi!", ask_rating: false, collect_photo: true });
    expect(v.accepts).toEqual(["video", "audio", "text"]);
    // A limit still being typed (5) shows as the default rather than breaking the recorder's clock.
    expect(v.prompts).toEqual([{ id: "prm_1", text: "How was it?", max_seconds: 60 }]);
    expect(v.custom_fields).toEqual([
      {
        id: expect.stringMatching(/^draft_/),
        label: "Which service?",
        type: "choice",
        required: true,
        options: ["Design", "Build"],
      },
      { id: "fld_2", label: "(Your question 2 is not written yet.)", type: "yes_no", required: false, options: null },
    ]);
    expect("show_publicly" in v.custom_fields[0]!).toBe(false);
  });

  test("the button takes only a web address; a redirect only in its own mode", () => {
    const button = (url: string) =>
      previewViewOf(draft({ after: "button", ctaLabel: " Review us ", ctaUrl: url }), brand).call_to_action;
    expect(button("https://example.com/r")).toEqual({ label: "Review us", url: "https://example.com/r" });
    expect(button("javascript:alert(1)")).toEqual({ label: "Review us", url: "https://example.com/" });
    expect(button("exam")).toEqual({ label: "Review us", url: "https://example.com/" });
    expect(
      previewViewOf(draft({ after: "button", ctaLabel: " ", ctaUrl: "https://x.com" }), brand).call_to_action,
    ).toBeNull();
    expect(
      previewViewOf(draft({ after: "redirect", redirectUrl: "https://example.com/next" }), brand).redirect_url,
    ).toBe("https://example.com/next");
    expect(previewViewOf(draft({ after: "redirect", redirectUrl: "data:text/html,x" }), brand).redirect_url).toBeNull();
    expect(
      previewViewOf(draft({ after: "none", redirectUrl: "https://example.com/next" }), brand).redirect_url,
    ).toBeNull();
  });
});

describe("isPreviewShow", () => {
  test("takes the editor's message and nothing else", () => {
    const view = previewViewOf(emptyDraft("Acme"), brand);
    expect(isPreviewShow({ type: PREVIEW_SHOW, view, screen: "form" })).toBe(true);
    expect(isPreviewShow({ type: PREVIEW_SHOW, view, screen: "thanks" })).toBe(true);
    for (const bad of [
      null,
      "plaudit-preview-show",
      { type: "other", view, screen: "form" },
      { type: PREVIEW_SHOW, view, screen: "closed" },
      { type: PREVIEW_SHOW, screen: "form" },
      { type: PREVIEW_SHOW, view: { ...view, prompts: "x" }, screen: "form" },
      { type: PREVIEW_SHOW, view: { ...view, brand: null }, screen: "form" },
    ])
      expect(isPreviewShow(bad)).toBe(false);
  });
});
