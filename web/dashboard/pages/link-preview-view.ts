/**
 * The link editor's draft as the capture page reads a link (the view its live preview draws): what is written so
 * far, trimmed as it will be saved, with a stand-in for what is still empty (an untitled link, an unwritten
 * question) so the page keeps its shape while the owner types. Always an open link: the preview shows the form.
 */
import type { PreviewView } from "../../shared/capture-preview";
import type { Brand, CollectLink } from "../types";
import { t } from "../i18n";
import { KINDS, type LinkDraft } from "./link-draft";

/** Only `http(s)` addresses reach the preview's button or redirect; anything else (still being typed) shows as none. */
function webAddress(value: string): string | null {
  try {
    const u = new URL(value.trim());
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

const choicesOf = (options: string) =>
  options
    .split("\n")
    .map((o) => o.trim())
    .filter(Boolean);

/** The view the preview shows for draft `d` of a link of `brand` (`link` when changing a saved one). */
export function previewViewOf(d: LinkDraft, brand: Brand, link?: CollectLink): PreviewView {
  const ctaUrl = webAddress(d.ctaUrl);
  const accepts = KINDS.filter((k) => d.accepts[k.id]).map((k) => k.id);
  return {
    id: link?.id ?? "lnk_preview",
    title: d.title.trim() || t("link-preview-view.untitled"),
    is_active: true,
    closed_reason: null,
    closed_message: null,
    prompts: d.prompts.map((p, i) => ({
      id: p.id ?? `draft_${p.key}`,
      text: p.text.trim() || t("link-preview-view.question_unwritten", { number: i + 1 }),
      max_seconds: Number.isInteger(p.max_seconds) && p.max_seconds >= 10 ? Math.min(p.max_seconds, 600) : 60,
    })),
    consent_text: d.consentText.trim(),
    consent_version: d.consentVersion.trim(),
    // The editor previews the link's own texts; translations are set through the API.
    translations: link?.translations ?? null,
    // With none ticked the editor says so; the page keeps showing every way meanwhile.
    accepts: accepts.length ? accepts : KINDS.map((k) => k.id),
    ask_rating: d.askRating,
    welcome_message: d.welcome.trim() || null,
    thank_you_message: d.thankYou.trim() || null,
    call_to_action:
      d.after === "button" && d.ctaLabel.trim()
        ? { label: d.ctaLabel.trim(), url: ctaUrl ?? "https://example.com/" }
        : null,
    redirect_url: d.after === "redirect" ? webAddress(d.redirectUrl) : null,
    collect_photo: d.collectPhoto,
    custom_fields: d.fields.map((f, i) => ({
      id: f.id ?? `draft_${f.key}`,
      label: f.label.trim() || t("link-preview-view.field_unwritten", { number: i + 1 }),
      type: f.type,
      required: f.required,
      options: f.type === "choice" ? choicesOf(f.options) : null,
    })),
    mode: brand.mode,
    brand: { name: brand.name, color: brand.color, logo_url: brand.logo_url },
  };
}
