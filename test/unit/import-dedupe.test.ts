/**
 * Property tests (fast-check) of duplicate detection (contract rule 2): any reordering, case or spacing change of
 * imported rows is a duplicate; any change of the words, the name or the source is not. Checked on the hash and
 * through `runImport` on a real database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ManualClock } from "../../src/platform/clock";
import { newId } from "../../src/platform/ids";
import { createOrganisation } from "../../src/domains/accounts";
import { brands, slugScopeOf } from "../../src/domains/brands";
import { dedupeHash, foldText, runImport } from "../../src/domains/imports";
import type { Ctx } from "../../src/platform/context";
import type { PlanId } from "../../src/platform/access";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

const SPACES = [" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", " \u200b", "\u3000"];
/** The spacing a name or a source may hold: one line of display text has no tab, line break or zero-width space. */
const LINE_SPACES = [" ", "  ", "\u00a0", "\u2003", "\u3000"];
const word = fc.stringMatching(/^[a-zA-Z0-9àéîõüßÆøĳΣςЖ'!?.,-]{1,10}$/);
const words = fc.array(word, { minLength: 1, maxLength: 12 });
// Names and sources short enough to stay within 120 and 60 characters after any case change (ß → SS) and spacing.
const nameWords = fc.array(word, { minLength: 1, maxLength: 5 });
const sourceWords = fc.array(fc.stringMatching(/^[a-zA-Z0-9àéîõüßÆøĳΣςЖ'!?.,-]{1,6}$/), { minLength: 1, maxLength: 4 });
/** The words joined by random white space (from `spaces`), with random white space around them. */
const respaced = (ws: string[], spaces = SPACES) =>
  fc
    .tuple(fc.array(fc.constantFrom(...spaces), { minLength: ws.length + 1, maxLength: ws.length + 1 }), fc.boolean())
    .map(
      ([gaps, ends]) =>
        (ends ? gaps[0] : "") +
        ws.map((w, i) => w + (i < ws.length - 1 ? gaps[i + 1] : "")).join("") +
        (ends ? gaps[ws.length] : ""),
    );

/** A random case change, character by character. */
const recased = (s: string) =>
  fc
    .array(fc.constantFrom("upper", "lower", "keep"), { minLength: [...s].length, maxLength: [...s].length })
    .map((how) =>
      [...s].map((c, i) => (how[i] === "upper" ? c.toUpperCase() : how[i] === "lower" ? c.toLowerCase() : c)).join(""),
    );

const variantOf = (ws: string[], spaces = SPACES) => respaced(ws, spaces).chain(recased);

describe("foldText and dedupeHash", () => {
  test("case changes of any text fold to the same value", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (s) => {
        expect(foldText(s.toUpperCase())).toBe(foldText(s));
        expect(foldText(s.toLowerCase())).toBe(foldText(s));
      }),
      { numRuns: 2000 },
    );
  });

  test("any case or spacing change of source, name or words gives the same hash", () => {
    const cases = fc
      .tuple(words, words, words)
      .chain(([src, name, text]) =>
        fc.tuple(fc.constant([src, name, text]), variantOf(src), variantOf(name), variantOf(text)),
      );
    fc.assert(
      fc.property(cases, ([[src, name, text], s, n, t]) => {
        expect(dedupeHash(s, n, t)).toBe(dedupeHash(src!.join(" "), name!.join(" "), text!.join(" ")));
      }),
      { numRuns: 1500 },
    );
  });

  test("a changed, added or removed word in the text, name or source gives another hash", () => {
    const change = (ws: string[]) =>
      fc.oneof(
        fc.tuple(fc.nat(ws.length - 1), word).map(([i, w]) => ws.map((x, j) => (j === i ? w : x))),
        fc.tuple(fc.nat(ws.length), word).map(([i, w]) => [...ws.slice(0, i), w, ...ws.slice(i)]),
        fc.nat(ws.length - 1).map((i) => ws.filter((_, j) => j !== i)),
      );
    const cases = fc
      .tuple(words, words, words, fc.constantFrom(0, 1, 2))
      .chain(([src, name, text, which]) =>
        fc.tuple(fc.constant([src, name, text]), fc.constant(which), change([src, name, text][which]!)),
      );
    fc.assert(
      fc.property(cases, ([parts, which, changed]) => {
        fc.pre(foldText(changed.join(" ")) !== foldText(parts[which]!.join(" ")));
        const after = parts.map((p, i) => (i === which ? changed : p).join(" "));
        expect(dedupeHash(after[0]!, after[1]!, after[2]!)).not.toBe(
          dedupeHash(parts[0]!.join(" "), parts[1]!.join(" "), parts[2]!.join(" ")),
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe("through runImport on a real database", () => {
  let t: TestDeps;
  let ctx: Ctx & { plan: PlanId };
  /** One import in a unit of work of its own, as the command runs it. */
  const importNow = (b: Parameters<typeof runImport>[1]) =>
    unitOfWork(t.deps, ctx, (tx) => runImport({ ...tx, ctx }, b));
  beforeAll(() => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
    t = makeTestDeps({ clock });
    const { org } = createOrganisation(t.deps, { name: "Props", plan: "plus" });
    ctx = { orgId: org.id, mode: "live", actor: { type: "system" }, clock, plan: "plus" };
  });
  afterAll(() => t.cleanup());

  const freshBrand = () => {
    const now = ctx.clock.now();
    const id = newId("brand", now);
    t.deps.db
      .insert(brands)
      .values({
        id,
        orgId: ctx.orgId,
        mode: "live",
        name: id,
        slug: id,
        slugScope: slugScopeOf(ctx.orgId, "live"),
        createdAt: now,
        updatedAt: now,
      })
      .run();
    return id;
  };
  const body = (brand_id: string, rows: { text: string; name?: string; source?: string }[]) => ({
    brand_id,
    source: { name: "Google" },
    attested: true,
    rows,
  });
  const review = fc.record({ text: words, name: nameWords, source: fc.option(sourceWords, { nil: undefined }) });
  const reviews = fc.uniqueArray(review, {
    minLength: 1,
    maxLength: 8,
    selector: (r) => dedupeHash(r.source?.join(" ") ?? "Google", r.name.join(" "), r.text.join(" ")),
  });

  test("re-sending imported rows in any order with case and spacing changed creates nothing", () => {
    fc.assert(
      fc.property(
        reviews.chain((rs) =>
          fc.tuple(
            fc.constant(rs),
            fc.shuffledSubarray(
              rs.map((_, i) => i),
              { minLength: rs.length, maxLength: rs.length },
            ),
            fc.tuple(
              ...rs.map((r) =>
                fc.record({
                  text: variantOf(r.text),
                  name: variantOf(r.name, LINE_SPACES),
                  source: r.source ? variantOf(r.source, LINE_SPACES) : fc.constant(undefined),
                }),
              ),
            ),
          ),
        ),
        ([rs, order, variants]) => {
          const brand = freshBrand();
          const first = importNow(
            body(
              brand,
              rs.map((r) => ({ text: r.text.join(" "), name: r.name.join(" "), source: r.source?.join(" ") })),
            ),
          );
          expect(first.created).toBe(rs.length);
          const again = importNow(
            body(
              brand,
              order.map((i) => variants[i]!),
            ),
          );
          expect(again.created).toBe(0);
          expect(again.duplicate_rows).toEqual(order.map((_, k) => k + 1));
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  test("a row with other words, another name or another source is created", () => {
    fc.assert(
      fc.property(review, word, fc.constantFrom("text", "name", "source"), (r, extra, which) => {
        const brand = freshBrand();
        const row = { text: r.text.join(" "), name: r.name.join(" "), source: r.source?.join(" ") };
        importNow(body(brand, [row]));
        const changed = {
          ...row,
          [which]: `${(row as Record<string, string | undefined>)[which] ?? "Google"} ${extra}`,
        };
        const again = importNow(body(brand, [row, changed]));
        expect(again).toMatchObject({ created: 1, duplicate_rows: [1] });
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
