/**
 * The auth matrix: every `/v1` operation of the OpenAPI document that dist/plaudit serves, sent with every kind of
 * wrong credential: none, malformed, revoked, another organisation's key on this organisation's ids, the other
 * mode's key, a key lacking the route's scope, a member's session on an owner/admin route, a session without
 * X-Svc-Csrf, from a foreign Origin, or marked cross-site; and a client login (limited to a brand of its own) on
 * staff routes, on the fixtures' brand's objects, and on the lists it may read. New routes are covered as soon as
 * they are in the document; a route naming a new kind of object fails until it has a fixture
 * (test/helpers/auth-matrix-routes.ts).
 * What each route needs is read from the document's `x-access` (the route's own declaration, the one the router
 * enforces: src/platform/access/route-access.ts), and every case runs on every route that takes a credential: where
 * the declaration lets a caller in (a member on a member's route, a key on a key's route, a read without the CSRF
 * header), the case checks that it is let in; routes declared `public` take no credential and are only counted.
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
  routeBodies,
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
  ops = operationsOf(doc, await routeBodies(server.deps));
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

/**
 * What a case expects:
 * - a refusal (status and code);
 * - `as-missing`: the very answer a made-up id gets (404 when the id is in the path), naming none of the first org's ids;
 * - `own-brand-only`: a success that names none of the fixtures' brand-owned objects;
 * - `own-only`: the caller (of another organisation or mode) is let through, and the answer names none of the ids the
 *   request could have leaked (the fixtures' of the other organisation or mode);
 * - `allowed`: the declaration lets this caller in, so no 401 or 403 (sent with made-up ids when it changes
 *   something, so the fixtures stay as they are).
 */
type Expect =
  | { status: number; code: string; accept?: { status: number; code: string }[] }
  | "as-missing"
  | "own-brand-only"
  | "own-only"
  | "allowed";

/** One wrong (or, where the declaration says so, right) way to call a route. Every case runs on every route. */
interface Case {
  name: string;
  cred: (o: Operation) => Credential;
  ids: () => Record<RefKind, string>;
  headers?: (base: string) => Record<string, string>;
  /** The request to send, when it is not the route's template. */
  request?: (t: RequestTemplate, o: Operation) => RequestTemplate;
  expect(o: Operation, t: RequestTemplate): Expect;
  /** A CSRF refusal: must say `details.reason: "csrf"`. */
  csrf?: boolean;
  /** Sent without the query parameters that name objects. */
  plain?: boolean;
  /** The leak check of `own-only` leaves out kinds that are the same in both modes (members, invitations). */
  modeless?: boolean;
}

/** The kinds of object a text (path or body) names with placeholders. */
const kindsIn = (text: string) => [...text.matchAll(/\u0000ref:([a-zA-Z]+)\u0000/g)].map((m) => m[1] as RefKind);

/** The template without query parameters that name objects (what the path and body name stays). */
const withoutQueryRefs = (t: RequestTemplate): RequestTemplate => {
  const [path, query = ""] = t.url.split("?");
  const kept = query.split("&").filter((p) => p && !p.includes("\u0000ref:"));
  const refs = [...new Set([...kindsIn(path!), ...kindsIn(t.body ?? "")])];
  return { ...t, url: kept.length ? `${path}?${kept.join("&")}` : path!, refs };
};

/** A body no route accepts, or for a read (which has none) the same as a query parameter. */
const JUNK = JSON.stringify({ matrix_unexpected_field: [[["x"]]] });
const withJunk = (t: RequestTemplate): RequestTemplate =>
  t.method === "GET"
    ? { ...t, url: `${t.url}${t.url.includes("?") ? "&" : "?"}matrix_unexpected_field=${encodeURIComponent(JUNK)}` }
    : { ...t, body: JUNK };

const UNAUTHORIZED = { status: 401, code: "unauthorized" };
const FORBIDDEN = { status: 403, code: "forbidden" };
const NOT_FOUND = { status: 404, code: "not_found" };
const UNSAFE = (o: Operation) => o.method !== "get";
const keyUsable = (o: Operation) => o.access.kind === "permission" && o.access.scope !== null;
const sessionOnly = (o: Operation) => !keyUsable(o);
/** A bad key on a route that refuses every key may be refused as "no keys here" (403 session_only) before it is read. */
const badKey = (o: Operation): Expect => (sessionOnly(o) ? { ...UNAUTHORIZED, accept: [FORBIDDEN] } : UNAUTHORIZED);
/** A stranger's request: naming objects, the answer a made-up id gets; naming none, nothing of the first org's. */
const stranger = (t: RequestTemplate): Expect => (t.refs.length === 0 ? "own-only" : "as-missing");
const otherMode = (t: RequestTemplate): Expect => (t.refs.every((k) => MODELESS.has(k)) ? "own-only" : "as-missing");
const own = (base: string) => ({ "x-svc-csrf": "1", origin: base });
/** Kinds of object that belong to one brand: a client of another brand must find none of them. */
const BRAND_KINDS: ReadonlySet<RefKind> = new Set([
  // A tag is its brand's, or the agency's (shared by every brand): a client sees neither of another brand.
  "tag",
  "brand",
  "link",
  "submission",
  "video",
  "widget",
  "export",
  "reel",
  "campaign",
]);
const orgRoute = (o: Operation) => o.access.kind === "permission";
const roleMay = (o: Operation, role: "member" | "client") =>
  o.access.kind === "person" || (o.access.kind === "permission" && o.access.roles.includes(role));
/** A client of another brand: refused on staff routes; on the brand's objects the missing answer; lists its own. */
const clientOfOtherBrand = (o: Operation, t: RequestTemplate): Expect => {
  if (!roleMay(o, "client")) return FORBIDDEN;
  if (o.access.kind === "person") return "allowed";
  if (t.refs.some((k) => BRAND_KINDS.has(k))) return "as-missing";
  return o.method === "get" ? "own-brand-only" : "allowed";
};

const CASES: Case[] = [
  { name: "no_key", cred: () => null, ids: () => liveIds, expect: () => UNAUTHORIZED },
  {
    // The credential gate refuses before reading the body (or the query, for a read): never a validation answer.
    name: "no_key_invalid_input",
    cred: () => null,
    ids: () => liveIds,
    request: withJunk,
    expect: () => UNAUTHORIZED,
  },
  { name: "malformed_key:garbage", cred: () => ({ key: "Bearer not-a-key" }), ids: () => liveIds, expect: badKey },
  {
    name: "malformed_key:unknown",
    cred: () => ({ key: `rk_live_${"A".repeat(32)}` }),
    ids: () => liveIds,
    expect: badKey,
  },
  {
    name: "malformed_key:basic",
    cred: () => ({ key: "Basic bWF0cml4Om1hdHJpeA==" }),
    ids: () => liveIds,
    expect: badKey,
  },
  { name: "revoked_key", cred: () => ({ key: creds.revoked }), ids: () => liveIds, expect: badKey },
  {
    name: "other_org_key",
    cred: () => ({ key: creds.otherOrgLive }),
    ids: () => liveIds,
    expect: (o, t) => (!keyUsable(o) ? FORBIDDEN : stranger(t)),
  },
  {
    name: "other_mode:test_key_live_ids",
    modeless: true,
    cred: () => ({ key: creds.test }),
    ids: () => liveIds,
    expect: (o, t) => (!keyUsable(o) ? FORBIDDEN : otherMode(t)),
  },
  {
    name: "other_mode:live_key_test_ids",
    modeless: true,
    cred: () => ({ key: creds.live }),
    ids: () => testIds,
    expect: (o, t) => (!keyUsable(o) ? FORBIDDEN : otherMode(t)),
  },
  {
    name: "other_mode:session_test_mode_live_ids",
    modeless: true,
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: (base) => ({ ...own(base), "x-svc-mode": "test" }),
    expect: (o, t) => (orgRoute(o) ? otherMode(t) : "own-only"),
  },
  {
    name: "other_org_session",
    cred: () => ({ cookie: creds.otherOwnerCookie }),
    ids: () => liveIds,
    headers: own,
    expect: (o, t) => (orgRoute(o) ? stranger(t) : "own-only"),
  },
  {
    name: "session_naming_other_org",
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: (base) => ({ ...own(base), "x-svc-org": creds.otherOrgId }),
    expect: () => NOT_FOUND,
  },
  {
    // Every scope but the one the route's permission needs; a route no scope opens refuses every key.
    name: "key_lacking_scope",
    cred: (o) =>
      o.access.kind === "permission" && o.access.scope ? { key: creds.lacking[o.access.scope]! } : { key: creds.live },
    ids: () => liveIds,
    expect: () => FORBIDDEN,
  },
  {
    name: "key_on_session_only",
    cred: () => ({ key: creds.live }),
    ids: () => liveIds,
    expect: (o) => (sessionOnly(o) ? FORBIDDEN : "allowed"),
  },
  {
    name: "member_session_on_admin_route",
    cred: () => ({ cookie: creds.memberCookie }),
    ids: () => liveIds,
    headers: own,
    expect: (o) => (roleMay(o, "member") ? "allowed" : FORBIDDEN),
  },
  {
    name: "client_session_on_staff_route",
    cred: () => ({ cookie: creds.clientCookie }),
    ids: () => liveIds,
    headers: own,
    expect: (o, t) => (roleMay(o, "client") ? clientOfOtherBrand(o, t) : FORBIDDEN),
  },
  {
    name: "client_session_other_brand",
    cred: () => ({ cookie: creds.clientCookie }),
    ids: () => liveIds,
    headers: own,
    expect: clientOfOtherBrand,
  },
  {
    // Sent without the query's object filters (brand_id, tag_id…): the whole list as the client sees it.
    name: "client_session_lists",
    plain: true,
    cred: () => ({ cookie: creds.clientCookie }),
    ids: () => liveIds,
    headers: own,
    expect: clientOfOtherBrand,
  },
  {
    name: "session_without_csrf_header",
    csrf: true,
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: (base) => ({ origin: base }),
    expect: (o) => (UNSAFE(o) ? FORBIDDEN : "allowed"),
  },
  {
    name: "session_foreign_origin",
    csrf: true,
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: () => ({ "x-svc-csrf": "1", origin: "https://evil.example" }),
    expect: (o) => (UNSAFE(o) ? FORBIDDEN : "allowed"),
  },
  {
    name: "session_cross_site_no_origin",
    csrf: true,
    cred: () => ({ cookie: creds.ownerCookie }),
    ids: () => liveIds,
    headers: () => ({ "x-svc-csrf": "1", "sec-fetch-site": "cross-site" }),
    expect: (o) => (UNSAFE(o) ? FORBIDDEN : "allowed"),
  },
];

/** The fixtures' organisation is not the server's own: a route for the operator refuses whoever it lets in. */
const OPERATOR_ONLY = { status: 403, code: "forbidden" };

/** A case's expectation on a route, with what the declaration adds: operator-only routes, both-mode records. */
function expectFor(c: Case, o: Operation, t: RequestTemplate): Expect {
  const want = c.expect(o, t);
  const refusal = typeof want === "object";
  if (o.access.kind === "permission" && o.access.operator && !refusal) return OPERATOR_ONLY;
  if (o.access.kind === "permission" && o.access.modes === "both" && c.modeless && want === "own-only")
    return "allowed";
  return want;
}

/**
 * Where the declared brand finder and the request disagree: `path` names a brand's object in the path, `body` in
 * the body or query, `list` is a read naming none in the path.
 */
function brandFinderProblem(o: Operation, t: RequestTemplate): string | null {
  if (o.access.kind !== "permission") return null;
  const brandRefs = t.refs.some((k) => BRAND_KINDS.has(k));
  switch (o.access.brand) {
    case "path":
      return t.pathRefs && brandRefs ? null : "declares brand: path, but its path names no brand's object";
    case "body":
      return !t.pathRefs && brandRefs ? null : "declares brand: body, but its body and query name no brand's object";
    case "list":
      return o.method === "get" && !t.pathRefs ? null : "declares brand: list, but is not a read of a list";
    default:
      return null;
  }
}

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
  const perCase: Record<string, { sent: number; failed: number }> = {};
  const perRoute: Record<string, { cases: number; requests: number }> = {};
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
      perCase["(public: takes no credential)"] ??= { sent: 0, failed: 0 };
      perCase["(public: takes no credential)"].sent++;
      continue;
    }
    const template = templateFor(doc, o, hook);
    const routeStats = (perRoute[route] ??= { cases: 0, requests: 0 });
    const finder = brandFinderProblem(o, template);
    if (finder)
      findings.push({ route, case: "brand_finder", expected: "the declaration to match the route", got: finder });
    for (const c of CASES) {
      const base = c.plain ? withoutQueryRefs(template) : template;
      const t = c.request ? c.request(base, o) : base;
      const stats = (perCase[c.name] ??= { sent: 0, failed: 0 });
      stats.sent++;
      routeStats.cases++;
      const sentBefore = requests;
      const cred = c.cred(o);
      const want = expectFor(c, o, t);
      // A let-through request that changes something names made-up objects, so the fixtures stay as they are.
      const letThrough = want === "allowed" || want === "own-only";
      const ids = letThrough && UNSAFE(o) && t.refs.length ? missingIds(c.ids()) : c.ids();
      const headers = c.headers?.(server.url) ?? {};
      const body = t.body;
      const fail = (expected: string, got: string) => {
        findings.push({ route, case: c.name, expected, got });
        stats.failed++;
      };
      let { a, changed } = await run(t, cred, ids, headers, body);
      const problems: string[] = [];
      // 501 billing_not_configured is the documented answer of the Stripe routes on a server without Stripe.
      if (a.status >= 500 && a.json?.error?.code !== "billing_not_configured") problems.push("5xx");
      problems.push(...shapeProblems(a));
      let expected: string;
      if (want === "own-brand-only") {
        expected = "2xx naming none of the fixtures' brand-owned objects";
        if (a.status >= 300) problems.push("refused");
        const leaked = (Object.entries(ids) as [RefKind, string][])
          .filter(([k, id]) => BRAND_KINDS.has(k) && a.text.includes(id))
          .map(([k]) => k);
        if (leaked.length) problems.push(`answer names the other brand's ${leaked.join(", ")}`);
      } else if (want === "own-only") {
        expected = "let through, naming none of the other organisation's or mode's objects";
        if (a.status === 401 || a.status === 403) problems.push("refused");
        const theirs = (Object.entries(ids) as [RefKind, string][])
          .filter(([k]) => !(c.modeless && MODELESS.has(k)))
          .map(([, id]) => id);
        const pool = c.modeless ? theirs : [...firstIds];
        const leaked = pool.filter((id) => a.text.includes(id));
        if (leaked.length) problems.push(`answer names ${leaked.join(", ")}`);
      } else if (want === "allowed") {
        expected = "let through (the declaration allows this caller): no 401 or 403";
        if (a.status === 401 || a.status === 403) problems.push("refused");
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
            a.status === 400 && a.json?.error?.code === "validation_failed"
              ? "validation answered (before the credential check, or the matrix's request is invalid)"
              : "wrong answer",
          );
        if (want === OPERATOR_ONLY && ok && a.json?.error?.details?.reason !== "operator_only")
          problems.push("refusal does not say details.reason operator_only");
        if (c.csrf && ok && want !== OPERATOR_ONLY && a.json?.error?.details?.reason !== "csrf")
          problems.push("refusal does not say details.reason csrf");
        if (
          c.name === "key_lacking_scope" &&
          ok &&
          o.access.kind === "permission" &&
          o.access.scope &&
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
      routeStats.requests += requests - sentBefore;
      if (problems.length) fail(expected, `${show(a)} [${problems.join("; ")}]`);
    }
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const routeFigures = Object.values(perRoute);
  const spread = (pick: (r: { cases: number; requests: number }) => number) =>
    `${Math.min(...routeFigures.map(pick))}–${Math.max(...routeFigures.map(pick))}`;
  const lines = [
    `auth matrix: ${ops.length} /v1 operations (${ops.filter((o) => o.anonymous).length} public), ${requests} requests in ${seconds} s, ${findings.length} findings`,
    `  per route (${routeFigures.length} routes that take a credential): ${spread((r) => r.cases)} cases, ${spread((r) => r.requests)} requests; every case on every route`,
    `  by access: ${Object.entries(
      ops.reduce<Record<string, number>>((n, o) => {
        const k = o.access.kind === "permission" ? `permission (brand: ${o.access.brand})` : o.access.kind;
        n[k] = (n[k] ?? 0) + 1;
        return n;
      }, {}),
    )
      .map(([k, n]) => `${k}: ${n}`)
      .join(", ")}`,
    ...Object.entries(perCase).map(
      ([name, s]) => `  ${name.padEnd(40)} sent ${String(s.sent).padStart(4)}  failed ${String(s.failed).padStart(4)}`,
    ),
    `  refused requests whose row counts moved and were sent again to confirm: ${recounted}`,
    `  stranger cases by status: ${Object.entries(asMissing)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(", ")}`,
    ...succeeded.map((x) => `  stranger request answered 2xx (as a made-up id does): ${x}`),
    ...notes.map((n) => `  note: ${n}`),
  ];
  if (process.env.AUTH_MATRIX_FIGURES)
    await Bun.write(process.env.AUTH_MATRIX_FIGURES, JSON.stringify({ perRoute, perCase, requests }, null, 2));
  console.log(lines.join("\n"));
  if (findings.length)
    console.log(
      `auth matrix findings${REPORT_ONLY ? " (AUTH_MATRIX_REPORT_ONLY=1: reported, not failed)" : ""}:\n${findings.map((f) => `  ${f.route} — ${f.case}: expected ${f.expected}; got ${f.got}`).join("\n")}`,
    );
  // Every case ran on every route that takes a credential (none is classed "none": each declares its access).
  for (const r of routeFigures) expect(r.cases).toBe(CASES.length);
  expect(requests).toBeGreaterThan(ops.length * 5);
  if (!REPORT_ONLY)
    expect(findings.map((f) => `${f.route} — ${f.case}: expected ${f.expected}; got ${f.got}`)).toEqual([]);
}, 180_000);
