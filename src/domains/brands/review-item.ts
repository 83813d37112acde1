/** The review fields of a brand change (`review_type`, `review_item_name`): what search engines read it reviews. */
import { invalid } from "../../platform/errors";
import type { BrandRow } from "./present";
import { REVIEW_TYPE_NAMES } from "./review-markup";

/** The review fields of a brand patch. */
export interface ReviewItemPatch {
  review_type?: string;
  review_item_name?: string | null;
}

/** Applies them to `next`: a type among the offered ones; an empty or null name falls back to the brand's name. */
export function applyReviewItem(next: BrandRow, patch: ReviewItemPatch) {
  if (patch.review_type !== undefined) {
    if (!REVIEW_TYPE_NAMES.includes(patch.review_type))
      throw invalid(`review_type must be one of ${REVIEW_TYPE_NAMES.join(", ")}.`, "review_type");
    next.reviewType = patch.review_type;
  }
  if (patch.review_item_name !== undefined) next.reviewItemName = patch.review_item_name?.trim() || null;
}
