/**
 * The import wizard in a real browser against the real server. First a semicolon-delimited UTF-8 file with a BOM,
 * header synonyms (Review, Reviewer Name, Stars, Review-Date, Job_Title, Organisation, Platform), star glyph
 * ratings, a quoted field with a line break and one ambiguous date: the preview highlights that row, the other
 * rows are sent after the attestation is ticked, and the server stores exactly them. Sending the file again
 * creates nothing; a Windows-1252 file is refused. Then other tools' exports (test/fixtures/imports): a Trustpilot
 * review export and two Google Takeout reviews.json files are recognised, mapped without a touch, the disabled
 * Import button says why, and the rows arrive with name, rating, date and words. Screenshots:
 * /tmp/imports-preview.png, /tmp/imports-summary.png, /tmp/imports-trustpilot.png, /tmp/imports-send-why.png,
 * /tmp/imports-takeout.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { type Browser, type Page } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer } from "../helpers/server";
import { submissions } from "../../src/domains/submissions";
import { imports, ATTESTATION_TEXT } from "../../src/domains/imports";

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CSV = [
  "Review;Reviewer Name;Stars;Review-Date;Job_Title;Organisation;Platform",
  '"Brilliant service; would book again.\nThe second line stays.";Ann Archer;★★★★★;3 March 2026;CTO;Archer Ltd;',
  "Quick and friendly;Bob Brown;★★★★☆;March 4, 2026;;;Yelp",
  "Arrived late but fine;Cy Chen;★★★☆☆;03/04/2026;;;",
  "Solid value for money;Dee Díaz;★★☆☆☆;2026-02-01;Owner;Díaz & Co;",
].join("\r\n");
const file = (bytes: Uint8Array) => ({ name: "reviews.csv", mimeType: "text/csv", buffer: Buffer.from(bytes) });
const withBom = () => file(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(CSV)]));

async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 401/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

async function openImport(page: Page) {
  await page.goto(`${server.url}/app/`);
  await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Import reviews" }).click();
  await page.getByRole("heading", { name: "Import reviews", level: 1 }).waitFor();
}

test("a semicolon CSV with a BOM, synonyms, star glyphs and one ambiguous date goes through the wizard", async () => {
  const { page, problems } = await openPage();
  await openImport(page);

  // A file in another encoding is refused in words, before anything else.
  const latin1 = new Uint8Array([...new TextEncoder().encode("Review;Name\nCaf"), 0xe9, 0x3b, 0x41, 0x6e, 0x6e]);
  await page.getByLabel("File to import", { exact: true }).setInputFiles(file(latin1));
  await page.getByRole("alert").filter({ hasText: "not UTF-8" }).waitFor();

  await page.getByLabel("File to import", { exact: true }).setInputFiles(withBom());
  await page.getByRole("heading", { name: "2. Check the columns and the rows" }).waitFor();
  await page.getByText("4 rows under the header, semicolon delimited").waitFor();
  const mapped: Record<string, string> = {
    Review: "text",
    "Reviewer Name": "name",
    Stars: "rating",
    "Review-Date": "reviewed_at",
    Job_Title: "title",
    Organisation: "company",
    Platform: "source",
  };
  for (const [column, field] of Object.entries(mapped))
    expect(await page.getByLabel(`Field for column “${column}”`).inputValue()).toBe(field);

  // The ambiguous date is highlighted on its row; the three others are ready.
  await page.getByRole("status").filter({ hasText: "3 ready · 1 with problems" }).waitFor();
  const bad = page.locator('tr[data-row="3"]');
  await bad.getByText("ambiguous").waitFor();
  expect(await bad.locator("td.cell-problem").count()).toBe(1);
  expect(await bad.locator("td.cell-problem").innerText()).toBe("03/04/2026");
  expect(await page.locator('tr[data-row="1"] td.cell-problem').count()).toBe(0);
  await page.screenshot({ path: "/tmp/imports-preview.png", fullPage: true });

  await page.getByRole("button", { name: "Continue with 3 reviews" }).click();
  const send = page.getByRole("button", { name: "Import 3 reviews" });
  expect(await send.isDisabled()).toBe(true);
  await page.getByLabel("Source", { exact: true }).fill("Google");
  await page.getByRole("checkbox", { name: ATTESTATION_TEXT }).check();
  await send.click();
  await page.getByRole("heading", { name: "Import finished" }).waitFor();
  expect(await page.locator('[data-count="created"]').innerText()).toBe("3");
  expect(await page.locator('[data-count="duplicates"]').innerText()).toBe("0");
  expect(await page.locator('[data-count="refused"]').innerText()).toBe("1");
  await page.getByText(/Row 3: .*ambiguous/).waitFor();
  await page.getByRole("row").filter({ hasText: "Google" }).filter({ hasText: "Dashboard" }).waitFor();
  await page.screenshot({ path: "/tmp/imports-summary.png", fullPage: true });

  // The server got exactly the three good rows.
  const db = server.deps.db;
  const rows = db
    .select()
    .from(submissions)
    .where(and(eq(submissions.orgId, server.orgId), eq(submissions.origin, "imported")))
    .orderBy(asc(submissions.id))
    .all();
  expect(
    rows.map((r) => ({
      text: r.textInput,
      name: r.respondentName,
      rating: r.rating,
      reviewedAt: r.reviewedAt,
      title: r.respondentTitle,
      company: r.respondentCompany,
      source: r.sourceName,
    })),
  ).toEqual([
    {
      text: "Brilliant service; would book again.\nThe second line stays.",
      name: "Ann Archer",
      rating: 5,
      reviewedAt: "2026-03-03",
      title: "CTO",
      company: "Archer Ltd",
      source: "Google",
    },
    {
      text: "Quick and friendly",
      name: "Bob Brown",
      rating: 4,
      reviewedAt: "2026-03-04",
      title: null,
      company: null,
      source: "Yelp",
    },
    {
      text: "Solid value for money",
      name: "Dee Díaz",
      rating: 2,
      reviewedAt: "2026-02-01",
      title: "Owner",
      company: "Díaz & Co",
      source: "Google",
    },
  ]);
  for (const r of rows)
    expect(r).toMatchObject({
      kind: "text",
      status: "ready",
      isApproved: false,
      isPublic: false,
      linkId: null,
      consent: null,
      textSource: "imported",
    });
  const record = db.select().from(imports).where(eq(imports.orgId, server.orgId)).get()!;
  expect(record).toMatchObject({
    createdCount: 3,
    duplicateCount: 0,
    attestationText: ATTESTATION_TEXT,
    apiKeyId: null,
    sourceName: "Google",
  });
  expect(record.attestedByUserId).toMatch(/^usr_/);

  // Publishing them: the last step leads to the inbox filtered to imported reviews waiting for a decision, where
  // one bulk "Approve & publish" makes them all approved and public.
  await page.getByText("Next: publish them").waitFor();
  await page.getByRole("link", { name: "Review and publish the imported reviews" }).click();
  await page.waitForURL(/\/app\/inbox\?origin=imported&is_approved=false$/);
  await page.locator(".inbox-row").nth(2).waitFor();
  expect(await page.locator(".inbox-row").count()).toBe(3);
  await page.getByRole("checkbox", { name: "Select all 3 shown" }).check();
  await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Approve & publish" }).click();
  await page.getByText("Approved and published 3 testimonials.").waitFor();
  const published = db
    .select()
    .from(submissions)
    .where(and(eq(submissions.orgId, server.orgId), eq(submissions.origin, "imported")))
    .all();
  expect(published.map((r) => [r.isApproved, r.isPublic])).toEqual([
    [true, true],
    [true, true],
    [true, true],
  ]);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Import reviews" }).click();

  // The same file again: nothing new, the three rows reported as duplicates by their CSV row numbers.
  await page.getByLabel("File to import", { exact: true }).setInputFiles(withBom());
  await page.getByRole("button", { name: "Continue with 3 reviews" }).click();
  await page.getByLabel("Source", { exact: true }).fill("Google");
  await page.getByRole("checkbox", { name: ATTESTATION_TEXT }).check();
  await page.getByRole("button", { name: "Import 3 reviews" }).click();
  await page.getByRole("heading", { name: "Import finished" }).waitFor();
  expect(await page.locator('[data-count="created"]').innerText()).toBe("0");
  await page.getByText("Already imported, so skipped: rows 1, 2, 4.").waitFor();
  expect(db.select().from(submissions).where(eq(submissions.orgId, server.orgId)).all()).toHaveLength(3);

  expect(problems).toEqual([]);
}, 90_000);

const FIXTURES = join(import.meta.dir, "../fixtures/imports");

/** Ids of the organisation's submissions so far. */
function submissionIds(): Set<string> {
  const rows = server.deps.db.select().from(submissions).where(eq(submissions.orgId, server.orgId)).all();
  return new Set(rows.map((r) => r.id));
}

/** The reviews imported since `before` was taken, from one source, in the order they were sent. */
function importedSince(before: Set<string>, sourceName: string) {
  return server.deps.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.orgId, server.orgId), eq(submissions.sourceName, sourceName)))
    .orderBy(asc(submissions.id))
    .all()
    .filter((r) => !before.has(r.id))
    .map((r) => ({ name: r.respondentName, rating: r.rating, reviewedAt: r.reviewedAt, text: r.textInput }));
}

test("a Trustpilot review export is recognised and imported without touching a column", async () => {
  const before = submissionIds();
  const { page, problems } = await openPage();
  await openImport(page);
  await page.getByLabel("File to import", { exact: true }).setInputFiles(join(FIXTURES, "trustpilot.csv"));
  const notice = page.locator('.import-format[data-format="trustpilot"]');
  await notice.getByText("Looks like a Trustpilot export").waitFor();
  await notice.getByText("Review Title and Review Content are joined into the review text").waitFor();
  await notice.getByText("The source is set to “Trustpilot”").waitFor();
  expect(await page.getByLabel("Field for column “Review Title + Review Content”").inputValue()).toBe("text");
  expect(await page.getByLabel("Field for column “Review Username”").inputValue()).toBe("name");
  expect(await page.getByLabel("Field for column “Review Stars”").inputValue()).toBe("rating");
  expect(await page.getByLabel("Field for column “Review Created (UTC)”").inputValue()).toBe("reviewed_at");
  expect(await page.getByLabel("Field for column “Review Title”").inputValue()).toBe("");
  expect(await page.getByLabel("Field for column “Review Id”").inputValue()).toBe("");
  await page.getByRole("status").filter({ hasText: "4 ready · 0 with problems" }).waitFor();
  await page.screenshot({ path: "/tmp/imports-trustpilot.png", fullPage: true });

  // Without a text column the Continue button is disabled and says why beside it.
  await page.getByLabel("Field for column “Review Title + Review Content”").selectOption("");
  const cont = page.getByRole("button", { name: /^Continue with/ });
  expect(await cont.isDisabled()).toBe(true);
  await page.locator("#import-continue-why").getByText("Choose which column holds the review text").waitFor();
  expect(await cont.getAttribute("aria-describedby")).toBe("import-continue-why");
  await page.getByLabel("Field for column “Review Title + Review Content”").selectOption("text");

  await page.getByRole("button", { name: "Continue with 4 reviews" }).click();
  const source = page.getByLabel("Source", { exact: true });
  expect(await source.inputValue()).toBe("Trustpilot");
  const send = page.getByRole("button", { name: "Import 4 reviews" });
  const why = page.locator("#import-send-why");
  expect(await send.isDisabled()).toBe(true);
  expect(await why.innerText()).toBe("To import, tick the box confirming the reviews are genuine.");
  await source.fill("");
  expect(await why.innerText()).toBe(
    "To import, name the source (where these reviews were first posted) and tick the box confirming the reviews are genuine.",
  );
  expect(await send.getAttribute("aria-describedby")).toBe("import-send-why");
  await page.screenshot({ path: "/tmp/imports-send-why.png", fullPage: true });
  await source.fill("Trustpilot");
  await page.getByRole("checkbox", { name: ATTESTATION_TEXT }).check();
  expect(await why.count()).toBe(0);
  expect(await send.isDisabled()).toBe(false);
  await send.click();
  await page.getByRole("heading", { name: "Import finished" }).waitFor();
  expect(await page.locator('[data-count="created"]').innerText()).toBe("4");

  expect(importedSince(before, "Trustpilot")).toEqual([
    {
      name: "Hannah Okafor",
      rating: 5,
      reviewedAt: "2025-10-18",
      text: "Booked in minutes, fixed the same day. The engineer explained everything, cleaned up after himself and the boiler has run perfectly since.",
    },
    {
      name: "Tomasz Wiśniewski",
      rating: 5,
      reviewedAt: "2025-10-21",
      text: "Honest advice, no upsell\n\nThey told me I didn't need a new boiler,\njust a £40 part. Who does that?\n\nWill use again.",
    },
    {
      name: "Priya S.",
      rating: 3,
      reviewedAt: "2025-11-02",
      text: "Arrived two hours late but did a tidy job on the radiator valves. A text to say they were running late would have helped.",
    },
    { name: "Mark", rating: 4, reviewedAt: "2025-11-09", text: "Quick, polite, fair price." },
  ]);
  expect(problems).toEqual([]);
}, 90_000);

test("Google Takeout reviews.json files of two locations are imported together", async () => {
  const before = submissionIds();
  const { page, problems } = await openPage();
  await openImport(page);
  await page
    .getByLabel("File to import", { exact: true })
    .setInputFiles([
      join(FIXTURES, "google-takeout-reviews.json"),
      join(FIXTURES, "google-takeout-reviews-location-2.json"),
    ]);
  const notice = page.locator('.import-format[data-format="google_takeout"]');
  await notice.getByText("Looks like Google reviews from Google Takeout").waitFor();
  await notice.getByText("Left out: 1 review with stars but no written words.").waitFor();
  await page.getByText("5 reviews with words, Google Takeout JSON.").waitFor();
  expect(await page.getByLabel("Field for column “Reviewer”").inputValue()).toBe("name");
  expect(await page.getByLabel("Field for column “Star rating”").inputValue()).toBe("rating");
  expect(await page.getByLabel("Field for column “Review”").inputValue()).toBe("text");
  expect(await page.getByLabel("Field for column “Written”").inputValue()).toBe("reviewed_at");
  await page.getByRole("status").filter({ hasText: "5 ready · 0 with problems" }).waitFor();
  await page.screenshot({ path: "/tmp/imports-takeout.png", fullPage: true });

  await page.getByRole("button", { name: "Continue with 5 reviews" }).click();
  expect(await page.getByLabel("Source", { exact: true }).inputValue()).toBe("Google");
  await page.getByRole("checkbox", { name: ATTESTATION_TEXT }).check();
  await page.getByRole("button", { name: "Import 5 reviews" }).click();
  await page.getByRole("heading", { name: "Import finished" }).waitFor();
  expect(await page.locator('[data-count="created"]').innerText()).toBe("5");

  expect(importedSince(before, "Google")).toEqual([
    {
      name: "Grace Mwangi",
      rating: 5,
      reviewedAt: "2025-08-14",
      text: "Best dentist I have been to. They explained every step\nand nothing hurt!",
    },
    {
      name: "Jonas Becker",
      rating: 5,
      reviewedAt: "2025-10-05",
      text: "Sehr freundliches Personal und kurze Wartezeiten.",
    },
    { name: "", rating: 3, reviewedAt: "2025-10-20", text: "Good care, but parking is a nightmare." },
    {
      name: "Olivia Brown",
      rating: 5,
      reviewedAt: "2025-11-11",
      text: "The new clinic in town is just as good. Booked online, seen on time.",
    },
    { name: "Sam Taylor", rating: null, reviewedAt: "2025-11-12", text: "Friendly reception." },
  ]);
  expect(problems).toEqual([]);
}, 90_000);
