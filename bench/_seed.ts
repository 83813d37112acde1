/**
 * Seeds a data directory for the benchmarks that start the executable on it (memory-idle, serve-start): one
 * organisation on plan Plus with a public brand, `testimonials` shown testimonials inserted straight into SQLite
 * (one prepared statement, one transaction; every sixth a video with published media and a transcript), and
 * `widgets` widgets of that brand with their documents published. The directory is kept (the caller removes it).
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../src/platform/deps";
import { benchAppliance } from "./_harness";

/** What a seeded data directory holds, for the requests a benchmark makes against it. */
export interface Seeded {
  dir: string;
  brandSlug: string;
  widgetIds: string[];
  testimonials: number;
}

/** Inserts `count` approved, shown testimonials of the brand straight into SQLite (as walls-rps does). */
export function insertShownTestimonials(
  deps: Deps,
  orgId: string,
  brandId: string,
  count: number,
  newId: (kind: "submission", at: number) => string,
) {
  const sqlite = deps.db.$client;
  const insert =
    sqlite.prepare(`INSERT INTO submissions (id, org_id, mode, brand_id, origin, kind, status, respondent_name, respondent_title, respondent_company, rating,
  text_input, text_source, original_text, language, duration_ms, width, height, is_approved, approved_at, is_public, public_media, created_at, updated_at)
  VALUES (?, ?, 'live', ?, 'collected', ?, 'ready', ?, ?, ?, ?, ?, ?, ?, 'en', ?, ?, ?, 1, ?, 1, ?, ?, ?)`);
  const transcript = sqlite.prepare(
    "INSERT INTO transcripts (submission_id, engine, language, words, original_words, created_at) VALUES (?, 'bench', 'en', ?, ?, ?)",
  );
  const start = Date.now() - count * 1000 - 86_400_000;
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = start + i * 1000;
      const id = newId("submission", at);
      const video = i % 6 === 5;
      const text = `Testimonial ${i + 1}: the team answered within the hour, the rollout took one afternoon instead of a week, and our customers noticed the difference at once. Would recommend to anyone.`;
      const media = video
        ? JSON.stringify({
            dir: `m/bench${i}`,
            files: {
              video: `m/bench${i}/video.mp4`,
              poster: `m/bench${i}/poster.jpg`,
              thumbnail: `m/bench${i}/thumb.webp`,
              captions: `m/bench${i}/captions.vtt`,
            },
          })
        : null;
      insert.run(
        id,
        orgId,
        brandId,
        video ? "video" : "text",
        `Customer ${i + 1}`,
        i % 2 ? "Head of Operations" : null,
        i % 3 ? "Northwind" : null,
        i % 7 === 6 ? null : 5 - (i % 3),
        text,
        video ? "spoken" : "typed",
        text,
        video ? 42_000 : null,
        video ? 1280 : null,
        video ? 720 : null,
        at,
        media,
        at,
        at,
      );
      if (video) {
        const words = JSON.stringify(
          text.split(" ").map((w, k) => ({ text: w, start_ms: k * 400, end_ms: k * 400 + 350 })),
        );
        transcript.run(id, words, words, at);
      }
    }
  })();
}

/** Seeds a data directory (see the file's comment) and closes its database; the directory stays. */
export async function seedDataDir(opts: { testimonials: number; widgets: number; prefix?: string }): Promise<Seeded> {
  const appliance = await benchAppliance({
    name: "Bench Agency",
    plan: "plus",
    mode: "live",
    dirPrefix: opts.prefix ?? "plaudit-seed-",
  });
  const { deps, org, key } = appliance;
  const [{ brands }, { newId }, { buildApp }, { publishWidget }] = await Promise.all([
    import("../src/domains/brands"),
    import("../src/platform/ids"),
    import("../src/composition"),
    import("../src/domains/widgets"),
  ]);
  const brand = deps.db
    .select()
    .from(brands)
    .where(eq(brands.orgId, org.id))
    .all()
    .find((b) => b.mode === "live")!;
  deps.db.update(brands).set({ isPublic: true }).where(eq(brands.id, brand.id)).run();
  insertShownTestimonials(deps, org.id, brand.id, opts.testimonials, newId);
  const app = await buildApp(deps, { web: false });
  const widgetIds: string[] = [];
  const layouts = ["wall", "carousel", "single", "avatars"];
  for (let i = 0; i < opts.widgets; i++) {
    const res = await app.handle(
      new Request(`${appliance.config.baseUrl}/v1/widgets`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: JSON.stringify({ brand_id: brand.id, max_items: 12 + (i % 4) * 12, layout: layouts[i % 4] }),
      }),
    );
    const body = (await res.json()) as { id: string };
    if (!res.ok) throw new Error(`POST /v1/widgets answered ${res.status}: ${JSON.stringify(body)}`);
    widgetIds.push(body.id);
    await publishWidget(deps, body.id);
  }
  // Each widget was published above; the rebuild jobs its creation queued would only run the same again at start.
  deps.db.$client.run("DELETE FROM jobs WHERE kind = 'widget.publish'");
  deps.db.$client.close();
  return { dir: appliance.dir, brandSlug: brand.slug, widgetIds, testimonials: opts.testimonials };
}
