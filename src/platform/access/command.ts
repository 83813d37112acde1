/**
 * One command shape (issue 14): a route that changes something is a declaration, not a hand-written handler.
 *
 *     .use(command(deps, "POST", "/brands", {
 *       permission: "brand:write",
 *       allowance: { name: "brands" },
 *       body: newBrandBody,
 *       response: { 201: brandSchema },
 *       detail: { tags: ["Brands"], summary: "Create a brand" },
 *       run: ({ db, ctx }, { body }) => createBrand(deps, ctx, body),
 *     }))
 *
 * How a command runs, in this order, for every route declared with it:
 * 1. Elysia checks `params`, `query` and `body` against the declared schemas (400/422; nothing else ran yet).
 * 2. The caller is authenticated and authorised for `permission` by the route's `access` declaration (401/403).
 * 3. `prepare`, when declared, runs: the one place a command may await (a DNS lookup, say). It must not write.
 * 4. ONE unit of work opens (`unitOfWorkSettled`, src/platform/db/unit-of-work.ts): a `BEGIN IMMEDIATE` transaction,
 *    so SQLite takes the write lock before the first read and no other connection (a second process, the CLI) can
 *    write between here and the commit.
 * 5. Inside it, the plan `allowance`: the organisation's plan and the current use are read with the transaction's
 *    db, then 402 `plan_limit_exceeded` if adding `adding` (default 1) would pass the limit. Checked outside, two
 *    concurrent creates could both see one place left and both insert (test/api/command-race.test.ts).
 * 6. `run(tx, input)` does the work with the unit's `Tx`: every row, audit line, event (and the handlers the event
 *    runs, src/composition.ts) and job it enqueues commits together, or nothing does when it throws. `run` is
 *    synchronous; one that returns a promise is a programming error and rolls back.
 * 7. The transaction commits; the unit's `afterCommit` tasks (file deletions…) run and are awaited; the answer gets
 *    `status` (default: the only code of a `response` map, else 200) and is checked against `response` under test.
 *
 * A unit of work started inside the command's (by a service or a job helper) joins it: nothing commits before the
 * command's COMMIT (test/unit/command.test.ts proves it). Routes whose work awaits I/O between writes (uploads,
 * images, renders, mail sent in the request) stay hand-written handlers and open their unit with `unitOfWork`;
 * docs/design-decisions.md lists them with the reason. Work after the commit (deleting files) is `tx.afterCommit`.
 */
import type { AnyElysia, Context, Static, TSchema } from "elysia";
import type { Ctx } from "../context";
import { unitOfWorkSettled, type Settled, type Tx } from "../db/unit-of-work";
import type { Deps } from "../deps";
import type { Permission } from "./permissions";
import { planOf, requireAllowance, type AllowanceName, type PlanId } from "./plans";
import type { BrandRef } from "./route-access";

/** The context a command runs with: who acts, for which organisation and mode, on which plan. */
export type CommandCtx = Ctx & { plan: PlanId };

/** A command's unit of work: its context carries the plan. */
export type CommandTx = Tx & { readonly ctx: CommandCtx };

/** The methods of routes that change something. */
export type CommandMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/** A route's answers: one schema (status 200 unless `status` says), or a schema per status code. */
type Responses = TSchema | Record<number, TSchema>;

/** What `run` returns: a value of the (or one of the) declared response schemas. */
type Answer<R extends Responses> = R extends TSchema
  ? Static<R>
  : { [K in keyof R]: R[K] extends TSchema ? Static<R[K]> : never }[keyof R];

/** A schema's value; `unknown` when the route declares none (Elysia still passes `{}` for params and query). */
type ValueOf<S> = S extends TSchema ? Static<S> : unknown;

/** What `prepare` and `run` receive from the request (already checked against the schemas). */
export interface CommandInput<B, P, Q> {
  body: ValueOf<B>;
  params: ValueOf<P>;
  query: ValueOf<Q>;
  /** The request's headers, lower-case (`idempotency-key`…). */
  headers: Record<string, string | undefined>;
  /** The answer's status and headers, for a header such as `Idempotent-Replayed`. */
  set: Context["set"];
}

/** The declaration of a command route. */
export interface CommandSpec<
  R extends Responses,
  B extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  X = undefined,
> {
  /** The permission the caller needs (./permissions.ts). */
  permission: Permission;
  /** How the route finds the brand a client login is limited to; required when clients have the permission. */
  brand?: BrandRef;
  /** The plan allowance checked inside the transaction, before `run`; `adding` defaults to 1. */
  allowance?: { name: AllowanceName; adding?: number | ((input: CommandInput<B, P, Q>) => number) };
  body?: B;
  params?: P;
  query?: Q;
  response: R;
  /** The status of a success; default: the only code of the `response` map, else 200. */
  status?: number;
  /** The OpenAPI description (tags, summary…). */
  detail: Record<string, unknown>;
  /** Work before the transaction that must await (no writes); its value is `run`'s fourth argument. */
  prepare?: (ctx: CommandCtx, input: CommandInput<B, P, Q>) => Promise<X> | X;
  /** The command itself: its unit of work (`tx.db`, `tx.ctx`, `tx.emit`…), inside `BEGIN IMMEDIATE`; synchronous. */
  run: (tx: CommandTx, input: CommandInput<B, P, Q>, prepared: X) => Answer<R>;
}

/** The status of a success when the spec does not say: the only code of a response map, else 200. */
function defaultStatus(response: Responses): number {
  if ("type" in response || "anyOf" in response || Symbol.for("TypeBox.Kind") in response) return 200;
  const codes = Object.keys(response).map(Number);
  return codes.length === 1 ? codes[0]! : 200;
}

/** The unit of work of step 4 to 6: allowance, then `run`, all or nothing; then its after-commit tasks start. */
function inTransaction<R extends Responses, B, P, Q, X>(
  deps: Deps,
  label: string,
  spec: CommandSpec<R, any, any, any, X>,
  ctx: CommandCtx,
  input: CommandInput<B, P, Q>,
  prepared: X,
): { value: Answer<R>; settled: Settled } {
  try {
    return unitOfWorkSettled(deps, ctx, (tx) => {
      const allowance = spec.allowance;
      if (allowance) {
        const adding =
          typeof allowance.adding === "function" ? allowance.adding(input as never) : (allowance.adding ?? 1);
        const plan = planOf(tx.db, ctx.orgId);
        requireAllowance(tx, plan, allowance.name, adding);
      }
      return spec.run(tx as CommandTx, input as never, prepared);
    });
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("A unit of work returned a promise"))
      throw new Error(`The command ${label} returned a promise: its writes would land after the commit.`);
    throw e;
  }
}

/**
 * Declares a command route on the routes app it is `.use`d in (that app must `.use(accessPlugin(deps))`, whose
 * `access` macro authenticates and authorises); the app's prefix applies. See the file's comment for how the command runs.
 */
export function command<
  R extends Responses,
  B extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  X = undefined,
>(deps: Deps, method: CommandMethod, path: string, spec: CommandSpec<R, B, P, Q, X>) {
  const status = spec.status ?? defaultStatus(spec.response);
  const label = `${method} ${path}`;
  type Request = Context & { ctx: CommandCtx };
  /** Step 2 (done by the `access` macro, ./route-access.ts): who calls, and may they; the parts `run` reads. */
  const start = (c: Request) => {
    const ctx = c.ctx;
    const input = { body: c.body, params: c.params, query: c.query, headers: c.headers, set: c.set };
    return { ctx, input: input as CommandInput<B, P, Q> };
  };
  /** Steps 4 to 7, with what `prepare` gave (step 3). */
  // The answer waits for the after-commit tasks (files deleted…), so a caller that reads after it sees them done.
  const finish = (c: Request, ctx: CommandCtx, input: CommandInput<B, P, Q>, prepared: X) => {
    const { value, settled } = inTransaction(deps, label, spec, ctx, input, prepared);
    c.set.status = status;
    return settled ? settled.then(() => value) : value;
  };
  const prepare = spec.prepare;
  // A rejected promise from a handler Elysia compiled as synchronous skips the app's error handler (a 500 instead of
  // the AppError's 4xx), so a command with `prepare` gets an async handler; one without stays synchronous.
  const handler = prepare
    ? async (c: Request) => {
        const { ctx, input } = start(c);
        return finish(c, ctx, input, await prepare(ctx, input));
      }
    : (c: Request) => {
        const { ctx, input } = start(c);
        return finish(c, ctx, input, undefined as X);
      };
  const hook = {
    access: spec.brand ? { permission: spec.permission, brand: spec.brand } : spec.permission,
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    response: spec.response,
    detail: spec.detail,
  };
  // The app's own type passes through unchanged, so the chain after `.use(command(…))` types as before.
  return <A extends AnyElysia>(app: A): A => app.route(method, path, handler as never, hook as never) as A;
}
