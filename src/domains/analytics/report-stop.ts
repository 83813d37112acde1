/**
 * Stopping a brand's monthly report: each report carries a personal link `{site_url}/reports/stop/{token}`, made
 * when the mail is sent (the outbox keeps only `MAIL_LINK_MARK` and the link's kind and reference, never the
 * token). The token is `{brand id}.{user id}.{mac}` under the data directory's secret: nothing is stored to check
 * it, and it does nothing but stop that person's report for that brand. GET asks, with one button; POST (the
 * button, or a mail client's RFC 8058 one-click request) stops it. Safe to do twice.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import type { MailLinkResolver } from "../../platform/hooks";
import { brands } from "../brands";
import { analyticsReportOptouts } from "./tables";

/** The mail link kind of a report's stop link (its reference: `{brand id}.{user id}`). */
export const REPORT_STOP_LINK = "analytics.report_stop";

const PURPOSE = "analytics.report_stop.v1";
const REF = /^(brd_[0-9a-z]{1,40})\.(usr_[0-9a-z]{1,40})$/;

/** The stop link's address for a reference `{brand id}.{user id}`. */
export function reportStopUrl(deps: Pick<Deps, "signer" | "config">, ref: string): string {
  return `${deps.config.siteUrl}/reports/stop/${deps.signer.sign(PURPOSE, ref)}`;
}

/** Makes the stop link at sending time (the mail module's resolver); null for a reference that is not one. */
export const reportStopMailLink: MailLinkResolver = (deps, ref) => (REF.test(ref) ? reportStopUrl(deps, ref) : null);

/** Who a token stops the report for, or null when it is not a valid token. */
export function readStopToken(deps: Pick<Deps, "signer">, token: string): { brandId: string; userId: string } | null {
  if (token.length > 200) return null;
  const ref = deps.signer.verify(PURPOSE, token);
  const m = ref ? REF.exec(ref) : null;
  return m ? { brandId: m[1]!, userId: m[2]! } : null;
}

/** What the page shows for a token. */
export type StopView = { state: "unknown" } | { state: "pending" | "done"; brand: string };

/** The brand and person a token stops the report for, read with `db`; null for a token that is not valid. */
export function stopTarget(db: Db, deps: Pick<Deps, "signer">, token: string) {
  const who = readStopToken(deps, token);
  const brand = who && db.select().from(brands).where(eq(brands.id, who.brandId)).get();
  return who && brand ? { brand, userId: who.userId } : null;
}

function view(db: Db, target: ReturnType<typeof stopTarget>): StopView {
  if (!target) return { state: "unknown" };
  const { brand, userId } = target;
  const where = and(eq(analyticsReportOptouts.brandId, brand.id), eq(analyticsReportOptouts.userId, userId));
  const done = !!db.select().from(analyticsReportOptouts).where(where).get();
  return { state: done ? "done" : "pending", brand: brand.name };
}

/** What a stop link would do (GET). */
export const lookupStop = (deps: Deps, token: string) => view(deps.db, stopTarget(deps.db, deps, token));

/** Stops the report (POST), in a unit of work of the brand's organisation (see `stopTarget`); safe to repeat. */
export function confirmStop(tx: Tx, token: string): StopView {
  const target = stopTarget(tx.db, tx.deps, token);
  if (target)
    tx.db
      .insert(analyticsReportOptouts)
      .values({
        brandId: target.brand.id,
        userId: target.userId,
        orgId: target.brand.orgId,
        createdAt: tx.ctx.clock.now(),
      })
      .onConflictDoNothing()
      .run();
  return view(tx.db, target);
}
