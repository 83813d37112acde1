/**
 * Reading the chosen file(s) in the browser (never uploaded) into the table the wizard checks: a CSV (csv.ts), its
 * tool recognised by its header (formats.ts) or matched by header synonyms (headers.ts); or Google Takeout review
 * JSON (takeout.ts), one file or several at once (one per location). A file is JSON when its name ends in .json or
 * its text starts with `{` or `[`.
 */
import { decodeUtf8, delimiterName, parseCsv } from "./csv";
import { detectCsvExport, type ImportTable, type RecognisedExport } from "./formats";
import { autoMap, type Mapping } from "./headers";
import { readTakeout, type JsonFile } from "./takeout";

/** A file ready for step 2: its table, how it was read, the guessed mapping and the tool, if recognised. */
export interface LoadedFile extends ImportTable {
  fileName: string;
  /** How the file was read, for people: "semicolon delimited", "Google Takeout JSON". */
  readAs: string;
  mapping: Mapping;
  recognised: RecognisedExport | null;
}

/** The loaded file, or why it cannot be imported. */
export type LoadResult = { ok: true; file: LoadedFile } | { ok: false; message: string };

/** A chosen file: its name and bytes (a browser `File` is one). */
export interface ChosenFile {
  name: string;
  arrayBuffer: () => Promise<ArrayBuffer>;
}

const looksJson = (name: string, text: string) => /\.json$/i.test(name) || /^\s*[[{]/.test(text);

/** Reads the chosen files. Several files must all be Google Takeout review JSON. */
export async function readExportFiles(files: ChosenFile[]): Promise<LoadResult> {
  if (files.length === 0) return { ok: false, message: "No file was chosen." };
  const texts: JsonFile[] = [];
  for (const f of files) {
    const decoded = decodeUtf8(new Uint8Array(await f.arrayBuffer()));
    if (!decoded.ok) return { ok: false, message: `${f.name}: ${decoded.message}` };
    texts.push({ name: f.name, text: decoded.text });
  }
  const names = files.map((f) => f.name);
  const fileName = names.length === 1 ? names[0]! : `${names.length} files (${names.join(", ")})`;
  if (texts.every((t) => looksJson(t.name, t.text))) {
    const read = readTakeout(texts);
    if (!read.ok) return read;
    const r = read.export;
    return {
      ok: true,
      file: {
        fileName,
        readAs: "Google Takeout JSON",
        header: r.header,
        records: r.records,
        mapping: r.mapping,
        recognised: r,
      },
    };
  }
  if (texts.length > 1)
    return {
      ok: false,
      message: `Choose one CSV file at a time. Several files can be chosen together only when they are all Google Takeout reviews.json files (one per location); you chose ${names.join(", ")}.`,
    };
  const parsed = parseCsv(texts[0]!.text);
  if (!parsed.ok) return { ok: false, message: `${fileName}: ${parsed.message}` };
  const readAs = `${delimiterName(parsed.delimiter)} delimited`;
  const recognised = detectCsvExport(parsed.header, parsed.records);
  if (recognised) {
    if (recognised.records.length === 0)
      return {
        ok: false,
        message: `${fileName}: ${formatNothingLeft(recognised)}`,
      };
    return {
      ok: true,
      file: {
        fileName,
        readAs,
        header: recognised.header,
        records: recognised.records,
        mapping: recognised.mapping,
        recognised,
      },
    };
  }
  return {
    ok: true,
    file: {
      fileName,
      readAs,
      header: parsed.header,
      records: parsed.records,
      mapping: autoMap(parsed.header),
      recognised: null,
    },
  };
}

function formatNothingLeft(r: RecognisedExport): string {
  const why = r.leftOut.map((l) => `${l.count} ${l.reason}`).join("; ");
  return `this ${r.tool} export has no review with written words to import${why ? ` (${why})` : ""}.`;
}
