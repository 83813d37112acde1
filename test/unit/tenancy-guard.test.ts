/**
 * The tenant filter is written in one place (src/platform/db/tenancy.ts: `scoped`, `byId`, `inOrg`,
 * `preparedScoped`). This test reads every source file and fails on a hand-written one: `eq(<table>.orgId, …)`, or
 * `org_id =` / `org_id IN` in raw SQL. Forgetting the filter once is a leak across organisations; writing it through
 * the helpers makes the mode and the brand scope come with it.
 *
 * The few places that write it by hand on purpose are listed below, each with how many hits it has and why. A new
 * hit there fails too (the count), as does a count that has gone down (shrink the list).
 */
import { expect, test } from "bun:test";
import { Glob } from "bun";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

/** What counts as a hand-written tenant filter. */
const PATTERNS = [/\beq\(\s*[\w$.]+\.orgId\s*,/g, /\borg_id"?\s*(=(?!=)|IN\b)/gi];

/** Files allowed to write the filter by hand: path → number of hits and the reason. */
const ALLOWED: Record<string, { hits: number; reason: string }> = {
  "src/platform/db/tenancy.ts": { hits: 3, reason: "the helpers themselves" },
  "src/platform/mail/turns.ts": {
    hits: 4,
    reason:
      "mail pacing takes turns across organisations by design: `mail_pace.org_id` is a key (the server's own pace is a row too) and the turn queue is read per organisation id, with no tenant context",
  },
  "src/domains/submissions/list.ts": {
    hits: 1,
    reason:
      "the list filters are written once and bound either as values or as placeholders (one prepared statement per shape); `scoped` and `preparedScoped` each serve only one of the two",
  },
  "src/domains/brands/former-slugs.ts": {
    hits: 2,
    reason:
      "raw SQL correlated subqueries joining a brand's or link's slug history on the outer row's own org_id and mode, not a lookup by context",
  },
};

/** Every hand-written filter in `src`, as `path:line: text`, grouped by file. */
function handWritten(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const path of new Glob("src/**/*.ts").scanSync({ cwd: ROOT })) {
    const text = readFileSync(join(ROOT, path), "utf8");
    for (const pattern of PATTERNS)
      for (const m of text.matchAll(pattern)) {
        const line = text.slice(0, m.index).split("\n").length;
        const hits = found.get(path) ?? [];
        hits.push(`${path}:${line}: ${text.split("\n")[line - 1]!.trim()}`);
        found.set(path, hits);
      }
  }
  return found;
}

test("every query of a tenant table goes through src/platform/db/tenancy.ts", () => {
  const problems: string[] = [];
  const found = handWritten();
  for (const [path, hits] of found) {
    const allowed = ALLOWED[path];
    if (!allowed) problems.push(...hits.map((h) => `${h}  (use scoped/byId/inOrg/preparedScoped)`));
    else if (hits.length !== allowed.hits)
      problems.push(`${path}: ${hits.length} hand-written filters, the list allows ${allowed.hits}:`, ...hits);
  }
  for (const [path, allowed] of Object.entries(ALLOWED))
    if (!found.has(path))
      problems.push(`${path}: listed for ${allowed.hits} hits but has none; remove it from the list`);
  expect(problems).toEqual([]);
});

test("the guard sees what it looks for", () => {
  const sample =
    "db.select().from(t).where(and(eq(t.orgId, ctx.orgId), eq(t.mode, ctx.mode)));\nsql`WHERE org_id = ${x}`";
  const n = PATTERNS.reduce((sum, p) => sum + [...sample.matchAll(p)].length, 0);
  expect(n).toBe(2);
});
