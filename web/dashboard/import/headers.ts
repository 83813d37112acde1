/**
 * Matching the CSV's header names to import fields (contract rule 4): case, spaces, `-` and `_` are ignored, and
 * every synonym the contract lists is recognised. Each field takes at most one column (the first that matches);
 * the person can change any column's field on screen.
 */

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
  synonyms: string[];
}

/** Every field, in the order the mapping menu lists them. */
export const FIELDS: FieldDef[] = [
  {
    key: "text",
    label: "Review text",
    synonyms: ["text", "review", "testimonial", "comment", "content", "body", "feedback", "message", "quote"],
  },
  { key: "name", label: "Name", synonyms: ["name", "author", "reviewer", "customer", "full name", "reviewer name"] },
  { key: "rating", label: "Rating", synonyms: ["rating", "stars", "score", "star rating"] },
  {
    key: "reviewed_at",
    label: "Review date",
    synonyms: ["date", "review date", "reviewed at", "created", "published"],
  },
  { key: "title", label: "Job title", synonyms: ["title", "job title", "role", "position"] },
  { key: "company", label: "Company", synonyms: ["company", "organization", "organisation", "business"] },
  { key: "email", label: "Email (private)", synonyms: ["email", "email address"] },
  { key: "source_url", label: "Review URL", synonyms: ["source url", "url", "link", "review url", "permalink"] },
  { key: "source", label: "Source", synonyms: ["source", "platform", "site"] },
];

/** A header name with case, spaces, `-` and `_` removed: “Reviewer-Name” → “reviewername”. */
export const normaliseHeader = (name: string): string =>
  name
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

const BY_SYNONYM = new Map<string, FieldKey>(
  FIELDS.flatMap((f) => f.synonyms.map((s) => [normaliseHeader(s), f.key] as const)),
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
