/**
 * The monthly report per brand, on the 1st (06:00 UTC): the schedule enqueues `analytics.monthly_reports` for the
 * month just ended (one job per month, by its dedupe key); the job makes, for each live brand with something to
 * report (any view, play or click, or a new testimonial), one report (recorded in `analytics_reports`, so a job run
 * twice sends nothing twice) and queues it through the mail outbox to the organisation's owners and the brand's
 * client logins, minus those who stopped it. In the organisation's name and logo (white label). The sandbox (test
 * mode) gets no reports: test brands are skipped, so no real mail ever leaves for made-up figures.
 */
import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { inOrg } from "../../platform/db/tenancy";
import type { Deps } from "../../platform/deps";
import { systemCtx } from "../../platform/context";
import { reader, unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import type { JobRegistry } from "../../platform/jobs/worker";
import { queueMail } from "../../platform/mail/queue-mail";
import { getOrg, members, orgLogoUrl, users } from "../accounts";
import { orgSender } from "../../platform/access";
import { brands, type BrandRow } from "../brands";
import { submissions } from "../submissions";
import { brandStats } from "./stats";
import { reportHtml, reportSubject, reportText, type ReportContent } from "./report-mail";
import { REPORT_STOP_LINK } from "./report-stop";
import { analyticsReportOptouts, analyticsReports } from "./tables";

/** The job that makes the month's reports. */
export const MONTHLY_REPORTS_JOB = "analytics.monthly_reports";
/** When: 06:00 UTC on the 1st (seconds first). */
export const REPORT_PATTERN = "0 0 6 1 * *";
/** Quotes a report shows at most. */
const TOP_QUOTES = 3;

/** The month before the one `now` is in: `YYYY-MM`, its first day and the first day of the next, in ms (UTC). */
export function lastMonth(now: number): { month: string; start: number; end: number; from: string; to: string } {
  const d = new Date(now);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { month: iso(start).slice(0, 7), start, end, from: iso(start), to: iso(end - 86_400_000) };
}

/** The schedule's tick: one job for the month just ended (of no organisation: it reports every brand). */
export function scheduleMonthlyReports(deps: Deps): void {
  const { month } = lastMonth(deps.clock.now());
  unitOfWork(deps, systemCtx("", "live", deps.clock), (tx) =>
    tx.enqueue({
      kind: MONTHLY_REPORTS_JOB,
      payload: { month },
      orgId: null,
      mode: null,
      dedupeKey: `${MONTHLY_REPORTS_JOB}:${month}`,
    }),
  );
}

/** Who gets a brand's report: the organisation's owners and the brand's client logins, minus who stopped it. */
function recipients(deps: Deps, brand: BrandRow): { userId: string; email: string }[] {
  const rows = deps.db
    .select({ userId: users.id, email: users.email, role: members.role, brandIds: members.brandIds })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(inOrg(members, brand.orgId))
    .all();
  const stopped = new Set(
    deps.db
      .select({ userId: analyticsReportOptouts.userId })
      .from(analyticsReportOptouts)
      .where(eq(analyticsReportOptouts.brandId, brand.id))
      .all()
      .map((r) => r.userId),
  );
  return rows
    .filter((r) => r.role === "owner" || (r.role === "client" && !!r.brandIds?.includes(brand.id)))
    .filter((r) => !stopped.has(r.userId))
    .map((r) => ({ userId: r.userId, email: r.email }));
}

/** What a brand's report for `month` says, or null when there is nothing to report. */
export function reportContent(deps: Deps, brand: BrandRow, now: number): ReportContent | null {
  const m = lastMonth(now);
  const ctx = systemCtx(brand.orgId, brand.mode, deps.clock);
  const s = brandStats(reader(deps, ctx), brand.id, { from: m.from, to: m.to });
  const fresh =
    deps.db
      .select({ n: sql<number>`count(*)` })
      .from(submissions)
      .where(
        and(
          eq(submissions.brandId, brand.id),
          isNull(submissions.deletedAt),
          gte(submissions.createdAt, m.start),
          lt(submissions.createdAt, m.end),
        ),
      )
      .get()?.n ?? 0;
  const { views, plays, clicks, play_progress } = s.totals;
  if (views + plays + clicks === 0 && fresh === 0) return null;
  const org = getOrg(deps.db, brand.orgId);
  return {
    orgName: org.name,
    logoUrl: orgLogoUrl(deps.config.cdnUrl, org.logoKey),
    color: org.color ?? null,
    brandName: brand.name,
    monthName: new Date(m.start).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
    totals: { views, plays, clicks, completed: play_progress.p100 },
    newTestimonials: fresh,
    topQuotes: s.testimonials
      .filter((x) => x.quote && x.views > 0)
      .slice(0, TOP_QUOTES)
      .map((x) => ({ name: x.name, quote: x.quote!, views: x.views })),
    statsUrl: `${deps.config.appUrl}/stats`,
  };
}

/**
 * Makes and queues the reports of the month before `now` (the job's handler), each brand's in its own unit of work
 * (of the brand's organisation, live); returns how many mails it queued.
 */
export function sendMonthlyReports(deps: Deps, now = deps.clock.now()): number {
  const { month } = lastMonth(now);
  const live = deps.db
    .select()
    .from(brands)
    .where(and(eq(brands.mode, "live"), isNull(brands.deletingAt)))
    .all();
  let queued = 0;
  for (const brand of live) {
    const content = reportContent(deps, brand, now);
    if (!content) continue;
    const to = recipients(deps, brand);
    queued += unitOfWork(deps, systemCtx(brand.orgId, "live", deps.clock), (tx) =>
      queueReport(tx, brand, month, content, to),
    );
  }
  return queued;
}

/** Records a brand's report of `month` and queues its mails, once (0 when it was already made); in the caller's unit. */
function queueReport(
  tx: Tx,
  brand: BrandRow,
  month: string,
  content: ReportContent,
  to: ReturnType<typeof recipients>,
): number {
  const { db, deps } = tx;
  const made = db
    .insert(analyticsReports)
    .values({ brandId: brand.id, month, orgId: brand.orgId, createdAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ brandId: analyticsReports.brandId })
    .all();
  if (made.length === 0) return 0;
  const sender = orgSender(db, brand.orgId);
  for (const r of to)
    queueMail(tx.queue, {
      orgId: brand.orgId,
      mode: "live",
      to: r.email,
      subject: reportSubject(content),
      text: reportText(content),
      html: reportHtml(content),
      link: { kind: REPORT_STOP_LINK, ref: `${brand.id}.${r.userId}` },
      sender,
    });
  return to.length;
}

/** Registers the report job. */
export function registerReportJob(registry: JobRegistry): JobRegistry {
  return registry.register<{ month: string }>(MONTHLY_REPORTS_JOB, {
    // The month is fixed by the payload: a job run late (after a restart) still reports the month it was made for.
    handle: async (job, deps) => {
      const [y, mo] = job.payload.month.split("-").map(Number) as [number, number];
      sendMonthlyReports(deps, Date.UTC(y, mo, 1));
    },
    maxAttempts: 3,
    backoffMs: () => 60_000,
    timeoutMs: 10 * 60_000,
  });
}
