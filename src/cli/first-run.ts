/**
 * First start with an empty data directory: creates a first organisation and its owner with a random password,
 * prints how to sign in, and keeps the same words in `first-login.txt` (mode 0600) in case the console scrolled.
 * That first organisation is the operator's own (self-hosted operator mode: no plan limits); organisations made
 * later with `plaudit org create` are the ones the server hosts, on plans.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Deps } from "../platform/deps";
import { createOrganisation, listOrgs } from "../domains/accounts";
import { randomToken } from "../platform/crypto";

/** The first owner's sign-in, when this start created it. */
export interface FirstRun {
  orgId: string;
  email: string;
  password: string;
}

/** Creates the first organisation when there is none; returns what was created, or null. */
export function ensureFirstOrganisation(deps: Deps): FirstRun | null {
  if (listOrgs(deps.db).length > 0) return null;
  const email = "owner@plaudit.local";
  const password = randomToken(12);
  const { org } = createOrganisation(deps, {
    name: "My organisation",
    operator: true,
    owner: { email, password, name: "Owner" },
  });
  const lines = [
    `Plaudit created your first organisation (${org.id}).`,
    `Sign in at ${deps.config.appUrl}/`,
    `  email:    ${email}`,
    `  password: ${password}`,
    `This is the server's own organisation: no plan limits. Add people (or a client limited to brands) under Members.`,
    `Host other organisations on plans with: plaudit org create --name NAME --plan <free|starter|core|plus>`,
  ];
  writeFileSync(join(deps.config.dataDir, "first-login.txt"), lines.join("\n") + "\n", { mode: 0o600 });
  return { orgId: org.id, email, password };
}
