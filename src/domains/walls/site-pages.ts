/**
 * What the site answers for a wall address, as HTML: the page, a 301 from a former slug to the current address
 * (same sub-path and query), or an error page. A 4xx is a plain page that says the same for an unknown slug, a
 * private brand or a testimonial no longer shown; anything else is rethrown to the root error handler.
 */
import type { Deps } from "../../platform/deps";
import { AppError } from "../../platform/errors";
import { wallUrl } from "../brands";
import { resolveWall, type WallAddress } from "./address";
import { parsePage, wallPage, wallTestimonial } from "./wall-data";
import { renderWallPage } from "./views/wall-page";
import { beaconUrl } from "../../platform/beacon-address";
import { renderPermalinkPage } from "./views/permalink-page";
import { renderMessagePage } from "./views/message-page";
import { wordsFor } from "../../platform/i18n/server-words";
import { visitorLanguage, wallLanguage, type LanguageWish } from "./page-language";

/**
 * An HTML answer (`indexable` decides `noindex`; `cache` whether it may be kept, as its brand's; `frameOrigins` who may
 * frame it, none when absent), or a permanent redirect.
 */
export type SiteAnswer =
  | {
      status: number;
      html: string;
      indexable: boolean;
      cache: boolean;
      brandId?: string;
      frameOrigins?: string[];
      /** The language the page is written in (`Content-Language`). */
      lang?: string;
    }
  | { status: 301; location: string };

type SiteDeps = Pick<Deps, "db" | "config" | "clock" | "state">;

/** Where a former slug's request goes: the same sub-path and query under the brand's current address. */
function movedTo(base: string, subPath: string, search: string): SiteAnswer {
  return { status: 301, location: `${base}${subPath}${search}` };
}

/** The wall page for `address` and `?page=`, in the language the brand offers and the visitor prefers. */
export function wallPageAnswer(
  deps: SiteDeps,
  address: WallAddress,
  rawPage: string | undefined,
  search: string,
  wish: LanguageWish,
): SiteAnswer {
  const { brand, moved } = resolveWall(deps, address);
  if (moved) return movedTo(wallUrl(deps.config.siteUrl, brand), "", search);
  const page = wallPage(deps, brand, parsePage(rawPage));
  const words = wordsFor("wall", wallLanguage(brand, wish));
  return {
    status: 200,
    lang: words.lang,
    html: renderWallPage(page, deps.config.siteUrl, beaconUrl(deps.config.baseUrl), words),
    indexable: page.indexable,
    cache: true,
    brandId: brand.id,
    frameOrigins: page.frameOrigins,
  };
}

/** A testimonial's permalink page. */
export function permalinkAnswer(
  deps: SiteDeps,
  address: WallAddress,
  submissionId: string,
  search: string,
  wish: LanguageWish,
): SiteAnswer {
  const { brand, moved } = resolveWall(deps, address);
  if (moved) return movedTo(wallUrl(deps.config.siteUrl, brand), `/t/${encodeURIComponent(submissionId)}`, search);
  const data = wallTestimonial(deps, brand, submissionId);
  const words = wordsFor("wall", wallLanguage(brand, wish));
  return {
    status: 200,
    lang: words.lang,
    html: renderPermalinkPage(data, beaconUrl(deps.config.baseUrl), words),
    indexable: data.indexable,
    cache: true,
    brandId: brand.id,
    frameOrigins: data.frameOrigins,
  };
}

/** The error page for an expected failure (4xx), in the visitor's language; other errors are rethrown. */
export function errorAnswer(error: unknown, wish: LanguageWish = { query: null, preferred: [] }): SiteAnswer {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  const w = wordsFor("wall", visitorLanguage(wish));
  const [title, message] =
    error.status === 404
      ? [w.t("error.not_found_title"), w.t("error.not_found")]
      : [w.t("error.bad_title"), error.message];
  return {
    status: error.status,
    html: renderMessagePage(title, message, w.lang),
    indexable: false,
    cache: false,
    lang: w.lang,
  };
}
