/**
 * The indexable rule (docs/walls.md): a wall, and the permalinks on it, may be indexed by search engines only when
 * it is a live brand's wall that shows at least one testimonial. Test-mode walls are sandboxes; an empty wall is
 * thin content that would only be dropped later. Everything not indexable is `noindex` (meta tag and
 * `X-Robots-Tag`) and left out of the sitemap.
 */
import type { BrandRow } from "../brands";

/** True when search engines may index the wall (and its permalinks). */
export function isIndexable(brand: Pick<BrandRow, "mode" | "isPublic">, shownCount: number): boolean {
  return brand.mode === "live" && brand.isPublic && shownCount > 0;
}
