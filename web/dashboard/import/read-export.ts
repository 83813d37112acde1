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
import { t } from "../i18n";

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
  if (files.length === 0) return { ok: false, message: t("import.read-export.no_file") };
  const texts: JsonFile[] = [];
  for (const f of files) {
    const decoded = decodeUtf8(new Uint8Array(await f.arrayBuffer()));
    if (!decoded.ok)
      return { ok: false, message: t("import.read-export.file_problem", { file: f.name, problem: decoded.message }) };
    texts.push({ name: f.name, text: decoded.text });
  }
  const names = files.map((f) => f.name);
  const fileName =
    names.length === 1 ? names[0]! : t("import.read-export.files", { count: names.length, names: names.join(", ") });
  if (texts.every((f) => looksJson(f.name, f.text))) {
    const read = readTakeout(texts);
    if (!read.ok) return read;
    const r = read.export;
    return {
      ok: true,
      file: {
        fileName,
        readAs: t("import.read-export.takeout_json"),
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
      message: t("import.read-export.one_csv", { names: names.join(", ") }),
    };
  const parsed = parseCsv(texts[0]!.text);
  if (!parsed.ok)
    return { ok: false, message: t("import.read-export.file_problem", { file: fileName, problem: parsed.message }) };
  const readAs = t("import.read-export.delimited", { delimiter: delimiterName(parsed.delimiter) });
  const recognised = detectCsvExport(parsed.header, parsed.records);
  if (recognised) {
    if (recognised.records.length === 0)
      return {
        ok: false,
        message: t("import.read-export.file_problem", { file: fileName, problem: formatNothingLeft(recognised) }),
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
  const why = r.leftOut.map((l) => t("import.read-export.left_out", { count: l.count, reason: l.reason })).join("; ");
  return why
    ? t("import.read-export.nothing_left_why", { tool: r.tool, why })
    : t("import.read-export.nothing_left", { tool: r.tool });
}
