/**
 * A recording whose processing keeps failing ends `failed` with the reason of the LAST error, in words with what
 * to do (not a generic "after several tries"), and "Process again" reports the same reason when it fails again.
 * The media toolkit is swapped for one that throws, so no ffmpeg runs here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { markReceived } from "../../src/domains/submissions";
import { systemCtx } from "../../src/platform/context";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { listJobs } from "../../src/platform/jobs/queue";
import { buildRegistry } from "../../src/composition";
import { MediaError } from "../../src/media/errors";

let t: TestApp;
let a: TestOrg;
let linkId: string;
const registry = buildRegistry();
const consent = "I agree that my words and recording may be published.";

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  linkId = (await makeLink(t, a.testKey)).id;
});
afterAll(() => t.close());

/** A video testimonial whose upload arrived: `processing`, with a processing job queued. */
async function received(): Promise<string> {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: {
      kind: "video",
      respondent: { name: "Fay Failing" },
      consent: { agreed: true, text: consent, version: "2026-11-01" },
      upload: { size: 100, type: "video/webm" },
    },
  });
  const id = r.body.submission_id as string;
  const key = `submissions/${id}/original.webm`;
  await t.deps.storage.write("media", key, "stand-in recording");
  expect(markReceived(t.deps.db, systemCtx(a.id, "test", t.clock), id, key, "video/webm")).toBe(true);
  return id;
}

/** Runs the processing job through all its tries (the clock moves past each back-off). */
async function runAllTries() {
  for (let i = 0; i < 4; i++) {
    await runDueJobs(t.deps, registry);
    t.clock.advance(10 * 60_000);
  }
}

const detail = async (id: string) => (await t.call("GET", `/v1/submissions/${id}`, { auth: a.testKey })).body;

/** Makes the toolkit's first step throw `error` for the rest of the test. */
function failWith(error: () => unknown) {
  t.deps.media = {
    ...t.deps.media,
    probe: async () => {
      throw error();
    },
  };
}

describe("the reason of a failure that kept happening", () => {
  const cases: [string, () => unknown, string, RegExp][] = [
    [
      "a module the executable could not load",
      () =>
        Object.assign(new Error("Cannot find package 'strtok3' imported from /$bunfs/root/plaudit"), {
          name: "ResolveMessage",
        }),
      "component_missing",
      /could not be loaded \(strtok3\).* What you can do: .*plaudit doctor/,
    ],
    [
      "a full disk",
      () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
      "disk_full",
      /disk is full.* What you can do: .*free disk space/,
    ],
    [
      "a missing program",
      () =>
        new MediaError(
          "tool_missing",
          "ffmpeg was not found: install it (apt-get install ffmpeg) or set PLAUDIT_FFMPEG_PATH.",
        ),
      "tool_missing",
      /ffmpeg was not found.* What you can do: .*plaudit doctor/,
    ],
  ];
  for (const [name, error, code, words] of cases) {
    test(`${name}: failed with that reason after the last try; Process again says the same`, async () => {
      failWith(error);
      const id = await received();
      await runAllTries();
      const s = await detail(id);
      expect(s.status).toBe("failed");
      expect(s.failure_reason).toStartWith(`${code}: `);
      expect(s.failure_reason).toMatch(words);
      expect(s.failure_reason).not.toContain("after several tries");
      expect(s.failure_reason).not.toContain("/$bunfs");
      const tries = listJobs(t.deps.db, { kind: "submission.process" }).filter(
        (j: any) => j.payload?.submissionId === id,
      );
      expect(tries.some((j: any) => j.status === "dead" && j.attempts === 3)).toBe(true);

      const again = await t.call("POST", `/v1/submissions/${id}/reprocess`, { auth: a.testKey });
      expect(again.status).toBe(202);
      expect(again.body.status).toBe("processing");
      expect(again.body.failure_reason).toBeNull();
      await runAllTries();
      const after = await detail(id);
      expect(after.status).toBe("failed");
      expect(after.failure_reason).toBe(s.failure_reason);
    });
  }

  test("a file that is not usable media fails at the first try with its own reason and advice", async () => {
    failWith(() => new MediaError("corrupt", "The file is damaged and cannot be read."));
    const id = await received();
    await runDueJobs(t.deps, registry);
    const s = await detail(id);
    expect(s.status).toBe("failed");
    expect(s.failure_reason).toMatch(
      /^corrupt: The file is damaged and cannot be read\. What you can do: Download the file/,
    );
  });
});
