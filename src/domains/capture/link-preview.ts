/**
 * What a collect link shows where it is pasted (issue 25: links that unfurl): the capture page's `<title>`,
 * description, canonical address, icon and Open Graph / Twitter tags in the server's HTML, so Slack, WhatsApp,
 * iMessage and mail clients preview it without running the page's script; and its preview image,
 * `{site}/c/{link}/card.png` (1200×630: the brand's colour, logo and letters, the link's title and first question).
 * Images are made once per content and kept in memory (a few dozen; a link's card is fetched by each app once).
 */
import type { Deps } from "../../platform/deps";
import { sha256 } from "../../platform/crypto";
import { linkPublicUrl, logoUrl, type BrandRow, type LinkRow } from "../brands";
import { embeddedPng } from "../../media/cards/embed";
import { renderInvite } from "../../media/cards/render";
import type { InviteContent } from "../../media/cards/invite-layout";
import type { CardFont } from "../../media/cards/fonts";

/** Escapes text for an HTML attribute or element. */
const esc = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** What a respondent can send, in words. */
export function waysOf(accepts: readonly string[]): string {
  const ways = [
    accepts.includes("video") && "a video",
    accepts.includes("audio") && "a voice note",
    accepts.includes("text") && "a few words",
  ].filter((w): w is string => !!w);
  const said = ways.length > 1 ? `${ways.slice(0, -1).join(", ")} or ${ways.at(-1)}` : (ways[0] ?? "a few words");
  return `Send ${said}. No account needed.`;
}

/** The page's description: the link's first question, else an invitation naming the brand. */
const descriptionOf = (link: LinkRow, brand: BrandRow) =>
  link.prompts[0]?.text?.trim() || `${brand.name} would love to hear about your experience.`;

/**
 * The head tags of a link's capture page (to put before `</head>`, replacing the bundle's generic title and icon);
 * `site` is the address the page was asked for (the brand's own domain, or the box's site), for the image's address.
 */
export function linkHeadTags(deps: Deps, link: LinkRow, brand: BrandRow): string {
  const url = linkPublicUrl(deps.db, deps.config.siteUrl, link);
  const title = `${link.title} · ${brand.name}`;
  const description = descriptionOf(link, brand);
  const image = `${url}/card.png`;
  const alt = `${link.title}: ${waysOf(link.accepts)}`;
  return [
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${esc(description)}">`,
    `<link rel="canonical" href="${esc(url)}">`,
    `<link rel="icon" href="${esc(logoUrl(deps.config.cdnUrl, brand))}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${esc(brand.name)}">`,
    `<meta property="og:title" content="${esc(title)}">`,
    `<meta property="og:description" content="${esc(description)}">`,
    `<meta property="og:url" content="${esc(url)}">`,
    `<meta property="og:image" content="${esc(image)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${esc(alt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${esc(title)}">`,
    `<meta name="twitter:description" content="${esc(description)}">`,
    `<meta name="twitter:image" content="${esc(image)}">`,
  ].join("\n");
}

/** Cards kept in memory, by a hash of what is on them (oldest dropped first). */
const kept = new Map<string, Uint8Array>();
const MAX_KEPT = 64;

/** The link's preview image as PNG bytes (made on first use, then kept while its content is the same). */
export async function linkCard(deps: Deps, link: LinkRow, brand: BrandRow): Promise<Uint8Array> {
  const content: Omit<InviteContent, "logo"> = {
    title: link.title,
    prompt: link.prompts[0]?.text?.trim() || null,
    ways: waysOf(link.accepts),
    color: brand.color,
    brandName: brand.name,
    font: (brand.cardFont ?? "sans") as CardFont,
  };
  const key = sha256(JSON.stringify({ ...content, logo: brand.logoKey }));
  const hit = kept.get(key);
  if (hit) return hit;
  const png = await renderInvite(deps.images, { ...content, logo: await embeddedPng(deps, "public", brand.logoKey) });
  kept.set(key, png);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return png;
}
