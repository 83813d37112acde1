/**
 * The monthly report per brand: made on the 1st for the month just ended, for live brands with something to report,
 * sent through the outbox in the organisation's name and logo to its owners and the brand's client logins (not to
 * other members, nor to clients of other brands); the outbox copy holds no usable stop link, the delivered mail does
 * (text and HTML), and the link stops that person's report for that brand; made once however often the job runs;
 * nothing for brands with nothing to report or for the sandbox. The schedule is registered and enqueues one job.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { addMember } from "../../src/domains/accounts/members";
import { systemCtx } from "../../src/platform/context";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { MAIL_LINK_MARK } from "../../src/platform/mail/queue-mail";
import { MODULES } from "../../src/modules";
import { MONTHLY_REPORTS_JOB, scheduleMonthlyReports } from "../../src/domains/analytics";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

let t: TestApp;
let a: TestOrg;
let brand = "";
let quiet = "";
let widget = "";
let sub = "";
const delivered: { to: string; subject: string; text: string; html?: string | null; fromName?: string | null }[] = [];
const registry = buildRegistry();

const outbox = () =>
  t.deps.db.$client
    .query("SELECT * FROM mail_outbox WHERE subject LIKE '%your testimonials in%' ORDER BY id")
    .all() as any[];

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.mailer = {
    delivers: true,
    send: async (m: any) => (delivered.push(m), { messageId: `<${delivered.length}@test>` }),
    close() {},
  } as any;
  a = await t.org({ name: "Bright Agency" });
  const link = await makeLink(t, a.liveKey);
  brand = link.brandId;
  sub = await writeTestimonial(t, link.id, "The reports made our whole team smile every single month.", {
    name: "Rita Report",
  });
  await t.call("POST", `/v1/submissions/${sub}/approve`, { auth: a.liveKey });
  await t.call("POST", `/v1/submissions/${sub}/visibility`, { auth: a.liveKey, body: { is_public: true } });
  widget = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brand } })).body.id;
  quiet = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Quiet brand" } })).body.id;
  const ctx = systemCtx(a.id, "live", t.clock);
  unitOfWork(t.deps, ctx, (tx) => addMember(tx, { email: "cleo@client.test", role: "client", brandIds: [brand] }));
  unitOfWork(t.deps, ctx, (tx) => addMember(tx, { email: "otto@client.test", role: "client", brandIds: [quiet] }));
  unitOfWork(t.deps, ctx, (tx) => addMember(tx, { email: "mia@member.test", role: "member" }));
  // 22 November: seen, played, clicked.
  const r = await t.app.handle(
    new Request(`${t.base}/public/beacons`, {
      method: "POST",
      headers: { "content-type": "text/plain", "user-agent": CHROME, origin: "https://shop.example" },
      body: JSON.stringify({
        widget_id: widget,
        events: [
          { type: "view" },
          { type: "view", submission_id: sub },
          { type: "click", target: "read_more", submission_id: sub },
        ],
      }),
    }),
  );
  expect(r.status).toBe(204);
});
afterAll(() => t.close());

describe("the monthly report", () => {
  test("the schedule is registered and its tick enqueues one job for the month just ended", async () => {
    const mod = MODULES.find((m) => m.name === "analytics")!;
    expect(mod.schedules?.map((s) => s.pattern)).toEqual(["0 0 6 1 * *"]);
    t.clock.set(Date.UTC(2026, 11, 1, 6, 0, 0));
    scheduleMonthlyReports(t.deps);
    scheduleMonthlyReports(t.deps);
    const jobs = t.deps.db.$client.query("SELECT payload FROM jobs WHERE kind = ?").all(MONTHLY_REPORTS_JOB) as any[];
    expect(jobs.map((j) => JSON.parse(j.payload))).toEqual([{ month: "2026-11" }]);
  });

  test("goes to the owner and the brand's client, in the organisation's name, with November's figures", async () => {
    await runDueJobs(t.deps, registry);
    await runDueJobs(t.deps, registry);
    const rows = outbox();
    expect(rows.map((r) => r.to).sort()).toEqual(["cleo@client.test", expect.stringMatching(/^owner/)]);
    for (const row of rows) {
      expect(row.subject).toEndWith(": your testimonials in November 2026");
      expect(row.from_name).toBe("Bright Agency");
      expect(row.text).toContain("Views: 1");
      expect(row.text).toContain("Clicks: 1");
      expect(row.text).toContain("New testimonials: 1");
      expect(row.text).toContain('"The reports made our whole team smile every single month." (Rita Report), 1 views');
      // The stored copy holds the mark, never the link.
      expect(row.text).toContain(MAIL_LINK_MARK);
      expect(row.html).toContain(MAIL_LINK_MARK);
      expect(row.text).not.toContain("/reports/stop/");
      expect(row.html).toContain("Bright Agency");
    }
    // Reports only (the owner also hears of the new testimonial: docs/alerts.md).
    const reports = delivered.filter((m) => m.subject.includes("your testimonials in"));
    expect(reports.map((m) => m.to).sort()).toEqual(rows.map((r) => r.to).sort());
    for (const m of reports) {
      expect(m.text).not.toContain(MAIL_LINK_MARK);
      expect(m.text).toMatch(/Stop receiving this report: http:\/\/plaudit\.test\/reports\/stop\/brd_/);
      expect(m.html).toMatch(/href="http:\/\/plaudit\.test\/reports\/stop\/brd_[^"]+"/);
    }
    // Nothing for the quiet brand, whose client got nothing.
    expect(rows.some((r) => r.to === "otto@client.test" || r.to === "mia@member.test")).toBe(false);
  });

  test("running again sends nothing twice", async () => {
    const { sendMonthlyReports } = await import("../../src/domains/analytics");
    expect(sendMonthlyReports(t.deps)).toBe(0);
    expect(outbox()).toHaveLength(2);
  });

  test("the stop link asks, then stops that person's report for that brand only", async () => {
    const cleo = delivered.find((m) => m.to === "cleo@client.test")!;
    const url = /Stop receiving this report: (\S+)/.exec(cleo.text)![1]!;
    const path = new URL(url).pathname;
    const ask = await t.app.handle(new Request(`${t.base}${path}`));
    expect(ask.status).toBe(200);
    const html = await ask.text();
    expect(html).toContain("Stop the monthly report of");
    expect(html).toContain('<form method="post">');
    expect(ask.headers.get("referrer-policy")).toBe("no-referrer");
    const stop = await t.app.handle(new Request(`${t.base}${path}`, { method: "POST" }));
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain("No more monthly reports");
    expect((await t.app.handle(new Request(`${t.base}${path}x`))).status).toBe(404);
    expect((await t.app.handle(new Request(`${t.base}/reports/stop/brd_x.usr_y.forged`))).status).toBe(404);
    // December: a new beacon; the next report goes to the owner only.
    t.clock.set(Date.UTC(2026, 11, 10, 12));
    await t.app.handle(
      new Request(`${t.base}/public/beacons`, {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": CHROME },
        body: JSON.stringify({ widget_id: widget, events: [{ type: "view" }] }),
      }),
    );
    const { sendMonthlyReports } = await import("../../src/domains/analytics");
    expect(sendMonthlyReports(t.deps, Date.UTC(2027, 0, 1, 6))).toBe(1);
    expect(outbox().at(-1).to).toMatch(/^owner/);
  });

  test("the sandbox gets no report", async () => {
    const testBrand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
    const tw = (await t.call("POST", "/v1/widgets", { auth: a.testKey, body: { brand_id: testBrand } })).body.id;
    t.clock.set(Date.UTC(2027, 0, 5, 12));
    await t.app.handle(
      new Request(`${t.base}/public/beacons`, {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": CHROME },
        body: JSON.stringify({ widget_id: tw, events: [{ type: "view" }] }),
      }),
    );
    const { sendMonthlyReports } = await import("../../src/domains/analytics");
    expect(sendMonthlyReports(t.deps, Date.UTC(2027, 1, 1, 6))).toBe(0);
  });
});
