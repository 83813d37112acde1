/**
 * Reading a CSV file in the browser (contract rule 4; the file is never uploaded): UTF-8 only (a BOM is accepted,
 * anything else refused with words a person can act on), the delimiter detected from the header line (comma,
 * semicolon or tab), then Papa Parse for the records, quoted fields with line breaks included.
 */
import Papa from "papaparse";
import { t } from "../i18n";

/** The delimiters a file may use. */
export type Delimiter = "," | ";" | "\t";

/** A readable file, or why not. */
export type Decoded = { ok: true; text: string; hadBom: boolean } | { ok: false; message: string };

const saveAsUtf8 = () => t("import.csv.save_as_utf8");

/** Decodes the file's bytes as UTF-8; any other encoding (UTF-16, Windows-1252, Latin-1…) is refused. */
export function decodeUtf8(bytes: Uint8Array): Decoded {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return { ok: false, message: t("import.csv.utf16", { fix: saveAsUtf8() }) };
  }
  const hadBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  let text: string;
  try {
    // fatal: a byte sequence that is not UTF-8 throws instead of turning into “�”. The BOM is dropped.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return {
      ok: false,
      message: t("import.csv.not_utf8", { fix: saveAsUtf8() }),
    };
  }
  if (text.includes("\u0000"))
    return {
      ok: false,
      message: t("import.csv.not_text"),
    };
  return { ok: true, text: text.replace(/^\uFEFF/, ""), hadBom };
}

/** The header line: up to the first line break outside quotes. */
export function headerLine(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) return text.slice(0, i);
  }
  return text;
}

/** The delimiter used most often outside quotes in the header line; comma when none appears. */
export function detectDelimiter(text: string): Delimiter {
  const line = headerLine(text);
  const counts: Record<Delimiter, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "," || c === ";" || c === "\t")) counts[c]++;
  }
  let best: Delimiter = ",";
  for (const d of [";", "\t"] as const) if (counts[d] > counts[best]) best = d;
  return best;
}

/** A parsed file: the header, one record per review. */
export interface ParsedCsv {
  delimiter: Delimiter;
  header: string[];
  records: string[][];
}

/** A parsed file, or why it cannot be read. */
export type ParseResult = ({ ok: true } & ParsedCsv) | { ok: false; message: string };

/** Human name of a delimiter. */
export const delimiterName = (d: Delimiter): string =>
  d === "," ? t("import.csv.comma") : d === ";" ? t("import.csv.semicolon") : t("import.csv.tab");

/** Parses decoded text: header row first, blank lines skipped. Line ends (CRLF, CR, LF, even mixed) become LF. */
export function parseCsv(input: string): ParseResult {
  const text = input.replace(/\r\n?/g, "\n");
  const delimiter = detectDelimiter(text);
  const result = Papa.parse<string[]>(text, {
    delimiter,
    newline: "\n",
    header: false,
    skipEmptyLines: "greedy",
    quoteChar: '"',
  });
  const broken = result.errors.find((e) => e.type === "Quotes");
  if (broken) {
    return {
      ok: false,
      message:
        typeof broken.row === "number" ? t("import.csv.unclosed_near", { row: broken.row }) : t("import.csv.unclosed"),
    };
  }
  const [header, ...records] = result.data;
  if (!header || header.every((h) => h.trim() === "")) return { ok: false, message: t("import.csv.empty") };
  if (records.length === 0) return { ok: false, message: t("import.csv.no_reviews") };
  return { ok: true, delimiter, header: header.map((h) => h.replace(/^\uFEFF/, "").trim()), records };
}

/** Reads and parses a chosen file in the browser. */
export async function readCsvFile(file: Blob): Promise<ParseResult> {
  const decoded = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  return decoded.ok ? parseCsv(decoded.text) : decoded;
}
