/** What other domains may use from brands, and the brands module. */
import type { DomainModule } from "../../platform/module";
import { brandRoutes } from "./routes";
import { brandsUsed } from "./usage";
import { customDomainRouter } from "./domain-routes";
import { CHECK_DOMAINS_JOB, registerCustomDomainJobs, scheduleDomainCheck } from "./custom-domain";
import { brandOwnPart } from "./brand-deletion";
import { registerBrandDeletionJob } from "./brand-deletion-job";
export { brandRoutes } from "./routes";
export { getBrandRow, readBrandRow, findBrandBySlug, slugScopeOf, createDefaultBrands } from "./brand-service";
export { offeredLanguages } from "./languages";
export { consentIn, type LinkTranslation, type LinkTranslations } from "./link-translations";
export { BRAND_DELETE_JOB, DEFAULT_BRAND_KEPT } from "./brand-deletion";
export { runBrandDeletion } from "./brand-deletion-job";
export { getLinkRow, findLinkBySlug } from "./link-service";
export { linkAddress } from "./qr";
export { DOMAIN_BRAND_HEADER } from "./domain-routes";
export { domainProof, isCustomDomain, siteOrigin, DOMAIN_PROOF_PATH, CUSTOM_DOMAIN_JOB } from "./custom-domain";
export { linkState, responseCount, type ClosedReason, type LinkState } from "./link-state";
export { MAX_SHORT_TEXT_CHARS } from "./link-settings";
export { logoPng } from "./logo";
export { brandSender, senderOfBrand } from "./brand-mail";
export { wallShowsAttribution } from "./wall-attribution";
export {
  REVIEW_TYPES,
  REVIEW_TYPE_NAMES,
  DEFAULT_REVIEW_TYPE,
  reviewable,
  reviewedItemJsonLd,
  scriptJson,
  type ReviewedItem,
  type ReviewEntry,
} from "./review-markup";
export {
  presentBrand,
  presentLink,
  wallUrl,
  logoUrl,
  mailBrand,
  linkUrl,
  linkSlugUrl,
  linkPublicUrl,
  siteUrlOfBrand,
  customSiteUrl,
  type BrandRow,
  type LinkRow,
} from "./present";
export { brands, links, type AnswerKind, type CallToAction, type CustomField } from "./tables";
export { linkSchema, linkCustomFieldAnswer, type LinkView } from "./model";

/**
 * The brands module: its routes, the `brands` allowance counter, brands' custom domains (their activation and
 * daily check jobs, and the router that serves their walls, links and removal pages), and brand deletion (its job,
 * and the brand's own part: links and logo).
 */
export const brandsModule: DomainModule = {
  name: "brands",
  routes: (deps) => brandRoutes(deps),
  usage: { brands: brandsUsed },
  router: customDomainRouter,
  jobs: (registry) => registerBrandDeletionJob(registerCustomDomainJobs(registry)),
  brandDeletion: brandOwnPart,
  schedules: [
    { name: "custom domains", pattern: "7 5 * * *", enqueues: [CHECK_DOMAINS_JOB], run: scheduleDomainCheck },
  ],
};
