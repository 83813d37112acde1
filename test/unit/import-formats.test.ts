/**
 * Recognising other tools' exports in the import wizard (web/dashboard/import/formats.ts, takeout.ts,
 * read-export.ts) on the fixtures of test/fixtures/imports: each file names its tool, maps its columns, and its
 * rows become exactly the API rows expected (words, name, rating, date, job title, company…). Plus the extended
 * header synonyms for other CSVs, refusals in words, and the sentences that say why a button is disabled.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { continueBlocker, joinAnd, sendBlocker } from "../../web/dashboard/import/blockers";
import { formatHeadline, joinTitle } from "../../web/dashboard/import/formats";
import { autoMap, FIELDS, normaliseHeader } from "../../web/dashboard/import/headers";
import { readExportFiles, type ChosenFile, type LoadedFile } from "../../web/dashboard/import/read-export";
import { checkRows } from "../../web/dashboard/import/rows";
import { originalWords, starWord } from "../../web/dashboard/import/takeout";

const FIXTURES = join(import.meta.dir, "../fixtures/imports");
const NOW = new Date(Date.UTC(2026, 10, 25, 12, 0, 0));

const fixture = (name: string): ChosenFile => ({
  name,
  arrayBuffer: () => Bun.file(join(FIXTURES, name)).arrayBuffer(),
});
const inline = (name: string, text: string | Uint8Array): ChosenFile => ({
  name,
  arrayBuffer: async () => (typeof text === "string" ? new TextEncoder().encode(text) : text).slice().buffer,
});

async function load(...files: ChosenFile[]): Promise<LoadedFile> {
  const r = await readExportFiles(files);
  if (!r.ok) throw new Error(r.message);
  return r.file;
}

async function refusal(...files: ChosenFile[]): Promise<string> {
  const r = await readExportFiles(files);
  if (r.ok) throw new Error("expected a refusal");
  return r.message;
}

/** The API rows the wizard would send, and the problems of the rows it would not. */
function rowsOf(file: LoadedFile) {
  const checked = checkRows(file.records, file.header, file.mapping, NOW);
  return { payloads: checked.map((r) => r.payload), problems: checked.flatMap((r) => r.problems) };
}

/** The field each named column fills. */
const mapped = (file: LoadedFile) =>
  Object.fromEntries(file.header.map((h, i) => [h, file.mapping[i]]).filter(([, f]) => f !== null));

describe("Trustpilot review export (CSV, BOM, CRLF, quoted line breaks)", () => {
  test("is recognised, Review Title and Review Content are joined, every row is ready", async () => {
    const file = await load(fixture("trustpilot.csv"));
    expect(file.recognised).toMatchObject({ format: "trustpilot", tool: "Trustpilot", sourceName: "Trustpilot" });
    expect(formatHeadline(file.recognised!)).toBe("Looks like a Trustpilot export");
    expect(file.readAs).toBe("comma delimited");
    expect(file.header[0]).toBe("Review Title + Review Content");
    expect(mapped(file)).toEqual({
      "Review Title + Review Content": "text",
      "Review Created (UTC)": "reviewed_at",
      "Review Stars": "rating",
      "Review Username": "name",
    });
    expect(file.recognised!.notes.join(" ")).toContain("Review Title and Review Content are joined");
    const { payloads, problems } = rowsOf(file);
    expect(problems).toEqual([]);
    expect(payloads).toEqual([
      {
        // The title is the first sentence of the words: not repeated.
        text: "Booked in minutes, fixed the same day. The engineer explained everything, cleaned up after himself and the boiler has run perfectly since.",
        name: "Hannah Okafor",
        rating: 5,
        reviewed_at: "2025-10-18",
      },
      {
        text: "Honest advice, no upsell\n\nThey told me I didn't need a new boiler,\njust a £40 part. Who does that?\n\nWill use again.",
        name: "Tomasz Wiśniewski",
        rating: 5,
        reviewed_at: "2025-10-21",
      },
      {
        // Trustpilot's own title (first words and “…”) is left out.
        text: "Arrived two hours late but did a tidy job on the radiator valves. A text to say they were running late would have helped.",
        name: "Priya S.",
        rating: 3,
        reviewed_at: "2025-11-02",
      },
      { text: "Quick, polite, fair price.", name: "Mark", rating: 4, reviewed_at: "2025-11-09" },
    ]);
  }, 10_000);
});

describe("Senja CSV export", () => {
  test("headline and text joined, tagline is the job title, a video without words is left out", async () => {
    const file = await load(fixture("senja.csv"));
    expect(file.recognised).toMatchObject({ format: "senja", sourceName: "Senja" });
    expect(formatHeadline(file.recognised!)).toBe("Looks like a Senja export");
    expect(file.recognised!.leftOut).toEqual([
      { count: 1, reason: "video testimonial without written words (imports are written testimonials)" },
    ]);
    expect(mapped(file)).toEqual({
      "title + text": "text",
      rating: "rating",
      date: "reviewed_at",
      url: "source_url",
      customer_name: "name",
      customer_email: "email",
      customer_tagline: "title",
      customer_company: "company",
    });
    const { payloads, problems } = rowsOf(file);
    expect(problems).toEqual([]);
    expect(payloads).toEqual([
      {
        text: "Our launch page finally converts\n\nWe rebuilt the pricing page with them and sign-ups went up 38% in the first month.\nThe weekly calls kept everyone honest.",
        name: "Lena Fischer",
        email: "lena@northwind.example",
        title: "Head of Growth",
        company: "Northwind Apps",
        rating: 5,
        reviewed_at: "2025-06-14T09:30:00.000Z",
      },
      {
        text: "Fast, friendly and they actually answer the phone. Five stars from us.",
        name: "Aisha Bello",
        rating: 5,
        reviewed_at: "2025-08-19T11:00:00.000Z",
        source_url: "https://www.google.com/maps/reviews/data=!4m8!14m7",
      },
      {
        text: "Worth every penny\n\nClear plan, clear invoices, no surprises.",
        name: "Dev Patel",
        email: "dev@patel.example",
        title: "Operations Lead",
        company: "Patel Logistics",
        rating: 4,
        reviewed_at: "2025-09-30T08:45:10.000Z",
      },
    ]);
  }, 10_000);
});

describe("Testimonial.to CSV export", () => {
  test("is recognised by its columns; the video without words is left out", async () => {
    const file = await load(fixture("testimonial-to.csv"));
    expect(file.recognised).toMatchObject({ format: "testimonial_to", sourceName: "Testimonial.to" });
    expect(mapped(file)).toEqual({
      Name: "name",
      Email: "email",
      Title: "title",
      Testimonial: "text",
      Rating: "rating",
      "Created At": "reviewed_at",
    });
    expect(file.recognised!.leftOut[0]!.count).toBe(1);
    const { payloads, problems } = rowsOf(file);
    expect(problems).toEqual([]);
    expect(payloads).toEqual([
      {
        text: "Working with them felt like having a senior team in-house. Deadlines met, every time.",
        name: "Sofia Marin",
        email: "sofia@lumen.example",
        title: "CEO, Lumen Studio",
        rating: 5,
        reviewed_at: "2025-03-03T18:04:11.000Z",
      },
      {
        text: "Good communication; a couple of revisions took longer than planned, but the result is great.",
        name: "Chen Wei",
        title: "Product Manager",
        rating: 4,
        reviewed_at: "2025-05-28T07:55:31.000Z",
      },
    ]);
  }, 10_000);

  test("the API's own field names (camelCase) are recognised too", async () => {
    const csv =
      "name,email,title,testimonial,rating,createdAt,videoURL,isLiked\nAnn,,CTO,Great work,5,2025-01-02,,true\n";
    const file = await load(inline("export.csv", csv));
    expect(file.recognised?.format).toBe("testimonial_to");
    expect(rowsOf(file).payloads).toEqual([
      { text: "Great work", name: "Ann", title: "CTO", rating: 5, reviewed_at: "2025-01-02" },
    ]);
  }, 10_000);
});

describe("Google Business Profile reviews from Google Takeout (JSON)", () => {
  test("one reviews.json: star words, original words kept, stars-only review left out", async () => {
    const file = await load(fixture("google-takeout-reviews.json"));
    expect(file.recognised).toMatchObject({ format: "google_takeout", sourceName: "Google" });
    expect(formatHeadline(file.recognised!)).toBe("Looks like Google reviews from Google Takeout");
    expect(file.readAs).toBe("Google Takeout JSON");
    expect(file.recognised!.leftOut).toEqual([{ count: 1, reason: "review with stars but no written words" }]);
    expect(mapped(file)).toEqual({ Reviewer: "name", "Star rating": "rating", Review: "text", Written: "reviewed_at" });
    const { payloads, problems } = rowsOf(file);
    expect(problems).toEqual([]);
    expect(payloads).toEqual([
      {
        name: "Grace Mwangi",
        rating: 5,
        text: "Best dentist I have been to. They explained every step\nand nothing hurt!",
        reviewed_at: "2025-08-14T17:02:43.512874Z",
      },
      {
        name: "Jonas Becker",
        rating: 5,
        text: "Sehr freundliches Personal und kurze Wartezeiten.",
        reviewed_at: "2025-10-05T12:30:00.123456789Z",
      },
      // Anonymous: no name is sent (Google's stand-in name is not the customer's).
      { rating: 3, text: "Good care, but parking is a nightmare.", reviewed_at: "2025-10-20T07:45:00Z" },
    ]);
  }, 10_000);

  test("several files at once (one per location) are read together", async () => {
    const file = await load(fixture("google-takeout-reviews.json"), fixture("google-takeout-reviews-location-2.json"));
    expect(file.fileName).toBe("2 files (google-takeout-reviews.json, google-takeout-reviews-location-2.json)");
    expect(file.records).toHaveLength(5);
    const { payloads } = rowsOf(file);
    expect(payloads.at(-1)).toEqual({
      name: "Sam Taylor",
      text: "Friendly reception.",
      reviewed_at: "2025-11-12T09:30:00Z",
    });
    expect(file.recognised!.notes[0]).toBe("2 files are read together (one per location or part).");
  }, 10_000);

  test("a bare array of reviews and a single review are accepted", async () => {
    const review = {
      reviewer: { displayName: "Ann" },
      starRating: "FOUR",
      comment: "Nice",
      createTime: "2025-01-01T00:00:00Z",
    };
    expect((await load(inline("a.json", JSON.stringify([review])))).records).toEqual([
      ["Ann", "4", "Nice", "2025-01-01T00:00:00Z", ""],
    ]);
    expect((await load(inline("b.json", JSON.stringify(review)))).records).toHaveLength(1);
  }, 10_000);

  test("other JSON is refused in words", async () => {
    const maps = { type: "FeatureCollection", features: [{ type: "Feature", properties: { "Review Comment": "x" } }] };
    expect(await refusal(inline("Reviews.json", JSON.stringify(maps)))).toContain(
      "reviews you wrote yourself on Google Maps",
    );
    expect(await refusal(inline("x.json", '{"hello": "world"}'))).toContain("not a Google reviews file");
    expect(await refusal(inline("x.json", '{"reviews": ['))).toMatch(/^x\.json is not valid JSON/);
    expect(await refusal(inline("x.json", '{"reviews": []}'))).toContain("has no reviews in it");
    const starsOnly = {
      reviews: [{ reviewer: { displayName: "A" }, starRating: "FIVE", createTime: "2025-01-01T00:00:00Z" }],
    };
    expect(await refusal(inline("x.json", JSON.stringify(starsOnly)))).toContain(
      "none of the 1 review has written words",
    );
    expect(await refusal(fixture("google-takeout-reviews.json"), fixture("trustpilot.csv"))).toContain(
      "Choose one CSV file at a time",
    );
    expect(await refusal(inline("x.json", new Uint8Array([0x7b, 0xe9, 0x7d])))).toContain("not UTF-8");
  }, 10_000);

  test("star words and Google's translations", () => {
    expect(["ONE", "TWO", "THREE", "FOUR", "FIVE", "five", "STAR_RATING_UNSPECIFIED", 5].map(starWord)).toEqual([
      1,
      2,
      3,
      4,
      5,
      5,
      null,
      null,
    ]);
    expect(originalWords("(Translated by Google) Great\n\n(Original)\nGenial")).toBe("Genial");
    expect(originalWords("Plain words (Original) stay")).toBe("Plain words (Original) stay");
  });
});

describe("other CSVs: header synonyms", () => {
  test("Review Text, Reviewer Name, Review Stars, Date Created are matched; Review Title is not a job title", async () => {
    expect(autoMap(["Review Text", "Reviewer Name", "Review Stars", "Date Created", "Review Title"])).toEqual([
      "text",
      "name",
      "rating",
      "reviewed_at",
      null,
    ]);
    expect(autoMap(["Review Content", "Customer Name", "Review Created (UTC)", "E-mail", "Job Title"])).toEqual([
      "text",
      "name",
      "reviewed_at",
      "email",
      "title",
    ]);
    const file = await load(inline("mine.csv", "Review Text;Reviewer Name;Rating (1-5)\nLovely;Ann;5\n"));
    expect(file.recognised).toBeNull();
    expect(file.mapping).toEqual(["text", "name", "rating"]);
    expect(rowsOf(file).payloads).toEqual([{ text: "Lovely", name: "Ann", rating: 5 }]);
  }, 10_000);

  test("no two fields share a header name", () => {
    const all = FIELDS.flatMap((f) => [...f.synonyms, ...f.more].map(normaliseHeader));
    expect(new Set(all).size).toBe(all.length);
    expect(normaliseHeader("\uFEFFReview Created (UTC)")).toBe("reviewcreated");
  });
});

describe("joining a headline and its words", () => {
  test("title, blank line, words; a repeated or empty title is left out", () => {
    expect(joinTitle("Great", "Fast reply.")).toBe("Great\n\nFast reply.");
    expect(joinTitle("", "Fast reply.")).toBe("Fast reply.");
    expect(joinTitle("Fast reply and…", "Fast reply and kind people.")).toBe("Fast reply and kind people.");
    expect(joinTitle("Fast reply and...", "fast  reply and kind people.")).toBe("fast  reply and kind people.");
    expect(joinTitle("Only a title", "  ")).toBe("Only a title");
  });
});

describe("why a button is disabled", () => {
  test("step 2", () => {
    expect(continueBlocker(false, 3)).toBe("Choose which column holds the review text to continue.");
    expect(continueBlocker(true, 0)).toContain("No row is ready yet");
    expect(continueBlocker(true, 2)).toBeNull();
  });

  test("step 3", () => {
    expect(sendBlocker({ readyCount: 3, sourceName: "", attested: false })).toBe(
      "To import, name the source (where these reviews were first posted) and tick the box confirming the reviews are genuine.",
    );
    expect(sendBlocker({ readyCount: 3, sourceName: "Google", attested: false })).toBe(
      "To import, tick the box confirming the reviews are genuine.",
    );
    expect(sendBlocker({ readyCount: 3, sourceName: "x".repeat(61), attested: true })).toBe(
      "To import, shorten the source to 60 characters (it has 61).",
    );
    expect(sendBlocker({ readyCount: 0, sourceName: "Google", attested: true })).toContain("no row is ready");
    expect(sendBlocker({ readyCount: 3, sourceName: " Google ", attested: true })).toBeNull();
    expect(joinAnd(["a", "b", "c"])).toBe("a, b and c");
  });
});
