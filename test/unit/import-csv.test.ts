/** The dashboard's CSV reading: UTF-8 only (BOM accepted), delimiter from the header line, quotes, header synonyms. */
import { describe, expect, test } from "bun:test";
import { decodeUtf8, detectDelimiter, parseCsv, readCsvFile } from "../../web/dashboard/import/csv";
import { autoMap, fieldForHeader, FIELDS, normaliseHeader, setColumn } from "../../web/dashboard/import/headers";

const utf8 = (s: string) => new TextEncoder().encode(s);

describe("decodeUtf8", () => {
  test("plain UTF-8 and UTF-8 with a BOM are read; the BOM is dropped", () => {
    expect(decodeUtf8(utf8("text\nCafé ☕"))).toEqual({ ok: true, text: "text\nCafé ☕", hadBom: false });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Review;Name\n")]);
    expect(decodeUtf8(bom)).toEqual({ ok: true, text: "Review;Name\n", hadBom: true });
  });

  const refused: [string, Uint8Array, RegExp][] = [
    ["Windows-1252 (é as 0xE9)", new Uint8Array([...utf8("text\nCaf"), 0xe9, 0x0a]), /not UTF-8/],
    ["Latin-1 (£ as 0xA3)", new Uint8Array([...utf8("text\n"), 0xa3, 0x35]), /not UTF-8/],
    ["UTF-16 little-endian with BOM", new Uint8Array([0xff, 0xfe, 0x74, 0x00, 0x65, 0x00]), /UTF-16/],
    ["UTF-16 big-endian with BOM", new Uint8Array([0xfe, 0xff, 0x00, 0x74]), /UTF-16/],
    ["a truncated multi-byte sequence", new Uint8Array([...utf8("text\n"), 0xe2, 0x82]), /not UTF-8/],
    ["binary (NUL bytes)", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), /CSV text file/],
  ];
  for (const [name, bytes, message] of refused) {
    test(`refuses ${name} with a clear message`, () => {
      const r = decodeUtf8(bytes);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.message).toMatch(message);
        if (!/binary/.test(name)) expect(r.message).toContain("CSV UTF-8");
      }
    });
  }
});

describe("detectDelimiter: from the header line only, outside quotes", () => {
  const cases: [string, string, string][] = [
    ["comma", 'text,name,rating\n"a; b; c",x,4', ","],
    ["semicolon", 'Review;Name;Stars\n"a, b, c, d";x;4', ";"],
    ["tab", 'review\tauthor\tscore\n"a,b";c\td\t4', "\t"],
    ["quoted header with commas, semicolon delimited", '"Review, full";Name\nx;y', ";"],
    ["a single column", "Review\nGreat", ","],
    ["CRLF line ends", "a;b;c\r\nx,y,z,w,v", ";"],
  ];
  for (const [name, text, want] of cases) test(name, () => expect(detectDelimiter(text)).toBe(want as any));
});

describe("parseCsv", () => {
  test("quoted fields keep delimiters, doubled quotes and line breaks", () => {
    const r = parseCsv('Review;Name\n"Line one\nline two; still ""quoted""";Ann\r\n\r\nPlain;Bob\n');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.delimiter).toBe(";");
    expect(r.header).toEqual(["Review", "Name"]);
    expect(r.records).toEqual([
      ['Line one\nline two; still "quoted"', "Ann"],
      ["Plain", "Bob"],
    ]);
  });

  test("an unclosed quote refuses the file", () => {
    const r = parseCsv('text,name\n"never closed,Ann\nnext,Bob\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain("never closed");
  });

  test("an empty file or a header alone is refused", () => {
    expect(parseCsv("")).toMatchObject({ ok: false, message: expect.stringContaining("empty") });
    expect(parseCsv("text,name\n")).toMatchObject({ ok: false, message: expect.stringContaining("no reviews") });
  });

  test("readCsvFile: BOM + semicolons from a Blob", async () => {
    const blob = new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), "Testimonial;Reviewer Name\nLovely;Zoë\n"]);
    const r = await readCsvFile(blob);
    expect(r).toMatchObject({
      ok: true,
      delimiter: ";",
      header: ["Testimonial", "Reviewer Name"],
      records: [["Lovely", "Zoë"]],
    });
  });
});

describe("header matching (contract rule 4)", () => {
  test("every synonym of the contract maps to its field, whatever the case, spaces, - and _", () => {
    const synonyms: Record<string, string[]> = {
      text: ["text", "review", "testimonial", "comment", "content", "body", "feedback", "message", "quote"],
      name: ["name", "author", "reviewer", "customer", "full name", "reviewer name"],
      rating: ["rating", "stars", "score", "star rating"],
      reviewed_at: ["date", "review date", "reviewed at", "created", "published"],
      title: ["title", "job title", "role", "position"],
      company: ["company", "organization", "organisation", "business"],
      email: ["email", "email address"],
      source_url: ["source url", "url", "link", "review url", "permalink"],
      source: ["source", "platform", "site"],
    };
    for (const [field, names] of Object.entries(synonyms)) {
      expect(FIELDS.find((f) => f.key === field)!.synonyms.sort()).toEqual([...names].sort());
      for (const n of names) {
        for (const variant of [
          n,
          n.toUpperCase(),
          n.replace(/ /g, "_"),
          n.replace(/ /g, "-"),
          ` ${n.replace(/ /g, "")} `,
          n.replace(/ /g, " _- "),
        ]) {
          expect(fieldForHeader(variant)).toBe(field as any);
        }
      }
    }
    expect(normaliseHeader("\uFEFFReviewer-Name")).toBe("reviewername");
    expect(fieldForHeader("Reviews")).toBeNull();
  });

  test("autoMap gives each field to the first matching column only; setColumn moves a field", () => {
    const mapping = autoMap(["Review", "Reviewer Name", "Stars", "Comment", "Review-Date", "Job_Title", "Notes"]);
    expect(mapping).toEqual(["text", "name", "rating", null, "reviewed_at", "title", null]);
    const moved = setColumn(mapping, 3, "text");
    expect(moved).toEqual([null, "name", "rating", "text", "reviewed_at", "title", null]);
    expect(setColumn(moved, 1, null)).toEqual([null, null, "rating", "text", "reviewed_at", "title", null]);
  });
});
