/**
 * Issue 30, input hygiene: display text holds no control, direction or zero-width characters (the rule of
 * src/platform/text.ts, docs/design-decisions.md "Display text holds no hidden characters"). Every kind of name
 * and title is refused on create and on update with a 400 naming the field, on the public capture route and in
 * imports (per row), and the stored value never holds them; multi-line text keeps its line breaks (CRLF read as
 * LF) but not other control characters or direction overrides. A guard walks every route's body so a new display
 * field cannot skip the rule.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { TEXT_FORMATS, textKindOf } from "../../src/platform/http/text-schema";
import { createOrganisation, createApiKey } from "../../src/domains/accounts";
import { createUser } from "../../src/domains/accounts/users";
import { systemCtx } from "../../src/platform/context";
import { AppError } from "../../src/platform/errors";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let t: TestApp;
let a: TestOrg;
let brand: string;
let link: string;
let tag: string;
let widget: string;

const CONSENT = "I agree that Acme may publish my words on its website.";
const agreed = { agreed: true, text: CONSENT, version: "v1" };

/** The characters the issue names, as they would arrive in a name. */
const HOSTILE: [string, string][] = [
  ["NUL", "\u0000"],
  ["ESC", "\u001b"],
  ["CR", "\r"],
  ["LF", "\n"],
  ["RLO U+202E", "\u202e"],
  ["LRI U+2066", "\u2066"],
  ["ZWSP U+200B", "\u200b"],
];
/** A name holding `ch` in the middle (where trimming cannot remove it). */
const named = (ch: string) => `Ev${ch}il Corp`;
/** The refused characters, to check a stored value (ZWJ left out: emoji sequences keep it). */
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/;

/** Every row count of the database, to show a refused request wrote nothing. */
function rowCounts(): string {
  const db = t.deps.db.$client;
  const tables = db
    .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return JSON.stringify(
    tables.map(({ name }) => [name, (db.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]),
  );
}

/** A 400 in the documented shape naming `field`, with the character and a message that says it. */
function expectRefused(r: { status: number; body: any; headers: Headers }, field: string, label: string) {
  expect([label, r.status, r.body?.error?.code]).toEqual([label, 400, "validation_failed"]);
  expect(r.body.error.details.field).toBe(field);
  expect(r.body.error.request_id).toMatch(/^req_/);
  expect(r.headers.get("x-request-id")).toBe(r.body.error.request_id);
  expect(r.body.error.message).toContain(field);
  expect(r.body.error.message).toMatch(/contains (a|an) /);
  expect(r.body.error.details.character).toMatch(/^U\+[0-9A-F]{4}$/);
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
  brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  link = (
    await t.call("POST", `/v1/brands/${brand}/links`, {
      auth: a.liveKey,
      body: {
        title: "Tell us",
        prompts: [{ text: "How was it?" }],
        consent_text: CONSENT,
        consent_version: "v1",
        custom_fields: [{ label: "Which team?", type: "short_text" }],
      },
    })
  ).body.id;
  tag = (await t.call("POST", "/v1/tags", { auth: a.liveKey, body: { name: "happy" } })).body.id;
  widget = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brand, name: "Home" } })).body.id;
  expect([link, tag, widget].every(Boolean)).toBe(true);
});
afterAll(() => t.close());

/** One kind of display field: how to send a value on create or update, and how to read the stored value back. */
interface Case {
  what: string;
  method: string;
  path: () => string;
  body: (v: string) => unknown;
  field: string;
  read?: () => Promise<unknown>;
  session?: boolean;
}

const CASES: Case[] = [
  {
    what: "brand name (create)",
    method: "POST",
    path: () => "/v1/brands",
    body: (name) => ({ name }),
    field: "name",
  },
  {
    what: "brand name (update)",
    method: "PATCH",
    path: () => `/v1/brands/${brand}`,
    body: (name) => ({ name }),
    field: "name",
    read: async () => (await t.call("GET", `/v1/brands/${brand}`, { auth: a.liveKey })).body.name,
  },
  {
    what: "link title (create)",
    method: "POST",
    path: () => `/v1/brands/${brand}/links`,
    body: (title) => ({ title, prompts: [{ text: "Q?" }], consent_text: CONSENT, consent_version: "v1" }),
    field: "title",
  },
  {
    what: "link title (update)",
    method: "PATCH",
    path: () => `/v1/links/${link}`,
    body: (title) => ({ title }),
    field: "title",
    read: async () => (await t.call("GET", `/v1/links/${link}`, { auth: a.liveKey })).body.title,
  },
  {
    what: "custom field label",
    method: "PATCH",
    path: () => `/v1/links/${link}`,
    body: (label) => ({ custom_fields: [{ label, type: "short_text" }] }),
    field: "custom_fields[0].label",
    read: async () => (await t.call("GET", `/v1/links/${link}`, { auth: a.liveKey })).body.custom_fields[0].label,
  },
  {
    what: "custom field choice",
    method: "PATCH",
    path: () => `/v1/links/${link}`,
    body: (o) => ({ custom_fields: [{ label: "Pick", type: "choice", options: ["One", o] }] }),
    field: "custom_fields[0].options[1]",
  },
  {
    what: "call-to-action label",
    method: "PATCH",
    path: () => `/v1/links/${link}`,
    body: (label) => ({ call_to_action: { label, url: "https://example.com/" } }),
    field: "call_to_action.label",
  },
  {
    what: "consent version",
    method: "PATCH",
    path: () => `/v1/links/${link}`,
    body: (consent_version) => ({ consent_version }),
    field: "consent_version",
  },
  { what: "tag name (create)", method: "POST", path: () => "/v1/tags", body: (name) => ({ name }), field: "name" },
  {
    what: "tag name (update)",
    method: "PATCH",
    path: () => `/v1/tags/${tag}`,
    body: (name) => ({ name }),
    field: "name",
    read: async () =>
      (await t.call("GET", "/v1/tags", { auth: a.liveKey })).body.data.find((x: any) => x.id === tag).name,
  },
  {
    what: "widget name (create)",
    method: "POST",
    path: () => "/v1/widgets",
    body: (name) => ({ brand_id: brand, name }),
    field: "name",
  },
  {
    what: "widget name (update)",
    method: "PATCH",
    path: () => `/v1/widgets/${widget}`,
    body: (name) => ({ name }),
    field: "name",
    read: async () => (await t.call("GET", `/v1/widgets/${widget}`, { auth: a.liveKey })).body.name,
  },
  { what: "API key name", method: "POST", path: () => "/v1/api-keys", body: (name) => ({ name }), field: "name" },
  {
    what: "invitation name",
    method: "POST",
    path: () => "/v1/members",
    body: (name) => ({ email: `invitee-${crypto.randomUUID()}@example.com`, role: "member", name }),
    field: "name",
  },
  {
    what: "own name",
    method: "PATCH",
    path: () => "/v1/me",
    body: (name) => ({ name }),
    field: "name",
    session: true,
    read: async () => (await t.call("GET", "/v1/me", { auth: a.owner })).body.user.name,
  },
  {
    what: "reel title (create)",
    method: "POST",
    path: () => "/v1/reels",
    body: (title) => ({ brand_id: brand, submission_ids: ["sub_x"], title }),
    field: "title",
  },
  {
    what: "reel title (update)",
    method: "PATCH",
    path: () => "/v1/reels/rel_unknown",
    body: (title) => ({ title }),
    field: "title",
  },
  {
    what: "reel intro title",
    method: "PATCH",
    path: () => "/v1/reels/rel_unknown",
    body: (title) => ({ intro: { title } }),
    field: "intro.title",
  },
  {
    what: "campaign subject",
    method: "POST",
    path: () => "/v1/campaigns",
    body: (subject) => ({
      link_id: link,
      subject,
      message: "Hello {name}, {link}",
      recipients: [{ email: "a@example.com" }],
    }),
    field: "subject",
  },
];

describe("names and titles through the API (create and update)", () => {
  for (const c of CASES) {
    test(`${c.what}: NUL, ESC, CR, LF, U+202E, U+2066 and U+200B are refused with a 400 naming the field`, async () => {
      const before = rowCounts();
      const stored = c.read ? await c.read() : null;
      for (const [label, ch] of HOSTILE) {
        const r = await t.call(c.method, c.path(), { auth: c.session ? a.owner : a.liveKey, body: c.body(named(ch)) });
        expectRefused(r, c.field, `${c.what} with ${label}`);
      }
      expect(rowCounts()).toBe(before);
      if (c.read) expect(await c.read()).toBe(stored);
    });
  }

  test("names in every script, with accents and emoji sequences, are taken and stored as sent", async () => {
    for (const name of ["Zoë Ångström", "李小龍", "محمد\u200cرضا", "👩‍💻 Dana", "שרה"]) {
      const r = await t.call("PATCH", `/v1/brands/${brand}`, { auth: a.liveKey, body: { name } });
      expect([name, r.status]).toEqual([name, 200]);
      expect((await t.call("GET", `/v1/brands/${brand}`, { auth: a.liveKey })).body.name).toBe(name);
    }
  });

  test("the message says which character and why, in words", async () => {
    const r = await t.call("PATCH", `/v1/tags/${tag}`, { auth: a.liveKey, body: { name: "Top\u202eelgoog" } });
    expect(r.body.error.message).toBe(
      "Invalid body: name contains a right-to-left override (U+202E), an invisible character that changes the direction text is shown in and can disguise it. Remove it and send again.",
    );
    expect(r.body.error.details).toMatchObject({ location: "body", reason: "bidi_control", character: "U+202E" });
  });

  test("an optional text that may be null (intro text) is checked too", async () => {
    const r = await t.call("PATCH", `/v1/brands/${brand}`, { auth: a.liveKey, body: { intro_text: "Hi\u001b[2J" } });
    expectRefused(r, "intro_text", "intro text with ESC");
  });
});

describe("text that may span lines", () => {
  test("keeps \\n and \\t, reads \\r\\n as \\n; refuses other control characters and direction overrides", async () => {
    const ok = await t.call("PATCH", `/v1/links/${link}`, {
      auth: a.liveKey,
      body: { welcome_message: "Hello!\r\nTell us\tabout it.\rThanks", thank_you_message: "Merci\nbeaucoup" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.welcome_message).toBe("Hello!\nTell us\tabout it.\nThanks");
    expect(ok.body.thank_you_message).toBe("Merci\nbeaucoup");
    for (const [field, body] of [
      ["welcome_message", { welcome_message: "Hi\u0000" }],
      ["welcome_message", { welcome_message: "Hi \u202eevil" }],
      ["thank_you_message", { thank_you_message: "Bye \u2066x\u2069" }],
      ["prompts[0].text", { prompts: [{ text: "How\u001b[31m was it?" }] }],
      ["consent_text", { consent_text: "I agree\u0007" }],
    ] as const) {
      expectRefused(await t.call("PATCH", `/v1/links/${link}`, { auth: a.liveKey, body }), field, field);
    }
    expect((await t.call("GET", `/v1/links/${link}`, { auth: a.liveKey })).body.welcome_message).toBe(
      "Hello!\nTell us\tabout it.\nThanks",
    );
  });

  test("a campaign message and a rejection reason are multi-line text: overrides refused", async () => {
    const campaign = await t.call("POST", "/v1/campaigns", {
      auth: a.liveKey,
      body: { link_id: link, subject: "Hi", message: "Hello {link}\u202e", recipients: [{ email: "a@example.com" }] },
    });
    expectRefused(campaign, "message", "campaign message");
    const reject = await t.call("POST", "/v1/submissions/sub_unknown/reject", {
      auth: a.liveKey,
      body: { reason: "spam\u0000" },
    });
    expectRefused(reject, "reason", "rejection reason");
  });
});

describe("the public capture route", () => {
  const send = (respondent: Record<string, string>, extra: Record<string, unknown> = {}) =>
    t.call("POST", `/public/links/${link}/submissions`, {
      body: { kind: "text", respondent, consent: agreed, text: "A written testimonial, long enough.", ...extra },
    });

  test("name, job title and company with a hidden character are refused and nothing is stored", async () => {
    const before = rowCounts();
    for (const [label, ch] of HOSTILE) {
      expectRefused(await send({ name: named(ch) }), "respondent.name", `name with ${label}`);
      expectRefused(await send({ name: "Dana", title: named(ch) }), "respondent.title", `title with ${label}`);
      expectRefused(await send({ name: "Dana", company: named(ch) }), "respondent.company", `company with ${label}`);
    }
    const email = await send({ name: "Dana", email: "dana\u202e@example.com" });
    expect([email.status, email.body.error.details.field]).toEqual([400, "respondent.email"]);
    const answer = await send({ name: "Dana" }, { custom_fields: [{ id: "x", value: "Blue\u200bteam" }] });
    expectRefused(answer, "custom_fields[0].value", "custom answer");
    const text = await send({ name: "Dana" }, { text: "Great service, \u202etruly great." });
    expectRefused(text, "text", "testimonial text");
    expect(rowCounts()).toBe(before);
  });

  test("a clean testimonial goes through; its CRLF is stored as LF and a right-to-left mark in prose stays", async () => {
    const r = await send({ name: "Zoë 👩‍💻" }, { text: "First line\r\nسپاس\u200f فراوان, second line." });
    expect(r.status).toBe(201);
    const s = (await t.call("GET", `/v1/submissions/${r.body.submission_id}`, { auth: a.liveKey })).body;
    expect(s.respondent_name).toBe("Zoë 👩‍💻");
    expect(s.text_input).toBe("First line\nسپاس\u200f فراوان, second line.");
  });

  test("stored names hold none of the refused characters", () => {
    const rows = t.deps.db.$client
      .query("SELECT respondent_name, respondent_title, respondent_company FROM submissions")
      .all() as Record<string, string | null>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) for (const v of Object.values(row)) expect(REFUSED.test(v ?? "")).toBe(false);
  });
});

describe("imports", () => {
  const rows = (over: Record<string, string>) => [
    { text: "Lovely people, would buy again.", name: "Ann" },
    { text: "Fast and friendly.", name: "Bob", ...over },
  ];
  const post = (over: Record<string, string>, source = "Google") =>
    t.call("POST", "/v1/imports", {
      auth: a.liveKey,
      body: { brand_id: brand, source: { name: source }, attested: true, rows: rows(over) },
    });

  test("a row whose name, title or company holds a hidden character is refused per row; nothing is imported", async () => {
    const before = rowCounts();
    for (const field of ["name", "title", "company", "source"]) {
      for (const [label, ch] of HOSTILE) {
        const r = await post({ [field]: named(ch) });
        expect([field, label, r.status, r.body.error.code]).toEqual([field, label, 400, "validation_failed"]);
        expect(r.body.error.details.field).toBe(`rows[1].${field}`);
        const problem = r.body.error.details.errors.find((e: any) => e.field === `rows[1].${field}`);
        expect(problem).toMatchObject({ row: 2 });
        expect(["control_character", "line_break", "bidi_control", "invisible_character"]).toContain(problem.reason);
        expect(r.body.error.message).toContain(`rows[1].${field}: The ${field}`);
      }
    }
    const text = await post({ text: "Good\u202e doog" });
    expect(text.body.error.details.errors[0]).toMatchObject({ field: "rows[1].text", row: 2, reason: "bidi_control" });
    const source = await post({}, "Goo\u200bgle");
    expect(source.body.error.details.errors[0]).toMatchObject({ field: "source.name", reason: "invisible_character" });
    expect(rowCounts()).toBe(before);
  });

  test("clean rows import; a review's CRLF is stored as LF", async () => {
    const r = await post({ text: "Fast\r\nand friendly.", name: "Bøb 👍" });
    expect(r.status).toBe(201);
    const names = t.deps.db.$client
      .query("SELECT respondent_name AS n, text_input AS t FROM submissions WHERE origin = 'imported'")
      .all() as { n: string; t: string }[];
    expect(names.find((x) => x.n === "Bøb 👍")?.t).toBe("Fast\nand friendly.");
    for (const x of names) expect(REFUSED.test(x.n)).toBe(false);
  });
});

describe("campaign recipients", () => {
  test("a recipient's name with a hidden character is refused naming its row", async () => {
    const r = await t.call("POST", "/v1/campaigns", {
      auth: a.liveKey,
      body: {
        link_id: link,
        subject: "Would you share?",
        message: "Hello {name}, {link}",
        recipients: [
          { email: "ok@example.com", name: "Ok" },
          { email: "b@example.com", name: "B\u202eob" },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toMatchObject({ field: "recipients[1].name", row: 2 });
    expect(r.body.error.message).toContain("Row 2: the name contains a right-to-left override");
  });
});

describe("names that do not come through a route (CLI, operator paths)", () => {
  test("organisation, user and API key names follow the same rule", () => {
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof AppError && e.status === 400 ? e.details : null;
      }
      return null;
    };
    expect(refused(() => createOrganisation(t.deps, { name: "Acme\u202eInc" }))).toMatchObject({
      field: "name",
      reason: "bidi_control",
    });
    expect(
      refused(() => createUser(t.deps.db, t.clock, { email: "cli-user@example.com", name: "Dana\u001b[2J" })),
    ).toMatchObject({ field: "name", reason: "control_character" });
    expect(
      refused(() =>
        unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) =>
          createApiKey(tx, { mode: "live", name: "ci\u200bkey" }),
        ),
      ),
    ).toMatchObject({ field: "name", reason: "invisible_character" });
    expect(
      refused(() => createUser(t.deps.db, t.clock, { email: "ev\u202eil@example.com", name: "Dana" })),
    ).toMatchObject({ field: "email" });
  });
});

/**
 * Body strings that are not display text, by property name: identifiers, addresses, secrets, machine values and
 * dates. Anything else must be declared with lineText/multiLineText, or be checked by its service (below).
 */
const NOT_DISPLAY =
  /^(id|.*_id|.*_ids|ids|email|password|current_password|token|request_token|url|.*_url|slug|color|.*_color|provider|role|plan|scopes|mode|expires_at|q|type)$/;
/** Strings a service checks with the same rule, with the reason they are not checked by the schema. */
const CHECKED_BY_SERVICE: Record<string, string> = {
  "POST /v1/imports .source.name": "imports report every problem per row (validate.ts)",
  "POST /v1/imports .rows[].text": "per row",
  "POST /v1/imports .rows[].name": "per row",
  "POST /v1/imports .rows[].title": "per row",
  "POST /v1/imports .rows[].company": "per row",
  "POST /v1/imports .rows[].source": "per row",
  "POST /v1/imports .rows[].reviewed_at": "a date, parsed",
  "POST /v1/campaigns .recipients[].name": "campaign lists report per row (recipients.ts)",
  "POST /public/links/:link_id/submissions .consent.text": "the link's own wording sent back, compared word for word",
  "POST /public/links/:link_id/submissions .consent.version": "the link's own version sent back, compared",
  "POST /public/links/:link_id/submissions .upload.name": "a file name, never stored or shown",
  "PATCH /v1/submissions/:id .avatar": "an image as base64, decoded (submissions/team-photo.ts)",
  "POST /v1/submissions .respondent.avatar": "an image as base64, decoded (submissions/team-photo.ts)",
  "PATCH /v1/brands/:brand_id .custom_domain": "a host name, checked and normalised (brands/custom-domain.ts)",
  "PATCH /v1/me/notifications .time_zone": "an IANA time zone name, checked against Intl (alerts/settings.ts)",
  "PATCH /v1/brands/:brand_id .mail_reply_to": "one plain email address, checked (platform/mail/sender.ts)",
  "PATCH /v1/brands/:brand_id .frame_origins[]": "origins, checked and normalised (brands/frame-origins.ts)",
};

type Node = Record<string, any>;

/** Every body string of a schema: [path, schema] (choices and patterns are not free text and are left out). */
function strings(schema: Node | undefined, path = ""): [string, Node][] {
  if (!schema || typeof schema !== "object") return [];
  if (schema.type === "string") return schema.const !== undefined || schema.pattern ? [] : [[path, schema]];
  const out: [string, Node][] = [];
  for (const [k, v] of Object.entries<Node>(schema.properties ?? {})) out.push(...strings(v, `${path}.${k}`));
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const v of (schema[key] as Node[]) ?? []) out.push(...strings(v, path));
  if (schema.items) out.push(...strings(schema.items, `${path}[]`));
  return out;
}

describe("guard: every display string of every route's body follows the rule", () => {
  test("each body string is display text (line or multi-line), a non-display value, or checked by its service", () => {
    const unclassified: string[] = [];
    const kinds = { line: 0, text: 0 };
    for (const route of t.app.routes) {
      for (const [path, schema] of strings((route.hooks as Node | undefined)?.body)) {
        const kind = textKindOf(schema);
        if (kind) {
          kinds[kind]++;
          continue;
        }
        const name = path.split(".").pop()!.replace(/\[\]$/, "");
        const key = `${route.method} ${route.path} ${path}`;
        if (NOT_DISPLAY.test(name) || key in CHECKED_BY_SERVICE) continue;
        unclassified.push(key);
      }
    }
    expect(unclassified).toEqual([]);
    expect(kinds.line).toBeGreaterThan(25);
    expect(kinds.text).toBeGreaterThan(10);
  });

  test("the two formats are registered and the OpenAPI document shows them", async () => {
    const doc = (await t.call("GET", "/v1/openapi.json")).body;
    const text = JSON.stringify(doc);
    expect(text).toContain(`"format":"${TEXT_FORMATS.line}"`);
    expect(text).toContain(`"format":"${TEXT_FORMATS.text}"`);
  });
});
