/**
 * The composition root (src/composition.ts): the real module list (src/modules.ts) assembles into an app, a job
 * registry and schedules, and fills the Deps' hooks; wiring mistakes (an allowance without a counter, a pooled or
 * scheduled job kind without a handler, a handler for an event type that does not exist) fail at start with a
 * message naming what is wrong, leaving the Deps' hooks as they were. And nothing registers itself at import time.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { assemble, wire } from "../../src/composition";
import { MODULES } from "../../src/modules";
import { DELIVERY_KINDS, MEDIA_KINDS } from "../../src/composition";
import { ALLOWANCE_NAMES } from "../../src/platform/access";
import { EXPIRE_UPLOADS_JOB } from "../../src/domains/capture/expiry";
import type { DomainModule } from "../../src/platform/module";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";

let t: TestDeps;
beforeEach(() => {
  t = makeTestDeps();
});
afterEach(() => t.cleanup());

/** The real list with one module changed. */
const replacing = (name: string, change: (m: DomainModule) => DomainModule) =>
  MODULES.map((m) => (m.name === name ? change(m) : m));

describe("assemble", () => {
  test("the real module list assembles: app, every job kind, schedules and hooks", async () => {
    const { app, registry, schedules } = await assemble(t.deps, MODULES, { web: false });
    const health = await app.handle(new Request(`${t.deps.config.baseUrl}/healthz`));
    expect(health.status).toBe(200);
    // A module's route answers through the app (here: a /v1 route refusing a caller without credentials).
    expect((await app.handle(new Request(`${t.deps.config.baseUrl}/v1/webhooks`))).status).toBe(401);
    for (const kind of [
      ...MEDIA_KINDS,
      ...DELIVERY_KINDS,
      EXPIRE_UPLOADS_JOB,
      "platform.housekeeping",
      "platform.backup",
      "submission.purge",
      "widget.publish",
      "tls.renew",
      "brand.custom_domain",
      "mail.dispatch",
      "analytics.monthly_reports",
      "alert.send_mail",
      "alerts.digest",
    ]) {
      expect(registry.get(kind)).toBeDefined();
    }
    // "backup" is declared always and runs only with PLAUDIT_BACKUP_SCHEDULE (its pattern is a function of the config).
    expect(schedules.map((s) => s.name).sort()).toEqual([
      "alert digests",
      "analytics monthly reports",
      "backup",
      "campaign reminders",
      "certificate renewal",
      "custom domains",
      "expire abandoned uploads",
      "housekeeping",
    ]);
    expect([...t.deps.hooks.usage.keys()].sort()).toEqual([...ALLOWANCE_NAMES].sort());
    expect(t.deps.hooks.events.map((e) => e.type)).toEqual([
      "*",
      "submission.created",
      "submission.created",
      "submission.ready",
    ]);
    expect(t.deps.hooks.shown).toHaveLength(2);
    expect(t.deps.hooks.failed).toHaveLength(1);
    expect(t.deps.hooks.erase).toHaveLength(7);
  }, 20_000);

  test("assembling twice replaces the hooks instead of doubling them", () => {
    wire(t.deps, MODULES);
    wire(t.deps, MODULES);
    expect(t.deps.hooks.events).toHaveLength(4);
    expect(t.deps.hooks.shown).toHaveLength(2);
    expect(t.deps.hooks.failed).toHaveLength(1);
    expect(t.deps.hooks.erase).toHaveLength(7);
  });

  test("a missing usage counter fails at start, naming the allowance; the Deps keep their hooks", async () => {
    wire(t.deps, MODULES);
    const before = t.deps.hooks.events.length;
    const modules = replacing("webhooks", (m) => ({ ...m, usage: {} }));
    await expect(assemble(t.deps, modules, { web: false })).rejects.toThrow(
      /No usage counter is registered for the allowance webhook_endpoints: a plan limit would never be enforced/,
    );
    expect(t.deps.hooks.usage.has("webhook_endpoints")).toBe(true);
    expect(t.deps.hooks.events).toHaveLength(before);
  });

  test("a counter for an allowance that does not exist, or counted twice, fails at start", () => {
    expect(() =>
      wire(
        t.deps,
        replacing("brands", (m) => ({ ...m, usage: { ...m.usage, brandz: () => 0 } })),
      ),
    ).toThrow('Module "brands" counts the unknown allowance "brandz"');
    expect(() =>
      wire(
        t.deps,
        replacing("imports", (m) => ({ ...m, usage: { ...m.usage, brands: () => 0 } })),
      ),
    ).toThrow('The allowance "brands" is counted by both');
  });

  test("the brand testimonial count is the submissions module's declaration; two declaring it fail at start", () => {
    wire(t.deps);
    expect(t.deps.hooks.brandSubmissionCount).toBe(
      MODULES.find((m) => m.name === "submissions")!.brandSubmissionCount!,
    );
    const count = t.deps.hooks.brandSubmissionCount;
    expect(() =>
      wire(
        t.deps,
        replacing("imports", (m) => ({ ...m, brandSubmissionCount: count! })),
      ),
    ).toThrow('A brand\'s testimonials are counted by more than one module: "submissions", "imports".');
    expect(t.deps.hooks.brandSubmissionCount).toBe(count);
    wire(
      t.deps,
      replacing("submissions", (m) => ({ ...m, brandSubmissionCount: undefined })),
    );
    expect(t.deps.hooks.brandSubmissionCount).toBeNull();
  });

  test("a pooled job kind without a handler fails at start, naming the kind and the pool", async () => {
    const modules = replacing("reels", (m) => ({ ...m, jobs: undefined }));
    await expect(assemble(t.deps, modules, { web: false })).rejects.toThrow(
      /"reel\.render" \(named by the media worker pool/,
    );
    const noMail = replacing("core", (m) => ({ ...m, jobs: undefined }));
    expect(() => wire(t.deps, noMail)).toThrow(/"mail\.send" \(named by the delivery worker pool/);
  });

  test("a scheduled job kind without a handler fails at start, naming the schedule", () => {
    const modules = replacing("capture", (m) => ({ ...m, jobs: undefined }));
    expect(() => wire(t.deps, modules)).toThrow(
      `"${EXPIRE_UPLOADS_JOB}" (named by the schedule "expire abandoned uploads" of module "capture")`,
    );
  });

  test("a job kind registered by two modules fails at start, naming the module", () => {
    const twice: DomainModule = {
      name: "copycat",
      jobs: (r) => r.register("widget.publish", { handle: async () => {} }),
    };
    expect(() => wire(t.deps, [...MODULES, twice])).toThrow(
      'Module "copycat": job kind widget.publish is registered twice',
    );
  });

  test("a handler for an unknown event type fails at start", async () => {
    const stray: DomainModule = {
      name: "stray",
      events: { ["submission.aproved" as "submission.approved"]: () => {} },
    };
    await expect(assemble(t.deps, [...MODULES, stray], { web: false })).rejects.toThrow(
      'Module "stray" has a handler for the unknown event type "submission.aproved"',
    );
  });
});

describe("no registration at import time", () => {
  const SRC = resolve(import.meta.dir, "../../src");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  const code = (path: string) =>
    readFileSync(path, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");

  test("src/ calls no hook registration (onEvent, onShownChange, onErase, registerUsage): modules declare their handlers", () => {
    const found = files(SRC).flatMap((path) =>
      code(path)
        .split("\n")
        .filter((line) => /\b(onEvent|onShownChange|onErase|registerUsage)\s*\(/.test(line))
        .map((line) => `${relative(SRC, path)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  test("no statement at a module's top level calls a function, except the entry point and the listed leftovers", () => {
    // A new top-level call fails here.
    const allowed = new Set(["main.ts: main("]);
    const found = files(SRC).flatMap((path) =>
      code(path)
        .split("\n")
        .map((line) => /^(?:await\s+)?([A-Za-z_$][\w$.]*)\s*\(/.exec(line))
        .filter((m) => m !== null)
        .map((m) => `${relative(SRC, path)}: ${m![1]}(`),
    );
    expect(found.filter((f) => !allowed.has(f))).toEqual([]);
  });
});
