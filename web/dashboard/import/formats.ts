/**
 * Recognising the export files of the tools agencies leave, so that their columns are mapped without manual work:
 * Trustpilot's review export, Senja's and Testimonial.to's CSV exports (by their header names) and Google Business
 * Profile reviews from Google Takeout (JSON, by structure: takeout.ts). A recognised export names its tool, proposes
 * the source, gives the table to check (a review's headline joined to its words where the tool has one; rows that
 * cannot become a written testimonial left out and counted) and the column mapping. The person can still change
 * every column on screen; files of other tools keep the header synonyms of headers.ts. Where each format comes from
 * and what was guessed: docs/design-decisions.md, "Imports: recognised export formats".
 */
import { autoMap, normaliseHeader, type FieldKey, type Mapping } from "./headers";
import { t } from "../i18n";

/** A table the wizard works on: a header and one record per review. */
export interface ImportTable {
  header: string[];
  records: string[][];
}

/** The tools whose exports are recognised. */
export type FormatId = "trustpilot" | "senja" | "testimonial_to" | "google_takeout";

/** Reviews of an export that were left out before the preview, and why (a sentence for people). */
export interface LeftOut {
  count: number;
  reason: string;
}

/** A recognised export: its tool, what was done to it, the table to check and how its columns map. */
export interface RecognisedExport extends ImportTable {
  format: FormatId;
  /** The tool's name as people know it: "Trustpilot". */
  tool: string;
  /** The source proposed for the import (contract `source.name`). */
  sourceName: string;
  mapping: Mapping;
  /** What was done beyond matching columns, in plain sentences. */
  notes: string[];
  leftOut: LeftOut[];
}

/** The headline the wizard shows for a recognised export. */
export const formatHeadline = (r: { tool: string; format: FormatId }): string =>
  r.format === "google_takeout" ? t("import.formats.takeout") : t("import.formats.export", { tool: r.tool });

const fold = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * A review's headline and words as one text: the headline, a blank line, the words. Only the words when there is no
 * headline or when the headline just repeats their beginning (Trustpilot fills an empty title with the first words
 * and “…”); only the headline when there are no words.
 */
export function joinTitle(title: string, body: string): string {
  const t = title.trim();
  const b = body.trim();
  if (!t) return b;
  if (!b) return t;
  const stem = fold(t.replace(/(?:…|\.\.\.)$/u, ""));
  if (stem !== "" && fold(b).startsWith(stem)) return b;
  return `${t}\n\n${b}`;
}

/** How a CSV export of one tool is recognised and read. Column names are as normaliseHeader gives them. */
interface CsvFormat {
  id: Exclude<FormatId, "google_takeout">;
  tool: string;
  sourceName: string;
  /** True when the file's (normalised) header names are this tool's. */
  matches: (names: Set<string>) => boolean;
  /** The tool's columns and the field each fills; null = known and left out on purpose. */
  columns: Record<string, FieldKey | null>;
  /** A headline column joined to the words column as the review text. */
  join?: { title: string; body: string };
  /** Columns that hold a video: a row with a video and no words is left out (imports are written testimonials). */
  video?: string[];
  /** What is left out, said once. */
  notes: string[];
}

const hasAny = (names: Set<string>, ...want: string[]) => want.some((n) => names.has(n));

/** The CSV exports this dashboard knows, most specific first. */
const CSV_FORMATS: CsvFormat[] = [
  {
    id: "trustpilot",
    tool: "Trustpilot",
    sourceName: "Trustpilot",
    matches: (n) => n.has("reviewcontent") && hasAny(n, "reviewstars", "reviewcreated", "reviewusername"),
    columns: {
      reviewtitle: null,
      reviewcontent: null,
      reviewusername: "name",
      reviewstars: "rating",
      reviewcreated: "reviewed_at",
      reviewuseremail: "email",
      reviewconsumeremail: "email",
      reviewid: null,
      reviewconsumeruserid: null,
      referenceid: null,
      businessunitid: null,
      domainurl: null,
      webshopname: null,
      locationname: null,
      locationid: null,
      sourceofreview: null,
      reviewlanguage: null,
      reviewverificationlevel: null,
      companyresponse: null,
      companyreplydate: null,
      businessreply: null,
      businessreplydate: null,
    },
    join: { title: "reviewtitle", body: "reviewcontent" },
    notes: [t("import.formats.trustpilot_note")],
  },
  {
    id: "senja",
    tool: "Senja",
    sourceName: "Senja",
    matches: (n) =>
      n.has("customername") &&
      hasAny(n, "text", "title") &&
      hasAny(n, "customertagline", "customeravatar", "customercompanylogo", "integration", "platformid", "videomp4url"),
    columns: {
      title: null,
      text: null,
      customername: "name",
      customeremail: "email",
      customertagline: "title",
      customercompany: "company",
      rating: "rating",
      date: "reviewed_at",
      url: "source_url",
      customeravatar: null,
      customercompanylogo: null,
      customerurl: null,
      integration: null,
      platformid: null,
      tags: null,
      attachments: null,
      videomp4url: null,
      videourl: null,
      thumbnailurl: null,
      likes: null,
      reward: null,
      city: null,
      approved: null,
      type: null,
      id: null,
    },
    join: { title: "title", body: "text" },
    video: ["videomp4url", "videourl"],
    notes: [t("import.formats.senja_note")],
  },
  {
    id: "testimonial_to",
    tool: "Testimonial.to",
    sourceName: "Testimonial.to",
    matches: (n) =>
      n.has("testimonial") &&
      hasAny(n, "videourl", "avatarurl", "attachedimageurl", "sociallink", "isliked", "likedwalloflove"),
    columns: {
      testimonial: "text",
      name: "name",
      email: "email",
      title: "title",
      company: "company",
      rating: "rating",
      createdat: "reviewed_at",
      date: "reviewed_at",
      submittedat: "reviewed_at",
      sociallink: null,
      avatarurl: null,
      attachedimageurl: null,
      videourl: null,
      isliked: null,
      likedwalloflove: null,
      tags: null,
      type: null,
      id: null,
    },
    video: ["videourl"],
    notes: [t("import.formats.testimonial_to_note")],
  },
];

/** Column index of each normalised name (first occurrence). */
function indexOfNames(header: string[]): Map<string, number> {
  const out = new Map<string, number>();
  header.forEach((h, i) => {
    const n = normaliseHeader(h);
    if (!out.has(n)) out.set(n, i);
  });
  return out;
}

/** Reads a parsed CSV as the export of a known tool, or null when its header is no tool's. */
export function detectCsvExport(header: string[], records: string[][]): RecognisedExport | null {
  const at = indexOfNames(header);
  const names = new Set(at.keys());
  const format = CSV_FORMATS.find((f) => f.matches(names));
  return format ? readCsvExport(format, header, records, at) : null;
}

function readCsvExport(
  format: CsvFormat,
  header: string[],
  records: string[][],
  at: Map<string, number>,
): RecognisedExport {
  const titleAt = format.join ? at.get(format.join.title) : undefined;
  const bodyAt = format.join ? at.get(format.join.body) : undefined;
  const joined = titleAt !== undefined && bodyAt !== undefined;
  let outHeader = header;
  let rows = records;
  if (joined) {
    outHeader = [`${header[titleAt]} + ${header[bodyAt]}`, ...header];
    rows = records.map((r) => [joinTitle(r[titleAt] ?? "", r[bodyAt] ?? ""), ...r]);
  }
  const shift = joined ? 1 : 0;
  // The column that holds the words: the joined one, else the tool's words (or headline) column, else the column
  // the tool's list maps to the text.
  const ownText = [...at].find(([n]) => format.columns[n] === "text")?.[1];
  const textAt = joined ? 0 : (bodyAt ?? titleAt ?? ownText);

  // A video with no words cannot become a written testimonial: leave it out, and say how many.
  const videoAt = (format.video ?? []).map((n) => at.get(n)).filter((i): i is number => i !== undefined);
  const kept: string[][] = [];
  let videos = 0;
  for (const r of rows) {
    const words = textAt !== undefined ? (r[textAt] ?? "").trim() : "";
    if (words === "" && videoAt.some((i) => (r[i + shift] ?? "").trim() !== "")) videos++;
    else kept.push(r);
  }

  const mapping = mappingFor(format, outHeader, shift, textAt);
  const notes: string[] = [];
  if (joined) notes.push(t("import.formats.joined", { title: header[titleAt] ?? "", body: header[bodyAt] ?? "" }));
  notes.push(...format.notes);
  return {
    format: format.id,
    tool: format.tool,
    sourceName: format.sourceName,
    header: outHeader,
    records: kept,
    mapping,
    notes,
    leftOut:
      videos > 0
        ? [
            {
              count: videos,
              reason: t("import.formats.videos_left_out", { count: videos }),
            },
          ]
        : [],
  };
}

/**
 * The mapping of a recognised CSV: the text column, the tool's known columns to their fields, and a field the
 * tool's columns did not fill may still come from another (unknown) column by its name.
 */
function mappingFor(format: CsvFormat, header: string[], shift: number, textAt: number | undefined): Mapping {
  const taken = new Set<FieldKey>(textAt !== undefined ? ["text"] : []);
  const known: boolean[] = [];
  const mapping: Mapping = header.map((h, i) => {
    const n = normaliseHeader(h);
    known.push(i < shift || n in format.columns);
    if (i === textAt) return "text";
    const field = format.columns[n] ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  const guess = autoMap(header);
  return mapping.map((field, i) => {
    if (field || known[i]) return field;
    const g = guess[i];
    if (!g || taken.has(g)) return null;
    taken.add(g);
    return g;
  });
}
