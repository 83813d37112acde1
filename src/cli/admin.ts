/** Administration commands: organisations, users, API keys, plans. */
import type { Config } from "../config";
import { createDeps } from "../bootstrap";
import {
  createOrganisation,
  getOrg,
  listOrgs,
  setOperator,
  setPlan,
  createApiKey,
  createUser,
} from "../domains/accounts";
import { addMember } from "../domains/accounts/members";
import { accountCtx, hashPasswordBlocking } from "../domains/accounts/users";
import { systemCtx } from "../platform/context";
import { need, UsageError, type Args } from "./args";
import { print } from "./output";
import { unitOfWork } from "../platform/db/unit-of-work";

/**
 * `plaudit org create --name N [--plan P | --operator] [--owner-email E --owner-password W --owner-name N]`:
 * `--operator` makes the server's own organisation (no plan limits); otherwise a hosted one on a plan.
 */
export function orgCreate(config: Config, args: Args) {
  const usage =
    "plaudit org create --name NAME [--plan free|starter|core|plus | --operator] [--owner-email E --owner-password W --owner-name N]";
  const deps = createDeps(config);
  const email = args.flags["--owner-email"];
  const operator = args.bools.has("--operator");
  if (operator && args.flags["--plan"])
    throw new UsageError(
      `--operator and --plan do not go together: the operator's own organisation has no plan limits.\nUsage: ${usage}`,
    );
  const { org, owner } = createOrganisation(deps, {
    name: need(args, "--name", usage),
    plan: args.flags["--plan"] ?? "free",
    operator,
    owner: email ? { email, password: args.flags["--owner-password"], name: args.flags["--owner-name"] } : undefined,
  });
  print(
    args,
    { id: org.id, name: org.name, plan: org.plan, operator: org.operator, owner_user_id: owner?.id ?? null },
    org.id,
  );
}

/** `plaudit org list`: every organisation with its plan, and which is the operator's own. */
export function orgList(config: Config, args: Args) {
  const deps = createDeps(config);
  const orgs = listOrgs(deps.db).map((o) => ({ id: o.id, name: o.name, plan: o.plan, operator: o.operator }));
  print(
    args,
    { data: orgs },
    orgs.map((o) => `${o.id}  ${o.operator ? "operator (no limits)" : o.plan.padEnd(20)}  ${o.name}`).join("\n"),
  );
}

/**
 * `plaudit org operator --org ORG --on|--off`: self-hosted operator mode for one organisation. On: the server's
 * own organisation, with no plan limits, whose plan page explains the plans as what this server offers the
 * organisations it hosts. Off: an organisation like any other, on the top plan until `plaudit plan set`.
 */
export function orgOperator(config: Config, args: Args) {
  const usage = "plaudit org operator --org ORG --on|--off";
  const on = args.bools.has("--on");
  if (on === args.bools.has("--off")) throw new UsageError(`Say --on or --off.\nUsage: ${usage}`);
  const deps = createDeps(config);
  const orgId = need(args, "--org", usage);
  getOrg(deps.db, orgId);
  const org = unitOfWork(deps, systemCtx(orgId, "live", deps.clock), (tx) => setOperator(tx, on));
  print(
    args,
    { id: org.id, plan: org.plan, operator: org.operator },
    org.operator
      ? `${org.id} is this server's own organisation: no plan limits.`
      : `${org.id} is on the ${org.plan} plan with its limits; change it with plaudit plan set --org ${org.id} --plan P.`,
  );
}

/** `plaudit key create --org ORG --mode test|live --scopes a,b [--name N]` */
export function keyCreate(config: Config, args: Args) {
  const usage = "plaudit key create --org ORG --mode test|live [--scopes a,b] [--name NAME]";
  const deps = createDeps(config);
  const orgId = need(args, "--org", usage);
  const mode = args.flags["--mode"] ?? "test";
  if (mode !== "test" && mode !== "live") throw new UsageError(`--mode is test or live.\nUsage: ${usage}`);
  getOrg(deps.db, orgId);
  const scopes = args.flags["--scopes"]
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const { key, secret } = unitOfWork(deps, systemCtx(orgId, mode, deps.clock), (tx) =>
    createApiKey(tx, {
      mode,
      name: args.flags["--name"] ?? "CLI",
      scopes,
    }),
  );
  print(args, { id: key.id, mode, scopes: key.scopes, secret }, secret);
}

/**
 * `plaudit user create --email E --password W [--name N] [--org ORG --role R]`: the operator's way to make an
 * account with a password (organisations invite people instead). With `--org`, `--password` may be left out to
 * add an existing account; a password for an existing account is refused rather than silently ignored.
 */
export function userCreate(config: Config, args: Args) {
  const usage =
    "plaudit user create --email E --password W [--name N] [--org ORG --role owner|admin|member|client [--brands ID,ID]]  (with --org, --password may be left out for an existing account)";
  const deps = createDeps(config);
  const email = need(args, "--email", usage);
  const orgId = args.flags["--org"];
  const password = orgId ? args.flags["--password"] : need(args, "--password", usage);
  if (password !== undefined && (password.length < 8 || password.length > 200))
    throw new UsageError("Passwords need 8 to 200 characters.");
  // The CLI is its own process: hashing on this thread delays no request.
  const passwordHash = password === undefined ? null : hashPasswordBlocking(password);
  if (orgId) {
    getOrg(deps.db, orgId);
    const member = unitOfWork(deps, systemCtx(orgId, "live", deps.clock), (tx) =>
      addMember(tx, {
        email,
        passwordHash,
        name: args.flags["--name"],
        role: args.flags["--role"] ?? "member",
        brandIds: args.flags["--brands"]
          ?.split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      }),
    );
    print(args, member, member.user_id);
    return;
  }
  const user = unitOfWork(deps, accountCtx(deps.clock), (tx) =>
    createUser(tx.db, deps.clock, { email, name: args.flags["--name"], passwordHash }),
  );
  print(args, { id: user.id, email: user.email }, user.id);
}

/** `plaudit plan set --org ORG --plan P`: the plan a hosted organisation is on (refused for the operator's own). */
export function planSet(config: Config, args: Args) {
  const usage = "plaudit plan set --org ORG --plan free|starter|core|plus";
  const deps = createDeps(config);
  const orgId = need(args, "--org", usage);
  getOrg(deps.db, orgId);
  const org = unitOfWork(deps, systemCtx(orgId, "live", deps.clock), (tx) => setPlan(tx, need(args, "--plan", usage)));
  print(args, { id: org.id, plan: org.plan }, `${org.id} is now on ${org.plan}`);
}
