/**
 * Google Business Profile reviews from Google Takeout, read in the browser. Takeout writes, per location,
 * `Google Business Profile/account-…/location-…/reviews.json` (large sets continue in `reviews-1.json`…), each
 * `{"reviews": [...]}` with the review resource of the Business Profile API: `reviewer.displayName` (and
 * `isAnonymous`), `starRating` as a word (`ONE`…`FIVE`), `comment`, `createTime` and `updateTime` (RFC 3339, up to
 * nine decimals), `reviewReply`. A bare array of reviews or a single review is accepted too, and several files at
 * once (one per location). The reviews become a table (reviewer, rating as a number, words, dates) so the wizard
 * checks them like any file; a review with stars and no words is left out and counted. Personal Google Maps reviews
 * (`Reviews.json`, a GeoJSON list of what the person wrote) are refused with words saying which export to choose.
 */
import type { RecognisedExport } from "./formats";
import type { Mapping } from "./headers";
import { t } from "../i18n";

/** A JSON file as read: its name and its text (UTF-8, BOM dropped). */
export interface JsonFile {
  name: string;
  text: string;
}

/** The export read from the files, or why not. */
export type TakeoutResult = { ok: true; export: RecognisedExport } | { ok: false; message: string };

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

/** `FIVE` → 5; `STAR_RATING_UNSPECIFIED` or anything else → null (no rating). */
export const starWord = (value: unknown): number | null =>
  typeof value === "string" ? (STARS[value.trim().toUpperCase()] ?? null) : null;

/**
 * The reviewer's own words of a comment: Google adds a machine translation in front, “(Translated by Google) …
 * (Original) …”; only the original is what the customer wrote.
 */
export function originalWords(comment: string): string {
  const m = /^\s*\(Translated by Google\)[\s\S]*?\n\s*\(Original\)\s*\n([\s\S]*)$/u.exec(comment);
  return (m ? m[1]! : comment).trim();
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** True for an object shaped like a Business Profile review. */
const isReview = (v: unknown): v is Obj =>
  isObj(v) && (typeof v.starRating === "string" || (isObj(v.reviewer) && typeof v.createTime === "string"));

/** The reviews a parsed file holds, null when it is not a reviews file; or a refusal naming the file. */
function reviewsOf(value: unknown, name: string): Obj[] | string {
  if (isObj(value) && value.type === "FeatureCollection") return t("import.takeout.own_reviews", { name });
  const list = isObj(value) && Array.isArray(value.reviews) ? value.reviews : Array.isArray(value) ? value : [value];
  if (isObj(value) && Array.isArray(value.reviews) && value.reviews.length === 0)
    return t("import.takeout.empty", { name });
  if (list.length === 0 || !list.every(isReview)) return t("import.takeout.unknown", { name });
  return list;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** Reads one or more Takeout review files into one export. */
export function readTakeout(files: JsonFile[]): TakeoutResult {
  const reviews: Obj[] = [];
  for (const file of files) {
    let value: unknown;
    try {
      value = JSON.parse(file.text);
    } catch (e) {
      return {
        ok: false,
        message: t("import.takeout.invalid_json", { name: file.name, error: (e as Error).message }),
      };
    }
    const found = reviewsOf(value, file.name);
    if (typeof found === "string") return { ok: false, message: found };
    reviews.push(...found);
  }
  const header = [
    t("import.takeout.reviewer"),
    t("import.takeout.star_rating"),
    t("import.takeout.review"),
    t("import.takeout.written"),
    t("import.takeout.last_edited"),
  ];
  const records: string[][] = [];
  let noWords = 0;
  for (const r of reviews) {
    const words = originalWords(text(r.comment));
    if (words === "") {
      noWords++;
      continue;
    }
    const reviewer = isObj(r.reviewer) ? r.reviewer : {};
    const name = reviewer.isAnonymous === true ? "" : text(reviewer.displayName).trim();
    const stars = starWord(r.starRating);
    records.push([name, stars === null ? "" : String(stars), words, text(r.createTime), text(r.updateTime)]);
  }
  if (records.length === 0)
    return {
      ok: false,
      message: t("import.takeout.no_words", {
        name: files.length === 1 ? files[0]!.name : t("import.takeout.these_files"),
        count: reviews.length,
      }),
    };
  const mapping: Mapping = ["name", "rating", "text", "reviewed_at", null];
  const notes = [t("import.takeout.stars_note"), t("import.takeout.translation_note")];
  if (files.length > 1) notes.unshift(t("import.takeout.files_note", { count: files.length }));
  return {
    ok: true,
    export: {
      format: "google_takeout",
      tool: "Google Business Profile",
      sourceName: "Google",
      header,
      records,
      mapping,
      notes,
      leftOut: noWords > 0 ? [{ count: noWords, reason: t("import.takeout.stars_only", { count: noWords }) }] : [],
    },
  };
}
