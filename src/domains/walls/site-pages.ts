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

/**
 * An HTML answer (`indexable` decides `noindex`; `cache` whether it may be kept, as its brand's; `frameOrigins` who may
 * frame it, none when absent), or a permanent redirect.
 */
export type SiteAnswer =
  | { status: number; html: string; indexable: boolean; cache: boolean; brandId?: string; frameOrigins?: string[] }
  | { status: 301; location: string };

type SiteDeps = Pick<Deps, "db" | "config" | "clock" | "state">;

/** Where a former slug's request goes: the same sub-path and query under the brand's current address. */
function movedTo(base: string, subPath: string, search: string): SiteAnswer {
  return { status: 301, location: `${base}${subPath}${search}` };
}

/** The wall page for `address` and `?page=`. */
export function wallPageAnswer(
  deps: SiteDeps,
  address: WallAddress,
  rawPage: string | undefined,
  search: string,
): SiteAnswer {
  const { brand, moved } = resolveWall(deps, address);
  if (moved) return movedTo(wallUrl(deps.config.siteUrl, brand), "", search);
  const page = wallPage(deps, brand, parsePage(rawPage));
  return {
    status: 200,
    html: renderWallPage(page, deps.config.siteUrl, beaconUrl(deps.config.baseUrl)),
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
): SiteAnswer {
  const { brand, moved } = resolveWall(deps, address);
  if (moved) return movedTo(wallUrl(deps.config.siteUrl, brand), `/t/${encodeURIComponent(submissionId)}`, search);
  const data = wallTestimonial(deps, brand, submissionId);
  return {
    status: 200,
    html: renderPermalinkPage(data, beaconUrl(deps.config.baseUrl)),
    indexable: data.indexable,
    cache: true,
    brandId: brand.id,
    frameOrigins: data.frameOrigins,
  };
}

/** The error page for an expected failure (4xx); other errors are rethrown. */
export function errorAnswer(error: unknown): SiteAnswer {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  const [title, message] =
    error.status === 404
      ? [
          "Page not found",
          "There is nothing to show at this address. It may have moved, or it may no longer be published.",
        ]
      : ["This address is not quite right", error.message];
  return { status: error.status, html: renderMessagePage(title, message), indexable: false, cache: false };
}
