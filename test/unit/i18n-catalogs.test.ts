/**
 * The public pages' catalogs (src/platform/i18n/messages/<area>/<lang>.json): every key the code uses is in every
 * language, every key of a catalog is used, every message is ICU that parses, with the same placeholders (and of the
 * same kind) as English, English has a description of each key, and the widget's own small formatter gives what
 * FormatJS gives for every widget message.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { LANGUAGES } from "../../src/platform/i18n/languages";
import { formatMessage } from "../../web/widget/words";

const ROOT = join(import.meta.dir, "..", "..");
const MESSAGES = join(ROOT, "src/platform/i18n/messages");
/** Each area's catalogs and the code that uses them (the pages' in web/, the server's own words in src/domains). */
const AREAS = {
  capture: ["web/capture"],
  removal: ["web/removal"],
  widget: ["web/widget"],
  email: ["src/domains/removals", "src/domains/campaigns"],
  wall: ["src/domains/walls", "src/domains/widgets"],
  dashboard: ["web/dashboard"],
} as const;
type Area = keyof typeof AREAS;
/** Areas kept in English only for now (issue 26: the dashboard may stay English; its words still go through a catalog). */
const ENGLISH_ONLY = new Set<Area>(["dashboard"]);

const read = (area: Area, name: string): Record<string, string> =>
  JSON.parse(readFileSync(join(MESSAGES, area, `${name}.json`), "utf8"));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

/** Keys the code of an area asks for: `t("key"` and `rich("key"` calls. */
function usedKeys(area: Area): Set<string> {
  const keys = new Set<string>();
  for (const f of AREAS[area].flatMap((dir) => files(join(ROOT, dir))))
    for (const m of readFileSync(f, "utf8").matchAll(/\b(?:t|rich)\(\s*"([^"]+)"/g)) keys.add(m[1]!);
  return keys;
}

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }> };

/** Every argument of a message (name → kind: 1 plain, 2 number, 5 select, 6 plural…), nested ones too. */
function argumentsOf(ast: Element[], into = new Map<string, number>()): Map<string, number> {
  for (const el of ast) {
    if (el.value && el.type !== 0 && el.type !== 7) into.set(el.value, el.type);
    for (const o of Object.values(el.options ?? {})) argumentsOf(o.value, into);
    if ("children" in el) argumentsOf((el as unknown as { children: Element[] }).children, into);
  }
  return into;
}

const parse = (message: string, lang: string) =>
  argumentsOf(new IntlMessageFormat(message, lang).getAst() as unknown as Element[]);

describe.each(Object.keys(AREAS) as Area[])("the %s catalogs", (area) => {
  const en = read(area, "en");
  const used = usedKeys(area);

  test("every key the code uses is in English", () => {
    expect([...used].filter((k) => !(k in en))).toEqual([]);
  });

  test("every English key is used by the code", () => {
    expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
  });

  test("English describes every key, for translators", () => {
    const descriptions = read(area, "descriptions");
    expect(Object.keys(descriptions).sort()).toEqual(Object.keys(en).sort());
    expect(Object.values(descriptions).filter((d) => d.trim().length < 5)).toEqual([]);
  });

  const languages = ENGLISH_ONLY.has(area) ? (["en"] as const) : LANGUAGES;
  const others = languages.filter((l) => l !== "en");

  test.each([...languages])("%s has exactly the English keys, as ICU with English's placeholders", (lang) => {
    const catalog = read(area, lang);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    const wrong: string[] = [];
    for (const [key, message] of Object.entries(catalog)) {
      let args: Map<string, number>;
      try {
        args = parse(message, lang);
      } catch (e) {
        wrong.push(`${key}: does not parse (${(e as Error).message})`);
        continue;
      }
      const want = parse(en[key]!, "en");
      const shape = (m: Map<string, number>) => JSON.stringify([...m].sort());
      if (shape(args) !== shape(want)) wrong.push(`${key}: ${shape(args)} but English has ${shape(want)}`);
    }
    expect(wrong).toEqual([]);
  });

  // An English-only area (the dashboard) has no other language to check.
  if (others.length)
    test.each(others)("%s is translated (few messages the same as English)", (lang) => {
      const catalog = read(area, lang);
      const same = Object.keys(en).filter((k) => catalog[k] === en[k] && /[a-z]{4}/i.test(en[k]!));
      expect(same.length / Object.keys(en).length).toBeLessThan(0.1);
    });
});

describe("the widget's own formatter", () => {
  /** Sample values for each argument of a message: every option of a select, several counts for a plural. */
  function samples(message: string): Record<string, string | number>[] {
    const ast = new IntlMessageFormat(message, "en").getAst() as unknown as Element[];
    let out: Record<string, string | number>[] = [{}];
    const visit = (els: Element[]) => {
      for (const el of els) {
        if (!el.value || el.type === 0) continue;
        const choices: (string | number)[] =
          el.type === 5 ? Object.keys(el.options!) : el.type === 6 ? [0, 1, 2, 3, 11, 100, 1234] : ["X"];
        out = out.flatMap((v) => (el.value! in v ? [v] : choices.map((c) => ({ ...v, [el.value!]: c }))));
        for (const o of Object.values(el.options ?? {})) visit(o.value);
      }
    };
    visit(ast);
    return out;
  }

  test.each([...LANGUAGES])("gives what FormatJS gives for every %s message", (lang) => {
    const catalog = read("widget", lang);
    const en = read("widget", "en");
    for (const [key, message] of Object.entries(catalog))
      for (const values of samples(en[key]!))
        expect([key, formatMessage(message, lang, values)]).toEqual([
          key,
          String(new IntlMessageFormat(message, lang).format(values)),
        ]);
  });
});
