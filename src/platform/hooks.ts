/**
 * The hooks of one `Deps` (`deps.hooks`): what runs inside a unit of work when an event is emitted or what a brand
 * shows changes, what else goes when a testimonial is erased, a brand or a collect link deleted, and how each plan
 * allowance is counted. `createHooks` makes an empty set; the composition root (src/composition.ts) fills it from
 * the domain modules. It also holds how a brand's testimonials are counted (declared by the submissions module,
 * selected by brands). Code reaches them through the Deps (a unit of work's `tx.deps`), never through the database
 * handle; nothing is registered in module globals, so two apps in one process (tests) never run each other's hooks.
 */
import type { SQL } from "drizzle-orm";
import type { Ctx, Mode } from "./context";
import type { Db } from "./db/client";
import type { Deps } from "./deps";
import type { EventRow } from "./events/tables";
import type { CallerPort } from "./access/route-access";
import type { OpenUnit } from "./db/unit-of-work";

/** Runs inside the emitting transaction; throwing rolls the whole change back. */
export type EventHook = (db: Db, event: EventRow, ctx: Ctx) => void;

/** What changed in what a brand shows (see src/platform/events/publication.ts). */
export interface ShownChange {
  brandId: string;
  submissionId: string | null;
  reason: string;
}

/** Hears, inside the changing transaction, that what a brand shows may have changed. */
export type ShownListener = (db: Db, ctx: Ctx, change: ShownChange) => void;

/**
 * Hears, inside the failing transaction, that a testimonial's processing failed for good (or its upload was refused
 * as not a recording): what announces arrivals (alerts) still tells the team that one came in.
 */
export type FailedListener = (db: Db, ctx: Ctx, submissionId: string) => void;

/** The testimonial being erased, as erase participants see it (a submissions row has these fields). */
export interface ErasedTestimonial {
  id: string;
  orgId: string;
  mode: Mode;
  /** The address the respondent gave, still there while participants run. */
  respondentEmail?: string | null;
}

/** Removes a feature's copies of an erased testimonial (exports, reels, removal mail…); awaited in turn. */
export type EraseParticipant = (deps: Deps, erased: ErasedTestimonial) => void | Promise<void>;

/** A brand being deleted, as the modules taking part in its deletion see it. */
export interface GoingBrand {
  id: string;
  orgId: string;
  mode: Mode;
}

/** What a brand's deletion takes, as its preview names it (each module counts its own things). */
export type DeletionCountName = "testimonials" | "files" | "widgets" | "links" | "reels" | "requests";

/** One module's counts for a brand's deletion preview. */
export type DeletionCounts = Partial<Record<DeletionCountName, number>>;

/**
 * A module's part in deleting a brand (src/domains/brands/brand-deletion.ts runs them, in module order):
 * - `count`: what the preview says will go;
 * - `stop`: inside the deleting transaction, whatever the brand shows or takes in stops at once (a widget document
 *   answers 404, a link page too);
 * - `erase`: in the `brand.delete` job, the next batch of the brand's things is erased for good (files first, then
 *   rows); answers how many are left (0: this module is done). Called again until every module answers 0; safe to
 *   run twice.
 */
export interface BrandDeletionPart {
  count?: (db: Db, brand: GoingBrand) => DeletionCounts;
  stop?: (db: Db, ctx: Ctx, brand: GoingBrand) => void;
  erase?: (deps: Deps, brand: GoingBrand) => Promise<number>;
}

/**
 * Runs inside the transaction that deletes collect links (one link, or every link of a brand being deleted): what
 * hangs on the links goes with them (a link's request campaigns and the outbox copies of their emails).
 */
export type LinksDeleting = (db: Db, ctx: Ctx, linkIds: readonly string[]) => void;

/** Counts current use of a plan allowance for an org and mode. */
export type UsageCounter = (db: Db, ctx: Ctx, monthStartMs: number) => number;

/**
 * The personal link of a queued message, made when the message is handed to the SMTP server (never stored: the
 * outbox copy holds `MAIL_LINK_MARK`); null when the link no longer works (used, revoked, expired), so the message
 * is withheld. `ref` is what the message was queued with (an invitation id, say).
 */
export type MailLinkResolver = (deps: Deps, ref: string) => string | null;

/**
 * Looks at a request before the app routes it: a new request to route instead (rewritten), an answer, or null to
 * leave it alone (a brand's custom domain is served this way).
 */
export type RequestRouter = (request: Request) => Request | Response | null;

/** The hooks of one Deps. `events` holds each hook with the event type it hears (`"*"`: every type). */
export interface Hooks {
  events: { type: string; run: EventHook }[];
  shown: ShownListener[];
  /** Listeners to testimonials whose processing failed for good, in module order. */
  failed: FailedListener[];
  erase: EraseParticipant[];
  usage: Map<string, UsageCounter>;
  /** Makers of personal links put into mail at sending time, by link kind (`invitation`…). */
  mailLinks: Map<string, MailLinkResolver>;
  /** Request routers, in module order; the first that does not answer null wins. */
  routers: RequestRouter[];
  /** An SQL expression over `brands.id` counting a brand's testimonials (null: no module counts them, shown as 0). */
  brandSubmissionCount: SQL<number> | null;
  /** The modules' parts in deleting a brand, in module order. */
  brandDeletion: BrandDeletionPart[];
  /** What goes with deleted collect links, in module order. */
  linksDeleting: LinksDeleting[];
  /** Who calls a route (the accounts module's keys and sessions), read by the access kernel; null until wired. */
  caller: CallerPort | null;
  /** The addresses of an organisation's owners and admins (the accounts module knows them); none until wired. */
  staffEmails: (db: Db, orgId: string) => string[];
  /** The unit of work open on this Deps, if any (src/platform/db/unit-of-work.ts): a unit started inside joins it. */
  openUnit: OpenUnit | null;
}

const empty = (): Hooks => ({
  events: [],
  shown: [],
  failed: [],
  erase: [],
  usage: new Map(),
  mailLinks: new Map(),
  routers: [],
  brandSubmissionCount: null,
  brandDeletion: [],
  linksDeleting: [],
  caller: null,
  staffEmails: () => [],
  openUnit: null,
});

/** An empty set of hooks for a new Deps (the composition root fills it from the modules). */
export function createHooks(): Hooks {
  return empty();
}
