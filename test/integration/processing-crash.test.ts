/** kill -9 in the middle of processing: after restart the job finishes and the events are emitted once. */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp } from "../helpers/app";
import { ensureFirstSentence } from "../fixtures/media/make-fixtures";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { listEvents } from "../../src/platform/events/emit";
import { listJobs } from "../../src/platform/jobs/queue";
import { buildRegistry } from "../../src/composition";
import { until } from "../helpers/wait";

test("a worker killed mid-processing loses nothing; ready is emitted once", async () => {
  const t = await makeTestApp();
  // The child worker runs on the real clock: enqueue on it too, so the job is due for both.
  t.clock.set(Date.now());
  let child: ReturnType<typeof Bun.spawn> | undefined;
  try {
    const a = await t.org();
    const consent = "I agree.";
    const brand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
    const link = (
      await t.call("POST", `/v1/brands/${brand}/links`, {
        auth: a.testKey,
        body: { title: "T", prompts: [{ text: "Q" }], consent_text: consent, consent_version: "v1" },
      })
    ).body;
    // The speech recording's first sentence (4 s): its processing still runs for seconds after the kill, and the
    // retry after the lease processes it whole.
    const bytes = new Uint8Array(readFileSync(ensureFirstSentence().webm));
    const start = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: {
        kind: "video",
        respondent: { name: "Kim" },
        consent: { agreed: true, text: consent, version: "v1" },
        upload: { size: bytes.length, type: "video/webm" },
      },
    });
    const put = await t.app.handle(
      new Request(start.body.upload.url, {
        method: "PATCH",
        headers: { "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" },
        body: bytes as BodyInit,
      }),
    );
    expect(put.status).toBe(204);
    const id = start.body.submission_id;

    child = Bun.spawn(["bun", join(import.meta.dir, "..", "fixtures", "process-worker.ts"), t.dir, "1500"], {
      stdout: "ignore",
      stderr: "ignore",
    });
    const running = () =>
      listJobs(t.deps.db, { kind: "submission.process" }).find((j) => (j.payload as any).submissionId === id)
        ?.status === "running";
    await until("the child to start processing", running, 60_000, 50);
    await Bun.sleep(800);
    child.kill("SIGKILL");
    await child.exited;
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: a.testKey })).body.status).toBe("processing");

    // Past the dead worker's lease, the job is claimed again and finishes here.
    t.clock.set(Date.now() + 60_000);
    await runDueJobs(t.deps, buildRegistry());
    const s = (await t.call("GET", `/v1/submissions/${id}`, { auth: a.testKey })).body;
    expect(s.status).toBe("ready");
    expect(s.transcript.words.length).toBeGreaterThan(3);
    const events = listEvents(t.deps.db, a.id, "test", { limit: 50 })
      .filter((e) => (e.data as any).id === id)
      .map((e) => e.type)
      .sort();
    expect(events).toEqual(["submission.created", "submission.ready"]);
    const job = listJobs(t.deps.db, { kind: "submission.process" }).find(
      (j) => (j.payload as any).submissionId === id,
    )!;
    expect(job.status).toBe("done");
    expect(job.attempts).toBe(2);
  } finally {
    child?.kill("SIGKILL");
    t.close();
  }
}, 180_000);
