/**
 * The shape of a domain module: everything a domain adds to the appliance, declared in one object exported from
 * the domain's index.ts and assembled by src/composition.ts (the list of modules is src/modules.ts). Nothing
 * registers itself when it is imported.
 */
import type { AnyElysia } from "elysia";
import type { SQL } from "drizzle-orm";
import type { Deps } from "./deps";
import type { Db } from "./db/client";
import type { EventRow } from "./events/tables";
import type { EventType } from "./events/emit";
import type { JobRegistry } from "./jobs/worker";
import type { Schedule } from "./jobs/cron";
import type { WebAsset } from "./http/web-assets";
import type { Ctx } from "./context";
import type { Tx } from "./db/unit-of-work";
import type { CallerPort } from "./access/route-access";
import type {
  BrandDeletionPart,
  EraseParticipant,
  GoingBrand,
  MailLinkResolver,
  RequestRouter,
  ShownChange,
  UsageCounter,
} from "./hooks";

/** An event handler: runs in the emitting unit of work (throwing rolls the change back). */
export type EventHandler = (tx: Tx, event: EventRow) => void;

/** A module's part in deleting a brand (see `BrandDeletionPart`); `stop` runs in the deleting unit of work. */
export type ModuleBrandDeletion = Omit<BrandDeletionPart, "stop"> & {
  stop?: (tx: Tx, brand: GoingBrand) => void;
};

/** A recurring schedule and the job kinds it enqueues (each must have a handler, checked at start). */
export interface ModuleSchedule extends Schedule {
  enqueues: string[];
}

/** One domain's contribution to the appliance. Every part is optional. */
export interface DomainModule {
  /** For messages ("webhooks", "reels"…). */
  name: string;
  /** The `/v1` (and `/public`) routes, mounted in module order under the API reference. */
  routes?: (deps: Deps) => AnyElysia | AnyElysia[];
  /** Files served under the CDN address, mounted before the CDN's stored-file routes (the widget script). */
  cdnPages?: (deps: Deps, assets: Map<string, WebAsset>) => AnyElysia;
  /**
   * Paths under the CDN address that `cdnPages` answer from the build, the same for everyone (`widget.js`): copied
   * into the public storage area at start (src/platform/publish-static.ts), so a bucket used as the CDN has them.
   */
  cdnFiles?: readonly string[];
  /** Pages of the site (capture, walls, removal), mounted after the dashboard in module order. */
  pages?: (deps: Deps, assets: Map<string, WebAsset>) => AnyElysia;
  /** Adds the module's job kinds and their handlers. */
  jobs?: (registry: JobRegistry) => unknown;
  /** Recurring schedules; each names the kinds it enqueues. */
  schedules?: ModuleSchedule[];
  /** Handlers per event type (`"*"`: every type), run inside the emitting transaction. */
  events?: Partial<Record<EventType | "*", EventHandler>>;
  /** Hears that what a brand shows may have changed (inside the changing transaction); given its app's Deps. */
  shown?: (tx: Tx, change: ShownChange) => void;
  /**
   * Hears that a testimonial's processing failed for good (inside the failing transaction; `submissionId` is of the
   * context's organisation and mode); given its app's Deps.
   */
  processingFailed?: (tx: Tx, submissionId: string) => void;
  /** Counters of the plan allowances this module owns, by allowance name. */
  usage?: Record<string, UsageCounter>;
  /** Tells the access kernel who calls a route (one module: accounts). */
  caller?: (deps: Deps) => CallerPort;
  /** The addresses of an organisation's owners and admins, for modules that mail them without knowing members. */
  staffEmails?: (db: Db, orgId: string) => string[];
  /** Looks at each request before the app routes it (a brand's custom domain): see `RequestRouter`. */
  router?: (deps: Deps) => RequestRouter;
  /** The personal links this module's mail carries, by link kind (made at sending time, never stored). */
  mailLinks?: Record<string, MailLinkResolver>;
  /** Removes this module's copies of an erased testimonial. */
  erase?: EraseParticipant;
  /** The module's part in deleting a brand (see `ModuleBrandDeletion`). */
  brandDeletion?: ModuleBrandDeletion;
  /** What goes with deleted collect links (in the deleting unit of work). */
  linksDeleting?: (tx: Tx, linkIds: readonly string[]) => void;
  /**
   * How a brand's testimonials are counted for the brand's `submission_count`: an SQL expression over `brands.id`,
   * selected beside the brand rows (one module at most; the submissions module declares it).
   */
  brandSubmissionCount?: SQL<number>;
}
