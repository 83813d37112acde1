/**
 * Test harness for API scenarios through `app.handle`: a real SQLite file in a fresh temp data dir, real
 * migrations, a manual clock, and helpers to make organisations, members, sessions and API keys.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import type { App } from "../../src/app";
import { assemble } from "../../src/composition";
import { MODULES } from "../../src/modules";
import { ManualClock } from "../../src/platform/clock";
import { createLogger } from "../../src/platform/log";
import type { Deps } from "../../src/platform/deps";
import { createOrganisation, createApiKey } from "../../src/domains/accounts";
import { addMember } from "../../src/domains/accounts/members";
import { createSession, SESSION_COOKIE } from "../../src/domains/accounts/sessions";
import { systemCtx, type Mode, type Role } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { accountCtx } from "../../src/domains/accounts/users";

/** A running test app. */
export interface TestApp {
  app: App;
  deps: Deps;
  clock: ManualClock;
  dir: string;
  base: string;
  /** Sends a request; `auth` is an API key secret or a `{cookie}` session. */
  call(method: string, path: string, opts?: CallOpts): Promise<{ status: number; body: any; headers: Headers }>;
  /** Makes an organisation on a plan with an owner session and keys. */
  org(opts?: { plan?: string; name?: string }): Promise<TestOrg>;
  close(): void;
}

/** Options of one call. */
export interface CallOpts {
  auth?: string | Session;
  body?: unknown;
  headers?: Record<string, string>;
  mode?: Mode;
}

/** A session as the dashboard holds it. */
export interface Session {
  cookie: string;
  orgId: string;
}

/** An organisation made for a test, with its credentials. */
export interface TestOrg {
  id: string;
  owner: Session;
  liveKey: string;
  testKey: string;
  /** A key with only the given scopes. */
  key(mode: Mode, scopes: string[]): string;
  /** A session for a new member with the given role. */
  member(role: Role): Promise<Session>;
}

let seq = 0;

/** Starts an app on a fresh data dir; with `web`, the built pages too (the capture page's HTML). */
export async function makeTestApp(env: Record<string, string> = {}, opts: { web?: boolean } = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-test-"));
  const config = loadConfig({
    PLAUDIT_DATA_DIR: dir,
    PLAUDIT_BASE_URL: "http://plaudit.test",
    PLAUDIT_WORKERS: "0",
    // Mail leaves as soon as its job runs; tests of the sending pace set one.
    PLAUDIT_MAIL_BULK_PER_MINUTE: "0",
    ...env,
  });
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const deps = createDeps(config, { clock, log: createLogger(process.env.TEST_LOG === "1" ? "debug" : "silent") });
  const { app } = await assemble(deps, MODULES, { web: opts.web ?? false });
  const t: TestApp = {
    app,
    deps,
    clock,
    dir,
    base: config.baseUrl,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (typeof opts.auth === "string") headers.authorization = `Bearer ${opts.auth}`;
      else if (opts.auth) {
        headers.cookie = opts.auth.cookie;
        headers["x-svc-org"] = opts.auth.orgId;
        if (method !== "GET") headers["x-svc-csrf"] = "1";
        if (opts.mode) headers["x-svc-mode"] = opts.mode;
      }
      let body: BodyInit | undefined;
      if (opts.body instanceof FormData) body = opts.body;
      else if (opts.body !== undefined) {
        body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
        headers["content-type"] ??= "application/json";
      }
      const res = await app.handle(new Request(`${config.baseUrl}${path}`, { method, headers, body }));
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async org(opts = {}) {
      const n = ++seq;
      const { org, owner } = createOrganisation(deps, {
        name: opts.name ?? `Org ${n}`,
        plan: opts.plan ?? "core",
        owner: { email: `owner${n}-${Date.now()}@example.com` },
      });
      const session = (userId: string): Session => ({
        cookie: `${SESSION_COOKIE}=${unitOfWork(deps, accountCtx(clock), (tx) => createSession(tx, userId)).token}`,
        orgId: org.id,
      });
      const key = (mode: Mode, scopes: string[]) =>
        unitOfWork(deps, systemCtx(org.id, mode, clock), (tx) => createApiKey(tx, { mode, scopes })).secret;
      return {
        id: org.id,
        owner: session(owner!.id),
        liveKey: key("live", []),
        testKey: key("test", []),
        key,
        async member(role) {
          const m = unitOfWork(deps, systemCtx(org.id, "live", clock), (tx) =>
            addMember(tx, {
              email: `${role}${++seq}-${Date.now()}@example.com`,
              role,
            }),
          );
          return session(m.user_id);
        },
      };
    },
    close() {
      deps.db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}
