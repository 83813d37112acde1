/**
 * What the public wall JSON routes answer: a wall page, a testimonial with its wall's summary, or a 301 from a
 * former slug to the same route under the current one. Failures are AppErrors (the root handler's error shape).
 */
import type { Deps } from "../../platform/deps";
import { resolveWall, wallApiUrl, type WallAddress } from "./address";
import { parsePage, wallPage, wallTestimonial } from "./wall-data";
import { presentPermalink, presentWallPage } from "./present";
import type { PermalinkView, WallPageView } from "./model";

/** A JSON body, or a permanent redirect. */
export type JsonAnswer<T> = { body: T } | { location: string };

type ApiDeps = Pick<Deps, "db" | "config" | "clock" | "state">;

/** `GET /public/walls/{slug}?page=n` (and the sandbox's `/public/test/{org_id}/walls/{slug}`). */
export function wallJson(
  deps: ApiDeps,
  address: WallAddress,
  rawPage: string | undefined,
  search: string,
): JsonAnswer<WallPageView> {
  const { brand, moved } = resolveWall(deps, address);
  if (moved) return { location: `${wallApiUrl(deps.config, brand)}${search}` };
  return { body: presentWallPage(wallPage(deps, brand, parsePage(rawPage))) };
}

/** `GET /public/walls/{slug}/testimonials/{id}`: `url` is the permalink. */
export function permalinkJson(
  deps: ApiDeps,
  address: WallAddress,
  submissionId: string,
  search: string,
): JsonAnswer<PermalinkView> {
  const { brand, moved } = resolveWall(deps, address);
  if (moved)
    return { location: `${wallApiUrl(deps.config, brand)}/testimonials/${encodeURIComponent(submissionId)}${search}` };
  return { body: presentPermalink(wallTestimonial(deps, brand, submissionId)) };
}
