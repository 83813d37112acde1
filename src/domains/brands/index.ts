/** What other domains may use from brands, and the brands module. */
import type { DomainModule } from "../../platform/module";
import { brandRoutes } from "./routes";
import { brandsUsed } from "./usage";
export { brandRoutes } from "./routes";
export { getBrandRow, findBrandBySlug, slugScopeOf, createDefaultBrands } from "./brand-service";
export { getLinkRow, findLinkBySlug } from "./link-service";
export { linkAddress } from "./qr";
export { linkState, responseCount, type ClosedReason, type LinkState } from "./link-state";
export { MAX_SHORT_TEXT_CHARS } from "./link-settings";
export {
  presentBrand,
  presentLink,
  wallUrl,
  logoUrl,
  linkUrl,
  linkSlugUrl,
  type BrandRow,
  type LinkRow,
} from "./present";
export { brands, links, type AnswerKind, type CallToAction, type CustomField } from "./tables";
export { linkSchema, linkCustomFieldAnswer, type LinkView } from "./model";

/** The brands module: its routes and the `brands` allowance counter. */
export const brandsModule: DomainModule = {
  name: "brands",
  routes: (deps) => brandRoutes(deps),
  usage: { brands: brandsUsed },
};
