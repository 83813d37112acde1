/**
 * The `request_emails_per_month` allowance and who was asked lately. Each campaign adds the emails it sends to the
 * month's count (campaign_usage, never decreased: deleting a campaign does not give back what it sent) and marks
 * each address asked (campaign_asked, by the address's HMAC only), so a list sent again within
 * `RECENTLY_ASKED_DAYS` asks no one twice, whether or not the first campaign still exists.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Mode } from "../../platform/context";
import type { UsageCounter } from "../../platform/hooks";
import { monthStart } from "../../platform/access";
import { campaignAsked, campaignUsage } from "./tables";

/** A person asked within this many days is not asked again by a new campaign. */
export const RECENTLY_ASKED_DAYS = 30;

const DAY_MS = 24 * 3600_000;

/** The `request_emails_per_month` counter (declared in the campaigns module). */
export const requestEmailsUsed: UsageCounter = (db, ctx, month) =>
  db
    .select({ n: campaignUsage.emails })
    .from(campaignUsage)
    .where(and(scoped(campaignUsage, ctx), eq(campaignUsage.month, month)))
    .get()?.n ?? 0;

/** Adds `emails` request emails to this month's count. */
export function countRequestEmails(db: Db, orgId: string, mode: Mode, now: number, emails: number) {
  if (emails <= 0) return;
  const month = monthStart(now);
  db.insert(campaignUsage)
    .values({ orgId, mode, month, emails })
    .onConflictDoUpdate({
      target: [campaignUsage.orgId, campaignUsage.mode, campaignUsage.month],
      set: { emails: sql`${campaignUsage.emails} + ${emails}` },
    })
    .run();
}

/** True when this organisation asked the address (by its hash) within `RECENTLY_ASKED_DAYS` before `now`. */
export function askedRecently(db: Db, orgId: string, mode: Mode, emailHash: string, now: number): boolean {
  return !!db
    .select({ at: campaignAsked.askedAt })
    .from(campaignAsked)
    .where(
      and(
        scoped(campaignAsked, { orgId, mode }),
        eq(campaignAsked.emailHash, emailHash),
        gte(campaignAsked.askedAt, now - RECENTLY_ASKED_DAYS * DAY_MS),
      ),
    )
    .get();
}

/** Notes that the address was asked now. */
export function markAsked(db: Db, orgId: string, mode: Mode, emailHash: string, now: number) {
  db.insert(campaignAsked)
    .values({ orgId, mode, emailHash, askedAt: now })
    .onConflictDoUpdate({
      target: [campaignAsked.orgId, campaignAsked.mode, campaignAsked.emailHash],
      set: { askedAt: now },
    })
    .run();
}
