/**
 * How a tag is named where tags of several brands can appear together (tags belong to one brand, or are shared by
 * every brand and seen by the agency's own people only): its name alone where its brand is the one at hand, else
 * with its brand or "shared".
 */
import type { Tag } from "./types";
import { t } from "./i18n";

/** What labelling needs of a brand. */
export interface BrandName {
  id: string;
  name: string;
}

/** Who a tag belongs to, in words: the brand's name, or "shared by every brand". */
export function tagOwner(tag: Pick<Tag, "brand_id">, brands: readonly BrandName[]): string {
  if (tag.brand_id === null) return t("tag-label.shared_by_every_brand");
  return brands.find((b) => b.id === tag.brand_id)?.name ?? t("tag-label.another_brand");
}

/** "pricing", "pricing (shared)" or "pricing (Harbour Dental)"; `here` is the brand at hand, if any. */
export function tagLabel(tag: Pick<Tag, "name" | "brand_id">, brands: readonly BrandName[], here?: string): string {
  if (here && tag.brand_id === here) return tag.name;
  return t("tag-label.label", {
    name: tag.name,
    owner: tag.brand_id === null ? t("tag-label.shared") : tagOwner(tag, brands),
  });
}
