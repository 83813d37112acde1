/**
 * The auth matrix: every `/v1` operation of the OpenAPI document that dist/plaudit serves, sent with every kind of
 * wrong credential: none, malformed, revoked, another organisation's key on this organisation's ids, the other
 * mode's key, a key lacking the route's scope, a member's session on an owner/admin route, a session without
 * X-Svc-Csrf, from a foreign Origin, or marked cross-site; and a client login (limited to a brand of its own) on
 * staff routes, on the fixtures' brand's objects, and on the lists it may read. New routes are covered as soon as
 * they are in the document; a route naming a new kind of object fails until it has a fixture
 * (test/helpers/auth-matrix-routes.ts).
 * Only operations the document marks `security: []` are skipped. The document does not carry a route's permission,
 * so that (and from it the scope and roles) is read from the handler's `can(auth(), "…")` in the app's routes.
 *
 * Expected, per the contract (service-api.md §5 and §7): 401 `unauthorized` for a missing, malformed or revoked
 * key; 403 `forbidden` for a missing scope or role or a failed CSRF check; for a stranger's ids (another org or the
 * other mode, or another brand for a client) the very answer a made-up id gets, and 404 `not_found` when the id is
 * in the path; a client's lists name none of the other brand's objects. Every refusal has the error body with
 * `request_id`, nothing answers 5xx, and no refused request changes a row count.
 *
 * Findings fail the test. `AUTH_MATRIX_REPORT_ONLY=1` prints them instead (while they are being fixed).
 * `PLAUDIT_TEST_TARGET=source` runs it against the source, as every integration test.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "../helpers/server";
import {
  MODELESS,
  declaredAccess,
  fill,
  missingIds,
  operationsOf,
  templateFor,
  type Operation,
  type RefKind,
  type RequestTemplate,
} from "../helpers/auth-matrix-routes";
import {
  countChanges,
  makeCredentials,
  makeObjects,
  rowCounts,
  send,
  settle,
  type Answer,
  type Credential,
  type Credentials,
} from "../helpers/auth-matrix-fixtures";
import { makeCert, startReceiver, type Receiver } from "./webhooks-receiver";

const REPORT_ONLY = process.env.AUTH_MATRIX_REPORT_ONLY === "1";

let server: RunningServer;
let rx: Receiver;
let doc: any;
let ops: Operation[];
let creds: Credentials;
let liveIds: Record<RefKind, string>;
let testIds: Record<RefKind, string>;
const notes: string[] = [];

beforeAll(async () => {
  const cert = makeCert(["localhost"], []);
  rx = startReceiver(cert);
  const caFile = join(mkdtempSync(join(tmpdir(), "plaudit-ca-")), "ca.pem");
  writeFileSync(caFile, cert.cert);
  server = await startServer({ env: { PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1", NODE_EXTRA_CA_CERTS: caFile } });
  const r = await send(server.url, "GET", "/v1/openapi.json", null);
  expect(r.status).toBe(200);
  doc = r.json;
  ops = operationsOf(doc, await declaredAccess(server.deps));
  creds = await makeCredentials(server);
  const hook = rx.url("/hook", "localhost");
  const before = rowCounts(server);
  liveIds = await makeObjects(server, "live", creds.live, creds.ownerCookie, hook, notes);
  testIds = await makeObjects(server, "test", creds.test, creds.ownerCookie, hook, notes);
  // The counts this test compares do see what the server writes (its fixtures went through the API).
  expect(countChanges(before, rowCounts(server))).toEqual(
    expect.arrayContaining([expect.stringMatching(/^widgets /), expect.stringMatching(/^webhook_deliveries /)]),
  );
  await settle(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rx?.stop();
});

/** What a case expects. `own-brand-only`: a success that names none of the fixtures' brand-owned objects. */
type Expect =
  | { status: number; code: string; accept?: { status: number; code: string }[] }
  | "as-missing"
  | "own-brand-only";

/** One wrong way to call a route. */
interface Case {
  name: string;
  /** Null when the case applies; otherwise why not. */
  skip(o: Operation, t: RequestTemplate): string | null;
  cred: () => Credential;
  ids: () => Record<RefKind, string>;
  headers?: (base: string) => Record<string, string>;
  body?: (t: RequestTemplate) => string | undefined;
  expect(o: Operation): Expect;
  /** A CSRF refusal: must say `details.reason: "csrf"`. */
  csrf?: boolean;
  /** Sent without the query parameters that name objects. */
  plain?: boolean;
}

/** The template without query parameters that name objects. */
const withoutQueryRefs = (t: RequestTemplate): RequestTemplate => {
  const [path, query = ""] = t.url.split("?");
  const kept = query.split("&").filter((p) => p && !p.includes("\u0000ref:"));
  return { ...t, url: kept.length ? `${path}?${kept.join("&")}` : path!, refs: [] };
};

const UNAUTHORIZED = { status: 401, code: "unauthorized" };
const FORBIDDEN = { status: 403, code: "forbidden" };
const NOT_FOUND = { status: 404, code: "not_found" };
const UNSAFE = (o: Operation) => o.method !== "get";
const keyUsable = (o: Operation) => o.access.kind === "permission" && o.access.scope !== null;
const sessionOnly = (o: Operation) =>
  o.access.kind === "person" || (o.access.kind === "permission" && o.access.scope === null);
/** A bad key on a route that refuses every key may be refused as "no keys here" (403 session_only) before it is read. */
const badKey = (o: Operation): Expect => (sessionOnly(o) ? { ...UNAUTHORIZED, accept: [FORBIDDEN] } : UNAUTHORIZED);
const stranger = (o: Operation, t: RequestTemplate) => (t.refs.length === 0 ? "names no object" : null);
const otherMode = (o: Operation, t: RequestTemplate) =>
  t.refs.every((k) => MODELESS.has(k)) ? "names no object of one mode" : null;
const own = (base: string) => ({ "x-svc-csrf": "1", origin: base });
/** Kinds of object that belong to one brand: a client of another brand must find none of them. */
const BRAND_KINDS: ReadonlySet<RefKind> = new Set([
  "brand",
  "link",
  "submission",
  "video",
  "widget",
  "export",
  "reel",
  "campaign",
]);
const clientMay = (o: Operation) => o.access.kind === "permission" && o.access.roles.includes("client");

const CASES: Case[] = [
  { name: "no_key", skip: () => null, cred: () => null, ids: () => liveIds, expect: () => UNAUTHORIZED },
  {
    name: "no_key_invalid_body",
    skip: (o, t) => (t.body === undefined ? "takes no body" : null),
    cred: () => null,
    ids: () => liveIds,
    body: () => JSON.stringify({ matrix_unexpected_field: [[["x"]]] }),
    expect: () => UNAUTHORIZED,
  },
  {
    name: "malformed_key:garbage",
    skip: () => null,
    cred: () => ({ key: "Bearer not-a-key" }),
    ids: () => liveIds,
    expect: badKey,
  },
  {
    name: "malformed_key:unknown",
    skip: () => null,
    cred: () => ({ key: `rk_live_${"A".repeat(32)}` }),
    ids: () => liveIds,
    expect: badKey,
  },
  {
    name: "malformed_key:basic",
    skip: () => null,
    cred: () => ({ key: "Basic bWF0cml4Om1hdHJpeA==" }),
    ids: () => liveIds,
    expect: badKey,
  },
  { name: "revoked_key", skip: () => null, cred: () => ({ key: creds.revoked }), ids: () => liveIds, expect: badKey },
  {
    name: "other_org_key",
    skip: (o, t) => (!keyUsable(o) ? "keys cannot use it" : stranger(o, t)),
    cred: () => ({ key: creds.otherOrgLive }),
    ids: () => liveIds,
    expect: () => "as-missing",
  },
  {
    name: "other_mode:test_key_live_ids",
    skip: (o, t) => (!keyUsable(o) ? "keys cannot use it" : otherMode(o, t)),
    cred: () => ({ key: creds.test }),
    ids: () => liveIds,
    expect: () => "as-missing",
  },
  {
    name: "other_mode:live_key_test_ids",
    skip: (o, t) => (!keyUsable(o) ? "keys cannot use it" : otherMode(o, t)),
    cred: () => ({ key: creds.live }),
    ids: () => testIds,
    expect: () => "as-missing",
  },
  {
    name: "other_mode:session_test_mode_live_ids",
    skip: (o, t) => (o.access.kind !== "permission" ? "not an organisation route" : otherMode(o, t)),
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: (base) => ({ ...own(base), "x-svc-mode": "test" }),
    expect: () => "as-missing",
  },
  {
    name: "other_org_session",
    skip: (o, t) => (o.access.kind !== "permission" ? "not an organisation route" : stranger(o, t)),
    cred: () => ({ cookie: creds.otherOwnerCookie }),
    ids: () => liveIds,
    headers: own,
    expect: () => "as-missing",
  },
  {
    name: "session_naming_other_org",
    skip: (o) => (o.access.kind !== "permission" ? "not an organisation route" : null),
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: (base) => ({ ...own(base), "x-svc-org": creds.otherOrgId }),
    expect: () => NOT_FOUND,
  },
  {
    name: "key_lacking_scope",
    skip: (o) => (!keyUsable(o) ? "no scope opens it" : null),
    // The key is picked per route: every scope but the one the route's permission needs (see the loop).
    cred: () => null,
    ids: () => liveIds,
    expect: () => FORBIDDEN,
  },
  {
    name: "key_on_session_only",
    skip: (o) => (!sessionOnly(o) ? "keys may use it" : null),
    cred: () => ({ key: creds.live }),
    ids: () => liveIds,
    expect: () => FORBIDDEN,
  },
  {
    name: "member_session_on_admin_route",
    skip: (o) =>
      o.access.kind !== "permission" ? "no role rule" : o.access.roles.includes("member") ? "members may" : null,
    cred: () => ({ cookie: creds.memberCookie }),
    ids: () => liveIds,
    headers: own,
    expect: () => FORBIDDEN,
  },
  {
    name: "client_session_on_staff_route",
    skip: (o) => (o.access.kind !== "permission" ? "no role rule" : clientMay(o) ? "clients may" : null),
    cred: () => ({ cookie: creds.clientCookie }),
    ids: () => liveIds,
    headers: own,
    expect: () => FORBIDDEN,
  },
  {
    name: "client_session_other_brand",
    skip: (o, t) =>
      !clientMay(o)
        ? "clients may not (client_session_on_staff_route)"
        : t.refs.some((k) => BRAND_KINDS.has(k))
          ? null
          : "names no brand's object",
    cred: () => ({ cookie: creds.clientCookie }),
    ids: () => liveIds,
    headers: own,
    expect: () => "as-missing",
  },
  {
    // Sent without the query's object filters (brand_id, tag_id…): the whole list as the client sees it.
    name: "client_session_lists",
    plain: true,
    skip: (o, t) => (!clientMay(o) ? "clients may not" : o.method !== "get" || t.pathRefs ? "not a list" : null),
    cred: () => ({ cookie: creds.clientCookie }),
    ids: () => liveIds,
    headers: own,
    expect: () => "own-brand-only",
  },
  {
    name: "session_without_csrf_header",
    csrf: true,
    skip: (o) => (!UNSAFE(o) ? "reads only" : null),
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: (base) => ({ origin: base }),
    expect: () => FORBIDDEN,
  },
  {
    name: "session_foreign_origin",
    csrf: true,
    skip: (o) => (!UNSAFE(o) ? "reads only" : null),
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: () => ({ "x-svc-csrf": "1", origin: "https://evil.example" }),
    expect: () => FORBIDDEN,
  },
  {
    name: "session_cross_site_no_origin",
    csrf: true,
    skip: (o) => (!UNSAFE(o) ? "reads only" : null),
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: () => ({ "x-svc-csrf": "1", "sec-fetch-site": "cross-site" }),
    expect: () => FORBIDDEN,
  },
];

/** One finding: a request that did not get the answer the contract asks for. */
interface Finding {
  route: string;
  case: string;
  expected: string;
  got: string;
}

const show = (a: Answer) =>
  `${a.status} ${a.json?.error?.code ?? ""} ${a.text.slice(0, 160).replace(/\s+/g, " ")}`.trim();

/** Problems with an error answer's shape (none for a success). */
function shapeProblems(a: Answer): string[] {
  if (a.status < 400) return [];
  const e = a.json?.error;
  const out: string[] = [];
  if (!e || typeof e !== "object") return [`no {"error":…} body: ${a.text.slice(0, 120)}`];
  if (typeof e.code !== "string" || !e.code) out.push("error.code missing");
  if (typeof e.message !== "string" || !e.message) out.push("error.message missing");
  if (typeof e.request_id !== "string" || !e.request_id) out.push("error.request_id missing");
  return out;
}

test("every /v1 route refuses wrong credentials with the contract's answer, changing nothing", async () => {
  const started = performance.now();
  const findings: Finding[] = [];
  const perCase: Record<string, { sent: number; failed: number; skipped: number }> = {};
  let requests = 0;
  const asMissing: Record<string, number> = {};
  const succeeded: string[] = [];
  let recounted = 0;
  const hook = rx.url("/hook", "localhost");
  const firstIds = new Set([...Object.values(liveIds), ...Object.values(testIds)]);

  // Clients build bodies from the document, so it must describe each one (the matrix itself falls back to the route's schema).
  for (const o of ops) {
    const rb = o.op.requestBody;
    if (rb && !Object.values<any>(rb.content ?? {}).some((c) => c?.schema)) {
      findings.push({
        route: `${o.method} ${o.path}`,
        case: "document_request_body",
        expected: "the request body's schema (application/json)",
        got: `requestBody ${JSON.stringify(rb).slice(0, 120)}`,
      });
    }
  }

  /** Sends one request, checking the invariants every answer keeps; returns the answer and any row-count change. */
  async function run(
    t: RequestTemplate,
    cred: Credential,
    ids: Record<RefKind, string>,
    headers: Record<string, string>,
    body: string | undefined,
  ) {
    const before = rowCounts(server);
    const a = await send(
      server.url,
      t.method,
      fill(t.url, ids),
      cred,
      body === undefined ? undefined : fill(body, ids),
      headers,
    );
    requests++;
    const changed = countChanges(before, rowCounts(server));
    return { a, changed };
  }

  for (const o of ops) {
    const route = `${o.method.toUpperCase()} ${o.path}`;
    if (o.anonymous) {
      perCase["(anonymous, skipped)"] ??= { sent: 0, failed: 0, skipped: 0 };
      perCase["(anonymous, skipped)"].skipped++;
      continue;
    }
    const template = templateFor(doc, o, hook);
    for (const c of CASES) {
      const t = c.plain ? withoutQueryRefs(template) : template;
      const stats = (perCase[c.name] ??= { sent: 0, failed: 0, skipped: 0 });
      if (c.skip(o, t) !== null) {
        stats.skipped++;
        continue;
      }
      stats.sent++;
      const cred =
        c.name === "key_lacking_scope" && o.access.kind === "permission"
          ? { key: creds.lacking[o.access.scope!]! }
          : c.cred();
      const ids = c.ids();
      const headers = c.headers?.(server.url) ?? {};
      const body = c.body ? c.body(t) : t.body;
      const fail = (expected: string, got: string) => {
        findings.push({ route, case: c.name, expected, got });
        stats.failed++;
      };
      let { a, changed } = await run(t, cred, ids, headers, body);
      const problems: string[] = [];
      if (a.status >= 500) problems.push("5xx");
      problems.push(...shapeProblems(a));
      const want = c.expect(o);
      let expected: string;
      if (want === "own-brand-only") {
        expected = "2xx naming none of the fixtures' brand-owned objects";
        if (a.status >= 300) problems.push("refused");
        const leaked = (Object.entries(ids) as [RefKind, string][])
          .filter(([k, id]) => BRAND_KINDS.has(k) && a.text.includes(id))
          .map(([k]) => k);
        if (leaked.length) problems.push(`answer names the other brand's ${leaked.join(", ")}`);
      } else if (want === "as-missing") {
        const made = missingIds(ids);
        const twin = await run(t, cred, made, headers, body);
        expected = `the answer a made-up id gets (${twin.a.status} ${twin.a.json?.error?.code ?? ""})${t.pathRefs ? ", 404 not_found" : ""}, and none of the first org's ids`;
        const k = `${c.name} ${a.status}`;
        asMissing[k] = (asMissing[k] ?? 0) + 1;
        if (a.status < 300) succeeded.push(`${route} ${c.name} → ${a.status}`);
        if (a.status !== twin.a.status || a.json?.error?.code !== twin.a.json?.error?.code)
          problems.push("differs from a made-up id");
        if (t.pathRefs && (a.status !== 404 || a.json?.error?.code !== "not_found")) problems.push("not 404");
        const sentIds = new Set(t.refs.map((k) => ids[k]));
        const leaked = [...firstIds].filter((id) => !sentIds.has(id) && a.text.includes(id));
        if (leaked.length) problems.push(`answer names ${leaked.join(", ")}`);
      } else {
        expected = [want, ...(want.accept ?? [])].map((w) => `${w.status} ${w.code}`).join(" or ");
        const ok = [want, ...(want.accept ?? [])].some((w) => w.status === a.status && a.json?.error?.code === w.code);
        if (!ok)
          problems.push(
            a.status === 400 && a.json?.error?.code === "validation_failed" && c.name !== "no_key_invalid_body"
              ? "validation answered (before the credential check, or the matrix's request is invalid)"
              : "wrong answer",
          );
        if (c.csrf && ok && a.json?.error?.details?.reason !== "csrf")
          problems.push("refusal does not say details.reason csrf");
        if (
          c.name === "key_lacking_scope" &&
          ok &&
          o.access.kind === "permission" &&
          a.json?.error?.details?.required_scope !== o.access.scope
        ) {
          problems.push(
            `details.required_scope is ${JSON.stringify(a.json?.error?.details?.required_scope)}, not ${o.access.scope}`,
          );
        }
      }
      if (a.status >= 400 && changed.length) {
        recounted++;
        // Confirm: the server's own background work (jobs, deliveries) may have moved a count at the same moment.
        await settle(server, 500, 5000);
        const again = await run(t, cred, ids, headers, body);
        if (again.a.status >= 400 && again.changed.length)
          problems.push(`refused, yet changed rows: ${again.changed.join(", ")}`);
      }
      if (problems.length) fail(expected, `${show(a)} [${problems.join("; ")}]`);
    }
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [
    `auth matrix: ${ops.length} /v1 operations (${ops.filter((o) => o.anonymous).length} anonymous, skipped), ${requests} requests in ${seconds} s, ${findings.length} findings`,
    ...Object.entries(perCase).map(
      ([name, s]) =>
        `  ${name.padEnd(40)} sent ${String(s.sent).padStart(4)}  failed ${String(s.failed).padStart(4)}  not applicable ${s.skipped}`,
    ),
    `  refused requests whose row counts moved and were sent again to confirm: ${recounted}`,
    `  stranger cases by status: ${Object.entries(asMissing)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(", ")}`,
    ...succeeded.map((x) => `  stranger request answered 2xx (as a made-up id does): ${x}`),
    ...notes.map((n) => `  note: ${n}`),
    ...ops
      .filter((o) => o.access.kind === "none" && !o.anonymous)
      .map((o) => `  note: ${o.method.toUpperCase()} ${o.path} declares no permission and reads no credential`),
  ];
  console.log(lines.join("\n"));
  if (findings.length)
    console.log(
      `auth matrix findings${REPORT_ONLY ? " (AUTH_MATRIX_REPORT_ONLY=1: reported, not failed)" : ""}:\n${findings.map((f) => `  ${f.route} — ${f.case}: expected ${f.expected}; got ${f.got}`).join("\n")}`,
    );
  expect(requests).toBeGreaterThan(ops.length * 5);
  if (!REPORT_ONLY)
    expect(findings.map((f) => `${f.route} — ${f.case}: expected ${f.expected}; got ${f.got}`)).toEqual([]);
}, 180_000);
