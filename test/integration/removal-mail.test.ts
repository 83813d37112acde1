/**
 * The removal email over real SMTP (smtp-server on 127.0.0.1) from the real server with its workers: a written
 * testimonial with an email is sent; the message arrives with the link; the outbox copy never held the link, and no
 * file of the data directory holds the token; the link opens the removal page (CSP, no
 * referrer) and works once through the public routes; the purge then erases the testimonial and its email copy.
 * The thank-you is HTML with a plain-text alternative: the brand's logo and colour, the link's call to action as a
 * button, no word the sender typed but a first name; drawn by Chromium at 320 and 390 px it breaks no word.
 * Screenshot: /tmp/i29-resp-email.png (390 px).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import sharp from "sharp";
import { mailParts, mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { launchChromium } from "../helpers/browser";
import { brokenWords } from "../helpers/word-wrap";
import { findInFiles } from "../helpers/data-search";
import { startServer, type RunningServer } from "../helpers/server";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { until } from "../helpers/wait";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let sink: MailSink;
let server: RunningServer;
let key = "";

const api = async (method: string, path: string, body?: unknown, auth = true) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${key}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
};

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(raw)?.[1]?.trim();

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({
    env: { PLAUDIT_SMTP_URL: sink.url, PLAUDIT_MAIL_FROM: "Acme testimonials <no-reply@plaudit.test>" },
  });
  key = unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) =>
    createApiKey(tx, {
      mode: "live",
      scopes: [],
    }),
  ).secret;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

test("the email arrives over SMTP, its stored copy loses the link, and the link works once", async () => {
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  const consent = { text: "I agree that Acme may publish my words.", version: "2026-11-01" };
  const link = (
    await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: consent.text,
      consent_version: consent.version,
    })
  ).body;
  const sent = await api(
    "POST",
    `/public/links/${link.id}/submissions`,
    {
      kind: "text",
      respondent: { name: "Mara Mailbox", email: "mara.mailbox@example.org" },
      consent: { agreed: true, ...consent },
      text: "Acme answered within minutes every single time.",
    },
    false,
  );
  expect(sent.status).toBe(201);
  const id = sent.body.submission_id as string;

  const mail = await until("the removal email", () =>
    sink.received.find((m) => m.to.includes("mara.mailbox@example.org")),
  );
  expect(header(mail.raw, "subject")).toBe(`Thank you for your testimonial for ${brand.name}`);
  expect(header(mail.raw, "from")).toContain("no-reply@plaudit.test");
  const text = mailText(mail.raw);
  // A short, plain first name: the form is public, so nothing longer a stranger typed reaches the inbox.
  expect(text).toContain("Hi Mara,");
  const url = new RegExp(`${server.url}/remove/([A-Za-z0-9_-]{32})`).exec(text);
  expect(url).not.toBeNull();
  const token = url![1]!;

  const stored = await until(
    "the outbox row marked sent",
    () =>
      server.deps.db.$client
        .query("SELECT id FROM mail_outbox WHERE \"to\" = ? AND status = 'sent'")
        .get("mara.mailbox@example.org") as { id: string } | null,
  );
  expect(findInFiles(server.dataDir, { needle: token })).toEqual([]);
  const copy = server.deps.db.$client.query("SELECT text FROM mail_outbox WHERE id = ?").get(stored.id) as {
    text: string;
  };
  expect(copy.text).not.toContain("/remove/");

  const page = await fetch(url![0]);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  expect(page.headers.get("cache-control")).toBe("no-store");
  const html = await page.text();
  expect(html).toContain("plaudit-config");
  expect(html).not.toContain(token);

  const look = await api("POST", "/public/removals/lookup", { token }, false);
  expect(look.body).toMatchObject({
    state: "pending",
    testimonial: { name: "Mara Mailbox", brand_name: brand.name, kind: "text" },
  });
  expect((await api("POST", "/public/removals", { token }, false)).body).toMatchObject({
    state: "removed",
    removed_now: true,
  });
  expect((await api("GET", `/v1/submissions/${id}`)).status).toBe(404);
  await until(
    "the purge",
    () =>
      (
        server.deps.db.$client.query("SELECT erased_at FROM submissions WHERE id = ?").get(id) as {
          erased_at: number | null;
        }
      ).erased_at,
  );
  expect(
    server.deps.db.$client.query('SELECT id FROM mail_outbox WHERE "to" = ?').all("mara.mailbox@example.org"),
  ).toEqual([]);
  expect((await api("POST", "/public/removals", { token }, false)).body).toMatchObject({
    state: "removed",
    removed_now: false,
  });
  expect(sink.received.filter((m) => m.to.includes("mara.mailbox@example.org"))).toHaveLength(1);
}, 60_000);

test("the thank-you is branded HTML with a text alternative and no stranger's words, whole words at 320 and 390 px", async () => {
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  expect((await api("PATCH", `/v1/brands/${brand.id}`, { color: "#0f766e" })).status).toBe(200);
  const png = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96"><rect width="240" height="96" rx="16" fill="#0f766e"/><text x="120" y="62" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif">ACME</text></svg>',
    ),
  )
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([png], "logo.png", { type: "image/png" }));
  const logo = await fetch(`${server.url}/v1/brands/${brand.id}/logo`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(logo.status).toBe(200);
  const logoUrl = ((await logo.json()) as any).logo_url as string;
  const consent = { text: "I agree that Acme may publish my words and my first name.", version: "2026-11-02" };
  const link = (
    await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: consent.text,
      consent_version: consent.version,
      call_to_action: { label: "Review us on Google", url: "https://g.page/acme/review" },
    })
  ).body;
  const words = "Stockbridge <b>bold</b> claims: visit http://prize.example now";
  const sent = await api(
    "POST",
    `/public/links/${link.id}/submissions`,
    {
      kind: "text",
      respondent: { name: "Henrietta Hopeful-Stockbridge", email: "henrietta@example.org" },
      consent: { agreed: true, ...consent },
      text: words,
      rating: 5,
    },
    false,
  );
  expect(sent.status).toBe(201);
  const mail = await until("the thank-you email", () =>
    sink.received.find((m) => m.to.includes("henrietta@example.org")),
  );
  expect(mail.raw).toMatch(/content-type:\s*multipart\/alternative/i);
  const parts = mailParts(mail.raw);
  const text = parts["text/plain"]!;
  const html = parts["text/html"]!;
  expect(text).toStartWith("Hi Henrietta,");
  expect(text).toContain("Review us on Google: https://g.page/acme/review");
  expect(html).toContain(`<img src="${logoUrl}" alt="${brand.name}"`);
  expect(html).toContain("border-top:6px solid #0f766e");
  expect(html).toContain('href="https://g.page/acme/review"');
  expect(html).toContain(">Thank you, Henrietta!</h1>");
  const token = new RegExp(`${server.url}/remove/([A-Za-z0-9_-]{32})`).exec(text)![1]!;
  expect(html).toContain(`href="${server.url}/remove/${token}"`);
  for (const part of [text, html]) {
    // No word the sender typed: neither the testimonial nor more of the name than the first word.
    for (const stranger of ["Stockbridge", "prize.example", "bold", "Hopeful"]) expect(part).not.toContain(stranger);
    expect(part).toContain("rated 5 out of 5");
  }

  const browser = await launchChromium();
  try {
    for (const width of [320, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.setContent(html, { waitUntil: "load" });
      expect(await page.evaluate(brokenWords, "body")).toEqual([]);
      const button = await page.getByRole("link", { name: "Review us on Google" }).boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await page.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      if (width === 390) await page.screenshot({ path: "/tmp/i29-resp-email.png", fullPage: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}, 90_000);
