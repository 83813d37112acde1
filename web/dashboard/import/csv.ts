/**
 * Reading a CSV file in the browser (contract rule 4; the file is never uploaded): UTF-8 only (a BOM is accepted,
 * anything else refused with words a person can act on), the delimiter detected from the header line (comma,
 * semicolon or tab), then Papa Parse for the records, quoted fields with line breaks included.
 */
import Papa from "papaparse";

/** The delimiters a file may use. */
export type Delimiter = "," | ";" | "\t";

/** A readable file, or why not. */
export type Decoded = { ok: true; text: string; hadBom: boolean } | { ok: false; message: string };

const SAVE_AS_UTF8 =
  "Save it as UTF-8 and choose it again: in Excel use File › Save As › “CSV UTF-8 (Comma delimited)”; in Numbers or Google Sheets, exporting to CSV already gives UTF-8.";

/** Decodes the file's bytes as UTF-8; any other encoding (UTF-16, Windows-1252, Latin-1…) is refused. */
export function decodeUtf8(bytes: Uint8Array): Decoded {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return { ok: false, message: `This file is UTF-16 text, not UTF-8. ${SAVE_AS_UTF8}` };
  }
  const hadBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  let text: string;
  try {
    // fatal: a byte sequence that is not UTF-8 throws instead of turning into “�”. The BOM is dropped.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return {
      ok: false,
      message: `This file is not UTF-8 (it may be Windows-1252 or Latin-1), so accents and symbols would come out wrong. ${SAVE_AS_UTF8}`,
    };
  }
  if (text.includes("\u0000"))
    return {
      ok: false,
      message: "This does not look like a CSV text file. Choose a .csv file exported from a spreadsheet.",
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
export const delimiterName = (d: Delimiter): string => (d === "," ? "comma" : d === ";" ? "semicolon" : "tab");

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
    const where = typeof broken.row === "number" ? ` near review ${broken.row}` : "";
    return {
      ok: false,
      message: `A quoted field is never closed${where}: check that every opening " has a closing ". Nothing was read.`,
    };
  }
  const [header, ...records] = result.data;
  if (!header || header.every((h) => h.trim() === ""))
    return { ok: false, message: "The file is empty. It needs a header row and one review per row." };
  if (records.length === 0) return { ok: false, message: "The file has a header row but no reviews under it." };
  return { ok: true, delimiter, header: header.map((h) => h.replace(/^\uFEFF/, "").trim()), records };
}

/** Reads and parses a chosen file in the browser. */
export async function readCsvFile(file: Blob): Promise<ParseResult> {
  const decoded = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  return decoded.ok ? parseCsv(decoded.text) : decoded;
}
