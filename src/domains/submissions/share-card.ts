/**
 * Share images of a testimonial (issue 25): `GET /v1/submissions/{id}/card.png?size=square|story|landscape` for the
 * team (1080×1080, 1080×1920, 1200×630), and the landscape one as the `og:image` of the testimonial's public page.
 * The card shows the brand (colour, logo, name, its chosen letters), the person (photo, or a video's poster, or
 * initials; name, title and company), the stars, and the words: all of them when they fit, else a highlight that
 * never cuts a word (src/media/cards/quote.ts). Rendered once per content: the PNG is kept under the testimonial's
 * own media folder, named by a hash of everything on it, so a change of words, brand or photo makes a new one and
 * erasing the testimonial erases its cards with it.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { sha256 } from "../../platform/crypto";
import { AppError } from "../../platform/errors";
import { brands } from "../brands";
import { renderCard } from "../../media/cards/render";
import { embeddedPng } from "../../media/cards/embed";
import { CARD_SIZES, type CardSize } from "../../media/cards/layout";
import { highlight } from "../../media/cards/quote";
import type { CardFont } from "../../media/cards/fonts";
import type { SubmissionRow } from "./present";

/** Bumped when the design changes, so kept cards are made again. */
const DESIGN_VERSION = 1;

/** The words a card may carry: none when there are none yet (a recording not transcribed). */
const wordsOf = (row: SubmissionRow) => row.textInput?.trim() || null;

/**
 * The card of a testimonial at `size`, as PNG bytes (made and kept on first use). 409 `no_words` for a testimonial
 * without words yet (a recording still being processed).
 */
export async function shareCard(deps: Deps, row: SubmissionRow, size: CardSize): Promise<Uint8Array> {
  const words = wordsOf(row);
  if (!words)
    throw new AppError(
      "no_words",
      409,
      "This testimonial has no words yet (a recording is still being transcribed), so there is nothing to put on a card.",
    );
  const brand = deps.db.select().from(brands).where(eq(brands.id, row.brandId)).get();
  if (!brand) throw new AppError("not_found", 404, "No such testimonial.");
  const quote = highlight(words, CARD_SIZES[size].maxChars);
  const byline = [row.respondentTitle, row.respondentCompany].filter((s) => s?.trim()).join(", ") || null;
  const photo = row.photoKey ?? (row.kind === "video" ? (row.thumbKey ?? row.posterKey) : null);
  const font = (brand.cardFont ?? "sans") as CardFont;
  const facts = {
    v: DESIGN_VERSION,
    size,
    quote,
    name: row.respondentName || "",
    byline,
    rating: row.rating,
    color: brand.color,
    brandName: brand.name,
    logo: brand.logoKey,
    photo,
    font,
  };
  const key = `submissions/${row.id}/cards/${size}-${sha256(JSON.stringify(facts)).slice(0, 24)}.png`;
  const kept = await deps.storage.get("media", key);
  if (kept) return new Uint8Array(await new Response(kept as BodyInit).arrayBuffer());
  const png = await renderCard(
    deps.images,
    {
      quote,
      name: facts.name || "A customer",
      byline,
      rating: row.rating,
      color: brand.color,
      brandName: brand.name,
      logo: await embeddedPng(deps, "public", brand.logoKey),
      avatar: await embeddedPng(deps, "media", photo),
      font,
    },
    size,
  );
  await deps.storage.write("media", key, png);
  return png;
}
