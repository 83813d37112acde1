/**
 * The composition root: `assemble(deps, modules)` turns the domain modules (src/modules.ts) into the running
 * appliance for one `Deps`: the Elysia app (every module's routes and pages), the job registry (every module's job
 * kinds) and the schedules, and fills `deps.hooks` (event handlers, shown-change handlers, erase participants,
 * brand-deletion parts, what goes with deleted links, usage counters, the brand testimonial count) so `emit`,
 * `shownChanged`, `usageOf`, erasure, brand deletion and brand listings run exactly what these modules declare. The
 * outbound edges (HTTP, webhook transport, images, reel renderer) are fields of `Deps` made with it
 * (src/platform/edges.ts), not wired here.
 * `serve`, the CLI, tests and benchmarks all come through here (`buildApp`/`buildRegistry` are thin wrappers), and
 * the worker pools are started from here (`startWorkerPools`: which job kinds run in which pool). It is the one
 * composition file: src/app.ts builds the HTTP app it is given, src/modules.ts lists the modules.
 *
 * Wiring mistakes fail here, at start, with a message naming the module: an allowance without a usage counter (a
 * plan limit never enforced), a job kind a pool or schedule names without a handler (jobs that would wait
 * forever), a handler for an event type that does not exist (a handler that never runs).
 */
import type { Deps } from "./platform/deps";
import type { DomainModule } from "./platform/module";
import type { Schedule } from "./platform/jobs/cron";
import { EVENT_TYPES, isEventType } from "./platform/events/emit";
import { ALLOWANCE_NAMES, assertCountersRegistered } from "./platform/access";
import { httpApp, type App, type AppOptions } from "./app";
import { combineWorkers, JobRegistry, startWorkers, type Workers } from "./platform/jobs/worker";
import { MAIL_SEND } from "./platform/mail/queue-mail";
import { MAIL_DISPATCH } from "./platform/mail/turns";
import { PROCESS_JOB } from "./domains/submissions";
import { WEBHOOK_DELIVERY_QUEUE } from "./domains/webhooks";
import { REEL_RENDER_JOB } from "./domains/reels";
import { MODULES } from "./modules";
import { unitOfWork } from "./platform/db/unit-of-work";

/** What `wire` gives: the job kinds this process can run and the recurring schedules. */
export interface Wiring {
  registry: JobRegistry;
  schedules: Schedule[];
}

/** What `assemble` gives: the app besides the job registry and the schedules. */
export interface Assembled extends Wiring {
  app: App;
}

/** The job registry of the modules (checked: each kind once, every pooled or scheduled kind handled). */
export function jobRegistryOf(modules: readonly DomainModule[] = MODULES): JobRegistry {
  const registry = new JobRegistry();
  for (const m of modules) {
    try {
      m.jobs?.(registry);
    } catch (e) {
      throw new Error(`Module "${m.name}": ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const needed: [string, string][] = [
    ...MEDIA_KINDS.map((k): [string, string] => [k, "the media worker pool (MEDIA_KINDS, src/composition.ts)"]),
    ...DELIVERY_KINDS.map((k): [string, string] => [
      k,
      "the delivery worker pool (DELIVERY_KINDS, src/composition.ts)",
    ]),
    ...modules.flatMap((m) =>
      (m.schedules ?? []).flatMap((s) =>
        s.enqueues.map((k): [string, string] => [k, `the schedule "${s.name}" of module "${m.name}"`]),
      ),
    ),
  ];
  const missing = needed.filter(([kind]) => !registry.get(kind));
  const noQueue = DELIVERY_QUEUES.filter((name) => registry.queues([name]).length === 0);
  if (noQueue.length > 0)
    throw new Error(
      `No module registers the queue ${noQueue.join(", ")} (named by DELIVERY_QUEUES, src/composition.ts); add the module that handles it to src/modules.ts.`,
    );
  if (missing.length > 0) {
    throw new Error(
      `Job kind${missing.length > 1 ? "s" : ""} without a handler: ${missing.map(([k, where]) => `"${k}" (named by ${where})`).join(", ")}. Jobs of a kind no module registers would wait forever; add the module that handles it to src/modules.ts.`,
    );
  }
  return registry;
}

/** Checks the modules' event handlers and usage counters; throws naming the module and what is wrong. */
function checkHooks(modules: readonly DomainModule[]) {
  for (const m of modules) {
    for (const type of Object.keys(m.events ?? {})) {
      if (type !== "*" && !isEventType(type))
        throw new Error(
          `Module "${m.name}" has a handler for the unknown event type "${type}"; event types are ${EVENT_TYPES.join(", ")} (or "*" for all).`,
        );
    }
  }
  const counted = new Map<string, string>();
  for (const m of modules) {
    for (const name of Object.keys(m.usage ?? {})) {
      if (!(ALLOWANCE_NAMES as string[]).includes(name))
        throw new Error(
          `Module "${m.name}" counts the unknown allowance "${name}"; allowances are ${ALLOWANCE_NAMES.join(", ")}.`,
        );
      if (counted.has(name))
        throw new Error(
          `The allowance "${name}" is counted by both module "${counted.get(name)}" and module "${m.name}".`,
        );
      counted.set(name, m.name);
    }
  }
  assertCountersRegistered(counted.keys());
  const brandCounters = modules.filter((m) => m.brandSubmissionCount).map((m) => `"${m.name}"`);
  if (brandCounters.length > 1)
    throw new Error(`A brand's testimonials are counted by more than one module: ${brandCounters.join(", ")}.`);
}

/**
 * Checks the modules and wires them into `deps` (its hooks are replaced by the modules' handlers); returns the job
 * registry and schedules. For processes that run jobs or write without serving HTTP (the CLI, worker scripts).
 */
export function wire(deps: Deps, modules: readonly DomainModule[] = MODULES): Wiring {
  checkHooks(modules);
  const registry = jobRegistryOf(modules);
  const hooks = deps.hooks;
  hooks.events.length = 0;
  hooks.shown.length = 0;
  hooks.failed.length = 0;
  hooks.erase.length = 0;
  hooks.usage.clear();
  hooks.mailLinks.clear();
  hooks.routers.length = 0;
  hooks.brandSubmissionCount = null;
  hooks.brandDeletion.length = 0;
  hooks.linksDeleting.length = 0;
  hooks.caller = null;
  hooks.staffEmails = () => [];
  for (const m of modules) {
    for (const [type, handler] of Object.entries(m.events ?? {}))
      if (handler)
        hooks.events.push({ type, run: (_db, event, ctx) => unitOfWork(deps, ctx, (tx) => handler(tx, event)) });
    const shown = m.shown;
    if (shown) hooks.shown.push((_db, ctx, change) => unitOfWork(deps, ctx, (tx) => shown(tx, change)));
    const failed = m.processingFailed;
    if (failed) hooks.failed.push((_db, ctx, id) => unitOfWork(deps, ctx, (tx) => failed(tx, id)));
    if (m.erase) hooks.erase.push(m.erase);
    for (const [name, counter] of Object.entries(m.usage ?? {})) hooks.usage.set(name, counter);
    if (m.router) hooks.routers.push(m.router(deps));
    if (m.caller) {
      if (hooks.caller) throw new Error(`Module "${m.name}": another module already tells who calls.`);
      hooks.caller = m.caller(deps);
    }
    if (m.staffEmails) hooks.staffEmails = m.staffEmails;
    for (const [kind, resolver] of Object.entries(m.mailLinks ?? {})) {
      if (hooks.mailLinks.has(kind)) throw new Error(`Module "${m.name}": the mail link kind "${kind}" is made twice.`);
      hooks.mailLinks.set(kind, resolver);
    }
    if (m.brandSubmissionCount) hooks.brandSubmissionCount = m.brandSubmissionCount;
    const part = m.brandDeletion;
    if (part) {
      const stop = part.stop;
      hooks.brandDeletion.push({
        count: part.count,
        erase: part.erase,
        stop: stop && ((_db, ctx, brand) => unitOfWork(deps, ctx, (tx) => stop(tx, brand))),
      });
    }
    const linksDeleting = m.linksDeleting;
    if (linksDeleting)
      hooks.linksDeleting.push((_db, ctx, ids) => unitOfWork(deps, ctx, (tx) => linksDeleting(tx, ids)));
  }
  return { registry, schedules: modules.flatMap((m) => m.schedules ?? []) };
}

/** Wires the modules into `deps` and builds the HTTP app from their routes and pages. */
export async function assemble(
  deps: Deps,
  modules: readonly DomainModule[] = MODULES,
  opts: AppOptions = {},
): Promise<Assembled> {
  const wiring = wire(deps, modules);
  const app = await httpApp(deps, modules, opts);
  return { ...wiring, app };
}

/** Builds the whole appliance's HTTP app from src/modules.ts (wiring `deps.hooks` too); tests call `app.handle(request)`. */
export async function buildApp(deps: Deps, opts: AppOptions = {}): Promise<App> {
  return (await assemble(deps, MODULES, opts)).app;
}

/* The worker pools: which job kinds run in which pool. */

/** The registry of every job kind of src/modules.ts (what `assemble` returns as `registry`, without wiring any Deps). */
export function buildRegistry(): JobRegistry {
  return jobRegistryOf();
}

/** Job kinds that run ffmpeg or speech recognition: one pool, `PLAUDIT_MEDIA_CONCURRENCY` at a time. */
export const MEDIA_KINDS = [PROCESS_JOB, REEL_RENDER_JOB];
/** Outbound messages: their own pool, so a slow receiver never waits behind a render. */
export const DELIVERY_KINDS = [MAIL_SEND, MAIL_DISPATCH];
/** The leased queues the delivery pool runs beside its mail jobs: webhook deliveries (4 at a time). */
export const DELIVERY_QUEUES = [WEBHOOK_DELIVERY_QUEUE];

/** Starts the worker pools: media, deliveries, and everything else. */
export function startWorkerPools(deps: Deps, registry: JobRegistry, opts: { pollMs?: number } = {}): Workers {
  const all = registry.kinds();
  const rest = all.filter((k) => !MEDIA_KINDS.includes(k) && !DELIVERY_KINDS.includes(k));
  const pools = [
    startWorkers(deps, registry, {
      kinds: MEDIA_KINDS,
      concurrency: deps.config.mediaConcurrency,
      pollMs: opts.pollMs ?? 1000,
    }),
    startWorkers(deps, registry, {
      kinds: DELIVERY_KINDS,
      queues: DELIVERY_QUEUES,
      concurrency: 4,
      pollMs: opts.pollMs ?? 250,
    }),
    startWorkers(deps, registry, { kinds: rest, concurrency: 2, pollMs: opts.pollMs ?? 1000 }),
  ];
  return combineWorkers(pools);
}
