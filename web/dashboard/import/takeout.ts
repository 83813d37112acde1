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
  if (isObj(value) && value.type === "FeatureCollection")
    return `${name} lists the reviews you wrote yourself on Google Maps, not the reviews of a business. In Google Takeout, choose “Google Business Profile” and pick the reviews.json of each location.`;
  const list = isObj(value) && Array.isArray(value.reviews) ? value.reviews : Array.isArray(value) ? value : [value];
  if (isObj(value) && Array.isArray(value.reviews) && value.reviews.length === 0)
    return `${name} has no reviews in it (its “reviews” list is empty).`;
  if (list.length === 0 || !list.every(isReview))
    return `${name} is not a Google reviews file this import knows. Choose the reviews.json of a location from Google Takeout (Google Business Profile), or a CSV file.`;
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
        message: `${file.name} is not valid JSON (${(e as Error).message}). Choose the file exactly as Google Takeout gave it.`,
      };
    }
    const found = reviewsOf(value, file.name);
    if (typeof found === "string") return { ok: false, message: found };
    reviews.push(...found);
  }
  const header = ["Reviewer", "Star rating", "Review", "Written", "Last edited"];
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
      message: `${files.length === 1 ? files[0]!.name : "These files"}: none of the ${reviews.length} review${reviews.length === 1 ? "" : "s"} has written words (only stars), and imports are written testimonials.`,
    };
  const mapping: Mapping = ["name", "rating", "text", "reviewed_at", null];
  const notes = [
    "Star ratings written as words (FIVE) are read as numbers; the review date is when it was first written.",
    "Where Google added a translation, only the customer's original words are kept. Owner replies are not imported.",
  ];
  if (files.length > 1) notes.unshift(`${files.length} files are read together (one per location or part).`);
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
      leftOut:
        noWords > 0
          ? [{ count: noWords, reason: `review${noWords === 1 ? "" : "s"} with stars but no written words` }]
          : [],
    },
  };
}
