/**
 * Schema-driven fuzzing of the running executable. The cases come from its own `/v1/openapi.json`
 * (test/helpers/fuzz-cases.ts), so a new route is covered without anyone adding it here. Every operation gets
 * hostile paths, queries and bodies, with the owner's API key (all scopes) and without credentials. Each answer
 * must be: below 500; on a 4xx, the error shape with a request id; an answer at all (a request left unanswered for
 * 30 s counts as hung). A refused request must leave the database as it was (a digest of every table's rows, read
 * through the test's own connection, before and after; read again only once the server has committed something).
 * How long answers take (the slowest, and the slowest whole-body attack such as 50,000 levels of nesting) is
 * printed, not asserted: it depends on what else the machine is doing.
 *
 * Cases are sampled per operation with a fixed seed to keep the run under about two minutes on two cores; the
 * whole-body attacks are always sent. The totals are printed for the closing note.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, type RunningServer } from "../helpers/server";
import { casesFor, operations, seeded, type FuzzCase } from "../helpers/fuzz-cases";

/**
 * Cases sent per operation with credentials (a third of that without), besides the whole-body attacks (always
 * sent). Today every operation has fewer, so all are sent (about 6,000 requests, under 15 s); the cap keeps the
 * run bounded as the document grows.
 */
const PER_OPERATION = 400;
/** A request with no answer after this long is taken as hung (a failure), not as slow. */
const HUNG_MS = 30_000;

/** Columns a refused request may legitimately touch: when a key was last used (authentication itself). */
const VOLATILE_COLUMNS = new Set(["last_used_at"]);

let server: RunningServer;
let key: string;
let doc: any;

beforeAll(async () => {
  server = await startServer({ env: { PLAUDIT_WORKERS: "0", PLAUDIT_SELF_TEST: "0", PLAUDIT_LOG_LEVEL: "error" } });
  key = await server.createKey("live");
  const r = await fetch(`${server.url}/v1/openapi.json`);
  expect(r.status).toBe(200);
  doc = await r.json();
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** The last digest, and the database's data_version when it was read. */
let digested: { version: number; tables: Map<string, string> } | null = null;

/**
 * A digest per table of its rows (volatile columns left out), read through the sidecar connection. Read again only
 * when another connection has committed since the last one (`PRAGMA data_version` changed; this connection writes
 * nothing): otherwise every table is as it was, and so is its digest.
 */
function digest(): Map<string, string> {
  const db = server.deps.db.$client;
  const version = (db.query("PRAGMA data_version").get() as { data_version: number }).data_version;
  if (digested?.version === version) return digested.tables;
  const tables = db
    .query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%\\_%data' ESCAPE '\\' AND name NOT LIKE '%\\_idx' ESCAPE '\\' AND name NOT LIKE '%\\_docsize' ESCAPE '\\' AND name NOT LIKE '%\\_config' ESCAPE '\\' AND name NOT LIKE '%\\_content' ESCAPE '\\' ORDER BY name",
    )
    .all() as { name: string }[];
  const out = new Map<string, string>();
  for (const { name } of tables) {
    const rows = db.query(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
    for (const row of rows) for (const c of VOLATILE_COLUMNS) delete row[c];
    const text = JSON.stringify(rows, (_k, v) =>
      v instanceof Uint8Array ? Buffer.from(v).toString("base64") : typeof v === "bigint" ? String(v) : v,
    );
    out.set(name, `${rows.length}:${Bun.hash(text).toString(36)}`);
  }
  digested = { version, tables: out };
  return out;
}

function changedTables(a: Map<string, string>, b: Map<string, string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((n) => a.get(n) !== b.get(n));
}

/** Real ids for path parameters, so hostile bodies reach routes past their 404 (made through the API itself). */
async function fixtures(): Promise<Record<string, string>> {
  const h = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${server.url}${path}`, { method: "POST", headers: h, body: JSON.stringify(body) });
    return r.ok ? ((await r.json()) as any) : null;
  };
  const brand = ((await (await fetch(`${server.url}/v1/brands`, { headers: h })).json()) as any).data[0].id as string;
  const consent = "I agree that Acme may publish my words on its website.";
  const link = await post(`/v1/brands/${brand}/links`, {
    title: "Fuzz",
    prompts: [{ text: "How was it?" }],
    consent_text: consent,
    consent_version: "v1",
  });
  const sub =
    link &&
    (await fetch(`${server.url}/public/links/${link.id}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "text",
        respondent: { name: "Fuzz" },
        consent: { agreed: true, text: consent, version: "v1" },
        text: "A written testimonial that is long enough.",
      }),
    }).then((r) => r.json() as any));
  const widget = await post("/v1/widgets", { brand_id: brand });
  const tag = await post("/v1/tags", { name: "fuzz" });
  const ids: Record<string, string> = { brand_id: brand, brands: brand };
  if (link) ids.link_id = ids.links = link.id;
  if (sub?.submission_id) ids.submissions = sub.submission_id;
  if (widget?.id) ids.widgets = widget.id;
  if (tag?.id) ids.tag_id = ids.tags = tag.id;
  return ids;
}

/** Fills a path template: a real id where one is known (by parameter name, or by the segment before it). */
function filler(path: string, ids: Record<string, string>) {
  return (overrides: Record<string, string> = {}) =>
    path.replace(/\{([^}]+)\}/g, (_m, name: string, offset: number) => {
      if (name in overrides) return overrides[name]!;
      const segment = path.slice(0, offset).split("/").filter(Boolean).pop() ?? "";
      return ids[name] ?? ids[segment] ?? "zz_unknown";
    });
}

test("hostile input from the OpenAPI document: no 5xx, the error shape, an answer to each, nothing written when refused", async () => {
  const ids = await fixtures();
  const random = seeded(13);
  const ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  const ops = operations(doc).sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
  const cases: FuzzCase[] = [];
  for (const o of ops) {
    const fill = filler(o.path, ids);
    const variants = o.path.startsWith("/public/") ? [false] : [true, false];
    for (const auth of variants) {
      const all = casesFor(doc, o, fill, auth);
      const fast = all.filter((c) => c.fast);
      const rest = all.filter((c) => !c.fast);
      const quota = auth ? PER_OPERATION : Math.ceil(PER_OPERATION / 3);
      for (let i = rest.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [rest[i], rest[j]] = [rest[j]!, rest[i]!];
      }
      cases.push(...fast, ...rest.slice(0, quota));
    }
  }

  const failures: string[] = [];
  let sent = 0;
  let serverErrors = 0;
  let writesSeen = 0;
  let slowest = { ms: 0, label: "" };
  let slowestFast = { ms: 0, label: "" };
  const statuses = new Map<number, number>();
  const started = performance.now();
  let before = digest();
  for (const c of cases) {
    // A broken build fails quickly and readably rather than by the test's timeout.
    if (failures.length >= 60) {
      failures.push(`stopped early after ${sent} of ${cases.length} requests`);
      break;
    }
    const headers: Record<string, string> = {};
    if (c.auth) headers.authorization = `Bearer ${key}`;
    if (c.body !== undefined && c.contentType) headers["content-type"] = c.contentType;
    const t0 = performance.now();
    let status = 0;
    let text = "";
    let requestIdHeader: string | null = null;
    try {
      const r = await fetch(`${server.url}${c.target}`, {
        method: c.method,
        headers,
        body: c.body,
        redirect: "manual",
        signal: AbortSignal.timeout(HUNG_MS),
      });
      status = r.status;
      requestIdHeader = r.headers.get("x-request-id");
      text = await r.text();
    } catch (e) {
      failures.push(`${c.label}: no answer (${String(e)})`);
    }
    const ms = performance.now() - t0;
    sent++;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (ms > slowest.ms) slowest = { ms, label: c.label };
    if (c.fast && ms > slowestFast.ms) slowestFast = { ms, label: c.label };
    if (c.mustRefuse && status >= 200 && status < 300)
      failures.push(`${c.label}: accepted (${status}) a value its schema cannot take`);
    if (status >= 500) {
      serverErrors++;
      failures.push(`${c.label}: ${status} ${text.slice(0, 200)}`);
    }
    if (status >= 400 && status < 500) {
      let body: any = null;
      try {
        body = JSON.parse(text);
      } catch {}
      const e = body?.error;
      if (
        !e ||
        typeof e.code !== "string" ||
        typeof e.message !== "string" ||
        typeof e.request_id !== "string" ||
        !e.request_id
      ) {
        failures.push(`${c.label}: ${status} without the error shape: ${text.slice(0, 200)}`);
      } else if (requestIdHeader !== e.request_id) {
        failures.push(`${c.label}: X-Request-Id ${requestIdHeader} differs from the body's ${e.request_id}`);
      }
    }
    const after = digest();
    const changed = changedTables(before, after);
    if (status >= 400 && changed.length)
      failures.push(`${c.label}: refused (${status}) but wrote to ${changed.join(", ")}`);
    if (status < 300 && changed.length) writesSeen++;
    before = after;
  }
  // Read everything back: whatever the hostile requests did store must not break a later read (a stored
  // "rating":"-7" once made every inbox load fail).
  for (const o of ops.filter((x) => x.method === "GET")) {
    const target = filler(o.path, ids)();
    const r = await fetch(`${server.url}${target}`, {
      headers: { authorization: `Bearer ${key}` },
      redirect: "manual",
    });
    await r.arrayBuffer();
    sent++;
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (r.status >= 500) {
      serverErrors++;
      failures.push(`read-back GET ${target}: ${r.status}`);
    }
  }
  const totalMs = performance.now() - started;
  const byStatus = [...statuses.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}:${n}`)
    .join(" ");
  console.log(
    `fuzz: ${sent} requests (${writesSeen} accepted writes) over ${ops.length} operations in ${(totalMs / 1000).toFixed(1)} s; 5xx: ${serverErrors}; ` +
      `slowest ${Math.round(slowest.ms)} ms (${slowest.label}); slowest whole-body attack ${Math.round(slowestFast.ms)} ms (${slowestFast.label}); statuses ${byStatus}; failures: ${failures.length}`,
  );
  if (failures.length) console.log(failures.slice(0, 40).join("\n"));
  expect(sent).toBeGreaterThan(ops.length * 10);
  // The digest sees the server's writes (the accepted requests changed something), so "no change" means something.
  expect(writesSeen).toBeGreaterThan(0);
  expect(serverErrors).toBe(0);
  expect(failures).toEqual([]);
}, 300_000);

test("a query string over the server's own limit still gets an answer, and one within it gets the error shape", async () => {
  const within = await fetch(`${server.url}/v1/brands?q=${"a".repeat(100_000)}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(within.status).toBe(414);
  const body = (await within.json()) as any;
  expect(body.error.code).toBe("uri_too_long");
  expect(body.error.request_id).toBe(within.headers.get("x-request-id")!);
  // Over Bun's own ceiling (256 KiB) the server answers before any JavaScript runs: a bare 431, never a hang.
  const over = await fetch(`${server.url}/v1/brands?q=${"a".repeat(400_000)}`);
  expect(over.status).toBe(431);
}, 30_000);
