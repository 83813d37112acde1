/**
 * Per-app state lives on `deps.state` (src/platform/app-state.ts) and hooks on `deps.hooks`, never in a map keyed on
 * the database handle (issue 27): such a map is state of the app that the Deps cannot see, outlives nothing and is
 * shared by whatever reaches the same handle. This test reads every source file and fails on a `WeakMap` or `Map`
 * keyed on `Db` (or on a bare `object`, which is how such a map hides its key) outside the prepared-statement caches
 * listed below: a prepared statement belongs to its connection, so keying it on the connection is right.
 */
import { expect, test } from "bun:test";
import { Glob } from "bun";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

/** A map whose key type is the database handle, or any object. */
const KEYED_ON_DB = /new\s+(?:Weak)?Map\s*<\s*(?:Db|Database|object)\b/g;

/** Prepared-statement caches: the statements of one connection, keyed on it. */
const ALLOWED = new Set([
  "src/platform/db/prepared.ts",
  "src/domains/imports/insert.ts",
  "src/domains/webhooks/statements.ts",
]);

test("no map keyed on the database handle outside prepared-statement caches", () => {
  const found: string[] = [];
  for (const path of new Glob("src/**/*.ts").scanSync(ROOT)) {
    if (ALLOWED.has(path)) continue;
    readFileSync(join(ROOT, path), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (KEYED_ON_DB.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
        KEYED_ON_DB.lastIndex = 0;
      });
  }
  expect(found).toEqual([]);
});

test("each allowed file still holds a prepared-statement cache keyed on the handle (shrink the list otherwise)", () => {
  for (const path of ALLOWED) {
    const text = readFileSync(join(ROOT, path), "utf8");
    expect(`${path}: ${KEYED_ON_DB.test(text)}`).toBe(`${path}: true`);
    KEYED_ON_DB.lastIndex = 0;
  }
});
