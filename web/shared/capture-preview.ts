/**
 * The messages between the link editor (dashboard) and the capture page's live preview (`{site_url}/c/_preview`,
 * web/capture/preview.tsx), which the editor frames. The preview says it is ready; the editor then posts the
 * draft as the link view the capture page would load (without the limits, which the preview page carries itself)
 * and which screen to show, again after every change. Each side checks the other's origin.
 */
import type { LinkViewAnswer } from "../../src/domains/capture/model";

/** Where the preview page is, under the site address. */
export const PREVIEW_PATH = "/c/_preview";

/** Sent by the preview to its parent once it can take a draft. */
export const PREVIEW_READY = "plaudit-preview-ready";

/** Sent by the editor with the draft to show. */
export const PREVIEW_SHOW = "plaudit-preview-show";

/** The capture page's two screens the preview can show: the page with its form, or the thank-you screen. */
export type PreviewScreen = "form" | "thanks";

/** A draft link as the capture page reads it (limits come from the preview page). */
export type PreviewView = Omit<LinkViewAnswer, "limits">;

/** The editor's message. */
export interface PreviewShow {
  type: typeof PREVIEW_SHOW;
  view: PreviewView;
  screen: PreviewScreen;
}

/** True for a well-formed `PreviewShow` (the preview accepts nothing else). */
export function isPreviewShow(data: unknown): data is PreviewShow {
  if (!data || typeof data !== "object") return false;
  const m = data as Partial<PreviewShow>;
  const v = m.view as Partial<PreviewView> | undefined;
  return (
    m.type === PREVIEW_SHOW &&
    (m.screen === "form" || m.screen === "thanks") &&
    !!v &&
    typeof v.title === "string" &&
    Array.isArray(v.prompts) &&
    Array.isArray(v.accepts) &&
    Array.isArray(v.custom_fields) &&
    !!v.brand &&
    typeof v.brand.name === "string"
  );
}
