/**
 * How the organisation looks in the dashboard (white label, issue 29): its name, logo and colour replace the
 * product's in the header, the window title and the tab's icon for its members and client logins. The last
 * organisation worked in is remembered in this browser, so the sign-in page shows it too once it is known.
 */
import { getPref, setPref } from "./prefs";
import type { Membership } from "./types";
import { t } from "./i18n";

/** An organisation's name, logo and colour (null: the default colour). */
export interface OrgLook {
  name: string;
  logoUrl: string | null;
  color: string | null;
}

/** What the dashboard shows before any organisation is known: the product itself. */
export const PRODUCT_LOOK: OrgLook = { name: "Plaudit", logoUrl: null, color: null };

/** The colour of the mark when the organisation chose none (the dashboard's primary colour). */
export const DEFAULT_COLOR = "#4338ca";

/** The look of one of the person's organisations. */
export const lookOf = (m: Membership): OrgLook => ({ name: m.org_name, logoUrl: m.org_logo_url, color: m.org_color });

/** Remembers the look this browser last worked in, for the sign-in page. */
export function rememberLook(look: OrgLook) {
  setPref("look", JSON.stringify(look));
}

/** The look remembered by `rememberLook`, or null (never signed in here, or storage unavailable). */
export function rememberedLook(): OrgLook | null {
  try {
    const v = JSON.parse(getPref("look") ?? "null") as Partial<OrgLook> | null;
    if (!v || typeof v.name !== "string" || !v.name) return null;
    const url = typeof v.logoUrl === "string" && /^https?:\/\//.test(v.logoUrl) ? v.logoUrl : null;
    const color = typeof v.color === "string" && /^#[0-9a-f]{6}$/i.test(v.color) ? v.color : null;
    return { name: v.name, logoUrl: url, color };
  } catch {
    return null;
  }
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? "#111111" : "#ffffff";
}

/** The first letter of a name, for the mark of an organisation without a logo. */
export const initialOf = (name: string) => [...name.trim()][0]?.toUpperCase() ?? "·";

/** The window title: the page, then the organisation (`Inbox · Bright Agency`). */
export const windowTitle = (page: string, look: OrgLook) => t("look.window_title", { page, org: look.name });

/** Puts the organisation's logo, or its initial in its colour, on the browser tab. */
export function applyFavicon(look: OrgLook) {
  let link = document.querySelector<HTMLLinkElement>("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  if (look.logoUrl) {
    link.href = look.logoUrl;
    return;
  }
  const bg = look.color ?? DEFAULT_COLOR;
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${bg}"/><text x="16" y="23" font-family="Arial" font-weight="700" font-size="20" text-anchor="middle" fill="${textOn(bg)}">${escape(initialOf(look.name))}</text></svg>`;
  link.href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
