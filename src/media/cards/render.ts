/**
 * Rendering a share image (issue 25), and a collect link's preview image: satori lays the card out (layout.ts,
 * invite-layout.ts) and turns its text into paths, and the image library (`deps.images`, sharp) rasterises the SVG
 * to a PNG of the exact size. satori is loaded with the first card, so a server that never makes one never loads it.
 */
import type { Images } from "../images";
import { fontsFor } from "./fonts";
import { CARD_SIZES, cardTree, type CardContent, type CardSize } from "./layout";
import { INVITE_SIZE, inviteTree, type InviteContent } from "./invite-layout";

/** Renders `content` at `size`; resolves with the PNG's bytes. */
export async function renderCard(images: Images, content: CardContent, size: CardSize): Promise<Uint8Array> {
  const { default: satori } = await import("satori");
  const { faces, quoteFamily, quoteStyle } = await fontsFor(content.font);
  const { width, height } = CARD_SIZES[size];
  const svg = await satori(cardTree(content, size, quoteFamily, quoteStyle) as never, { width, height, fonts: faces });
  return images.renderSvg(new TextEncoder().encode(svg));
}

/** Renders a collect link's preview image (1200×630); resolves with the PNG's bytes. */
export async function renderInvite(images: Images, content: InviteContent): Promise<Uint8Array> {
  const { default: satori } = await import("satori");
  const { faces, quoteFamily, quoteStyle } = await fontsFor(content.font);
  const svg = await satori(inviteTree(content, quoteFamily, quoteStyle) as never, { ...INVITE_SIZE, fonts: faces });
  return images.renderSvg(new TextEncoder().encode(svg));
}
