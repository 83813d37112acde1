/** What other domains may use from brands, and the brands module. */
import type { DomainModule } from "../../platform/module";
import { brandRoutes } from "./routes";
import { brandsUsed } from "./usage";
export { brandRoutes } from "./routes";
export { getBrandRow, findBrandBySlug, slugScopeOf, createDefaultBrands } from "./brand-service";
export { getLinkRow } from "./link-service";
export {
  presentBrand,
  presentLink,
  wallUrl,
  logoUrl,
  linkUrl,
  setBrandSubmissionCount,
  type BrandRow,
  type LinkRow,
} from "./present";
export { brands, links } from "./tables";

/** The brands module: its routes and the `brands` allowance counter. */
export const brandsModule: DomainModule = {
  name: "brands",
  routes: (deps) => brandRoutes(deps),
  usage: { brands: brandsUsed },
};
