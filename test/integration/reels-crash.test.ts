/**
 * kill -9 in the middle of a real render: `plaudit serve` (the executable, `dist/plaudit`, a child process) is killed
 * while ffmpeg writes the reel (one size: the resumed steps are the same for each); nothing half-written is reachable (no output, no files under the render's folder, the partial
 * encode only in the work folder under a temporary name). A second `plaudit serve` claims the job once the dead
 * worker's lease runs out and resumes from the finished steps: the reel ends rendered with whole, playable files
 * (or, had it failed, with a reason), and no temporary file is left anywhere.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { ensureMediaFixtures, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { ffprobeJson } from "../fixtures/media/tools";
import { listJobs } from "../../src/platform/jobs/queue";
import { submissions, transcripts } from "../../src/domains/submissions";
import { reelRenders } from "../../src/domains/reels";
import { workDir } from "../../src/domains/reels/storage-keys";
import { freePort } from "../helpers/ports";
import { ensureBinary, TEST_TARGET } from "../helpers/binary";
import { serveEnv } from "../helpers/serve-process";

let t: TestApp;
let a: TestOrg;
let fx: MediaFixtures;
let child: ReturnType<typeof Bun.spawn> | null = null;
const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

beforeAll(async () => {
  fx = ensureMediaFixtures();
  t = await makeTestApp();
  // The child server runs on the real clock.
  t.clock.set(Date.now());
  a = await t.org();
}, 60_000);
afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  t.close();
});

/** A ready video testimonial: the fixture MP4 (already H.264/AAC) with its known word times. */
async function testimonial(link: { id: string }): Promise<string> {
  const start = await t.call("POST", `/public/links/${link.id}/submissions`, {
    body: {
      kind: "video",
      respondent: { name: "Kim" },
      consent: { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" },
      upload: { size: 100, type: "video/mp4" },
    },
  });
  const id = start.body.submission_id as string;
  const key = `submissions/${id}/video.mp4`;
  mkdirSync(join(t.deps.storage.path("media", key), ".."), { recursive: true });
  copyFileSync(fx.mp4, t.deps.storage.path("media", key));
  t.deps.db
    .update(submissions)
    .set({ status: "ready", videoKey: key, durationMs: fx.videoDurationMs })
    .where(eq(submissions.id, id))
    .run();
  t.deps.db
    .insert(transcripts)
    .values({
      submissionId: id,
      engine: "test",
      language: "en",
      words: fx.speechWords,
      originalWords: fx.speechWords,
      editedAt: null,
      editedBy: null,
      createdAt: t.clock.now(),
    })
    .run();
  return id;
}

async function serve(): Promise<ReturnType<typeof Bun.spawn>> {
  const port = await freePort();
  const cmd = TEST_TARGET === "binary" ? [await ensureBinary(), "serve"] : [process.execPath, MAIN, "serve"];
  return Bun.spawn(cmd, {
    env: serveEnv(port, { PLAUDIT_DATA_DIR: t.dir, PLAUDIT_JOB_LEASE_SECONDS: "5", PLAUDIT_LOG_LEVEL: "error" }),
    stdout: "ignore",
    stderr: "ignore",
  });
}

const renderRow = (id: string) => t.deps.db.select().from(reelRenders).where(eq(reelRenders.id, id)).get()!;
const partsIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.includes(".part"))
    : [];

test("a render killed -9 mid-encode serves nothing half-made and resumes after a restart", async () => {
  const link = await makeLink(t, a.liveKey);
  const ids = [await testimonial(link), await testimonial(link)];
  const w = fx.speechWords;
  const reel = (
    await t.call("POST", "/v1/reels", {
      auth: a.liveKey,
      body: {
        brand_id: link.brandId,
        submission_ids: ids,
        mode: "manual",
        config: { aspect_ratios: ["9:16"] },
      },
    })
  ).body;
  await t.call("PUT", `/v1/reels/${reel.id}/clips`, {
    auth: a.liveKey,
    body: {
      clips: [
        { submission_id: ids[0], start_ms: w[0]!.start_ms, end_ms: w[5]!.end_ms },
        { submission_id: ids[1], start_ms: w[6]!.start_ms, end_ms: w[13]!.end_ms },
      ],
    },
  });
  const { render_id } = (await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.liveKey })).body;
  const work = workDir(t.deps.storage, render_id);

  child = await serve();
  const deadline = Date.now() + 120_000;
  // Wait until the first size is being encoded and its temporary file exists.
  while (
    Date.now() < deadline &&
    !(renderRow(render_id).stage === "rendering" && partsIn(work).some((f) => f.startsWith(".reel-9x16")))
  )
    await Bun.sleep(50);
  expect(renderRow(render_id).stage).toBe("rendering");
  await Bun.sleep(300);
  child.kill("SIGKILL");
  await child.exited;
  expect(child.signalCode).toBe("SIGKILL");

  // Killed mid-render: still running (its lease will expire), no output, nothing in the render's folder.
  const killed = (await t.call("GET", `/v1/reels/${reel.id}`, { auth: a.liveKey })).body;
  expect(killed).toMatchObject({
    status: "rendering",
    output: null,
    render: { status: "running", stage: "rendering" },
  });
  expect(t.deps.storage.exists("media", `reels/${reel.id}`)).toBe(false);
  expect(partsIn(work).length).toBeGreaterThan(0);
  expect(existsSync(join(work, "reel-9x16.mp4"))).toBe(false);
  // The cut clips survive for the resumed render.
  expect(existsSync(join(work, "clip-0.mkv")) && existsSync(join(work, "clip-1.mkv"))).toBe(true);

  child = await serve();
  while (Date.now() < deadline + 60_000 && ["queued", "running"].includes(renderRow(render_id).status))
    await Bun.sleep(200);
  child.kill("SIGTERM");
  await child.exited;

  const r = renderRow(render_id);
  const job = listJobs(t.deps.db, { kind: "reel.render" }).find(
    (j) => (j.payload as { renderId: string }).renderId === render_id,
  )!;
  expect(job.attempts).toBe(2);
  expect(job.lastError).toContain("lease expired");
  const after = (await t.call("GET", `/v1/reels/${reel.id}`, { auth: a.liveKey })).body;
  if (r.status === "failed") {
    // Failing cleanly is allowed: a reason, no output.
    expect(after.render.error_message).toBeString();
    expect(after.output).toBeNull();
  } else {
    expect(r.status).toBe("succeeded");
    expect(after.status).toBe("rendered");
    const total = after.output.segments.reduce((n: number, s: any) => n + s.duration_ms, 0);
    for (const v of after.output.variants) {
      const file = join(t.dir, "tmp", `check-${v.aspect_ratio.replace(":", "x")}.mp4`);
      await Bun.write(file, await (await t.app.handle(new Request(v.url))).arrayBuffer());
      const probe = ffprobeJson(file);
      expect(Math.abs(Number(probe.format.duration) * 1000 - total)).toBeLessThanOrEqual(100);
      expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    }
  }
  expect(partsIn(t.deps.storage.path("media", "reels"))).toEqual([]);
  expect(existsSync(work)).toBe(false);
}, 300_000);
