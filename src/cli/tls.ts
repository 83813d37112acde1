/**
 * `plaudit tls status`: the certificates the box serves itself, when each expires and how its last order went.
 * `plaudit tls renew [--name NAME] [--force]`: asks the running server to renew them (a job it runs, so the new
 * certificate is swapped into that server without a restart); `--force` renews even those not yet due.
 */
import type { Config } from "../config";
import { createDeps } from "../bootstrap";
import { iso } from "../platform/clock";
import { scheduleRenewal } from "../platform/tls/jobs";
import type { Args } from "./args";
import { print } from "./output";

const day = 24 * 3600_000;

/** `plaudit tls status`. */
export function tlsStatus(config: Config, args: Args) {
  const deps = createDeps(config);
  if (!deps.certificates.enabled) {
    print(args, { enabled: false, certificates: [] }, "This server does not serve HTTPS itself (set PLAUDIT_DOMAIN).");
    return;
  }
  const now = deps.clock.now();
  const rows = deps.certificates.list().map((r) => ({
    name: r.name,
    source: r.source,
    serial: r.serial,
    not_after: iso(r.notAfter),
    days_left: r.notAfter ? Math.floor((r.notAfter - now) / day) : null,
    due: r.source === "acme" && deps.certificates.isDue(r.name),
    last_error: r.lastError,
  }));
  print(
    args,
    { enabled: true, certificates: rows },
    rows.length
      ? rows.map(
          (r) =>
            `${r.name}: ${r.not_after ? `valid until ${r.not_after} (${r.days_left} days)` : "no certificate yet"}${r.source === "operator" ? ", from your files" : ""}${r.due ? ", due for renewal" : ""}${r.last_error ? `\n  last attempt failed: ${r.last_error}` : ""}`,
        )
      : "No certificate yet.",
  );
}

/** `plaudit tls renew [--name N] [--force]`. */
export function tlsRenew(config: Config, args: Args) {
  const deps = createDeps(config);
  if (!deps.certificates.enabled) {
    print(args, { queued: false }, "This server does not serve HTTPS itself (set PLAUDIT_DOMAIN).");
    return;
  }
  scheduleRenewal(deps, { force: args.bools.has("--force"), name: args.flags["--name"] });
  print(
    args,
    { queued: true },
    "Renewal queued: the running server renews and swaps the certificate within a minute (see `plaudit tls status`).",
  );
}
