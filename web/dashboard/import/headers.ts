/**
 * Matching the CSV's header names to import fields (contract rule 4): case, spaces, punctuation and a bracketed
 * qualifier such as “(UTC)” are ignored, and every synonym the contract lists is recognised, plus the names other
 * tools use. Each field takes at most one column (the first that matches); the person can change any column's field
 * on screen. Exports of known tools are mapped by formats.ts instead.
 */
import { t } from "../i18n";

/** Import row fields a column can fill. */
export type FieldKey =
  | "text"
  | "name"
  | "rating"
  | "reviewed_at"
  | "title"
  | "company"
  | "email"
  | "source_url"
  | "source";

/** A field with its label for people and the header names that mean it. */
export interface FieldDef {
  key: FieldKey;
  label: string;
  /** The names the contract lists (rule 4). */
  synonyms: string[];
  /** Names other tools' exports and everyday spreadsheets use for it ("Review Text", "Date Created"…). */
  more: string[];
}

/**
 * Every field, in the order the mapping menu lists them. A review's headline ("Review Title") is deliberately no
 * name of the job title: the recognised export formats (formats.ts) join it to the review text instead.
 */
export const FIELDS: FieldDef[] = [
  {
    key: "text",
    label: t("import.headers.text"),
    synonyms: ["text", "review", "testimonial", "comment", "content", "body", "feedback", "message", "quote"],
    more: [
      "review text",
      "review content",
      "review body",
      "review comment",
      "comments",
      "testimonial text",
      "text content",
    ],
  },
  {
    key: "name",
    label: t("import.headers.name"),
    synonyms: ["name", "author", "reviewer", "customer", "full name", "reviewer name"],
    more: ["review username", "username", "customer name", "author name", "display name", "client", "client name"],
  },
  {
    key: "rating",
    label: t("import.headers.rating"),
    synonyms: ["rating", "stars", "score", "star rating"],
    more: ["review stars", "review rating", "overall rating"],
  },
  {
    key: "reviewed_at",
    label: t("import.headers.date"),
    synonyms: ["date", "review date", "reviewed at", "created", "published"],
    more: [
      "date created",
      "created at",
      "created date",
      "creation date",
      "review created",
      "date published",
      "published at",
      "submitted",
      "submitted at",
      "date submitted",
      "create time",
    ],
  },
  {
    key: "title",
    label: t("import.headers.title"),
    synonyms: ["title", "job title", "role", "position"],
    more: ["tagline", "customer tagline"],
  },
  {
    key: "company",
    label: t("import.headers.company"),
    synonyms: ["company", "organization", "organisation", "business"],
    more: ["company name", "customer company"],
  },
  {
    key: "email",
    label: t("import.headers.email"),
    synonyms: ["email", "email address"],
    more: ["customer email", "reviewer email", "review user email"],
  },
  {
    key: "source_url",
    label: t("import.headers.url"),
    synonyms: ["source url", "url", "link", "review url", "permalink"],
    more: ["review link"],
  },
  { key: "source", label: t("import.headers.source"), synonyms: ["source", "platform", "site"], more: [] },
];

/**
 * A header name reduced to its letters and digits, lower case, with a bracketed qualifier dropped: “Reviewer-Name”
 * → “reviewername”, “Review Created (UTC)” → “reviewcreated”, “E-mail” → “email”. This ignores at least what the
 * contract says (case, spaces, `-` and `_`).
 */
export const normaliseHeader = (name: string): string =>
  name
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "");

const BY_SYNONYM = new Map<string, FieldKey>(
  FIELDS.flatMap((f) => [...f.synonyms, ...f.more].map((s) => [normaliseHeader(s), f.key] as const)),
);

/** The field a header name means, or null. */
export const fieldForHeader = (name: string): FieldKey | null => BY_SYNONYM.get(normaliseHeader(name)) ?? null;

/** For each column, the field it fills (null = ignored). */
export type Mapping = (FieldKey | null)[];

/** The mapping guessed from the header names. */
export function autoMap(header: string[]): Mapping {
  const taken = new Set<FieldKey>();
  return header.map((name) => {
    const field = fieldForHeader(name);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** Sets a column's field; a field already given to another column moves to this one. */
export function setColumn(mapping: Mapping, column: number, field: FieldKey | null): Mapping {
  return mapping.map((f, i) => (i === column ? field : field !== null && f === field ? null : f));
}

/** The column that fills a field, or -1. */
export const columnOf = (mapping: Mapping, field: FieldKey): number => mapping.indexOf(field);

/** The label of a field. */
export const fieldLabel = (key: FieldKey): string => FIELDS.find((f) => f.key === key)!.label;
