/**
 * The dashboard's words go through its catalog (web/dashboard/i18n.ts, issue 26): this test fails on words written
 * straight into its JSX (text between tags, and the text attributes a person reads), as found by
 * scripts/dashboard-literals.ts. Example values (an address in a placeholder) and code are not words.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dashboardLiterals } from "../../scripts/dashboard-literals";

test("no words are written into the dashboard's JSX: they come from the catalog", () => {
  expect(dashboardLiterals().map((l) => `${l.file}:${l.line}: ${l.text}`)).toEqual([]);
});

test("the check sees text between tags, on lines of its own, and in read attributes; not code or example values", () => {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-literals-"));
  const file = join(dir, "sample.tsx");
  writeFileSync(
    file,
    [
      "export const A = (p: { load: () => Promise<void> }) => (",
      "  <div>",
      "    <p>Hello world</p>",
      '    <input placeholder="Your name" aria-label="Name" />',
      '    <input placeholder="https://example.com" />',
      "    <span>",
      "      Some words here",
      "    </span>",
      '    <b>{t("sample.key")}</b>',
      "  </div>",
      ");",
      "const b = api.get<Page<Row>>(`/v1/rows`);",
    ].join("\n"),
  );
  expect(dashboardLiterals([file]).map((l) => `${l.line}: ${l.text}`)).toEqual([
    "3: Hello world",
    '4: placeholder="Your name"',
    '4: aria-label="Name"',
    "7: Some words here",
  ]);
});
