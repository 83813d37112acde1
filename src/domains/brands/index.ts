/** What other domains may use from brands. */
import "./usage";
export { brandRoutes } from "./routes";
export { getBrandRow, findBrandBySlug, slugScopeOf, createDefaultBrands } from "./brand-service";
export { getLinkRow } from "./link-service";
export { presentBrand, presentLink, wallUrl, logoUrl, linkUrl, setBrandSubmissionCount, type BrandRow, type LinkRow } from "./present";
export { brands, links } from "./tables";
