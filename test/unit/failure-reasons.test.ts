/**
 * Why processing failed, in words: MediaErrors keep their reason and sentence; other errors (a module the
 * executable could not load, a program that will not start, a full disk, a refused permission…) become plain
 * words with what to do; the stored `code: message What you can do: action` reads back the same.
 */
import { describe, expect, test } from "bun:test";
import { MediaError } from "../../src/media/errors";
import { ADVICE_MARKER, adviceFor, explainFailure, formatFailure, parseFailure } from "../../src/media/failure-reasons";

/** An error with a Node-style `code`, as fs and spawn throw them. */
const sysError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** What Bun throws when a run-time import finds nothing (as inside the compiled executable). */
const resolveError = (pkg: string) =>
  Object.assign(new Error(`Cannot find package '${pkg}' imported from /$bunfs/root/plaudit`), {
    name: "ResolveMessage",
    code: "ERR_MODULE_NOT_FOUND",
  });

describe("explainFailure", () => {
  const cases: [string, unknown, string, RegExp, RegExp][] = [
    [
      "a module the executable could not load",
      resolveError("strtok3"),
      "component_missing",
      /part of Plaudit needed for processing could not be loaded \(strtok3\)/,
      /plaudit doctor/,
    ],
    [
      "the same, as the message a job stored",
      "ResolveMessage: Cannot find package 'strtok3' imported from /$bunfs/root/plaudit",
      "component_missing",
      /could not be loaded \(strtok3\)/,
      /plaudit doctor/,
    ],
    [
      "a full disk",
      sysError("ENOSPC", "ENOSPC: no space left on device, write"),
      "disk_full",
      /disk is full/,
      /free disk space/i,
    ],
    [
      "ffmpeg writing to a full disk",
      new MediaError(
        "tool_failed",
        "ffmpeg could not process the file.",
        "[out#0] Error writing trailer: No space left on device",
      ),
      "disk_full",
      /disk is full/,
      /free disk space/i,
    ],
    [
      "a refused permission",
      sysError("EACCES", "EACCES: permission denied, open '/data/media/x.mp4'"),
      "permission_denied",
      /not allowed to read or write/,
      /data folder/,
    ],
    [
      "a program that will not start",
      sysError("ENOENT", "ENOENT: no such file or directory, posix_spawn '/opt/ffmpeg'"),
      "tool_missing",
      /could not be started/,
      /plaudit doctor/,
    ],
    [
      "a missing tool (MediaError)",
      new MediaError(
        "tool_missing",
        "ffmpeg was not found: install it (apt-get install ffmpeg) or set PLAUDIT_FFMPEG_PATH.",
      ),
      "tool_missing",
      /missing on the server: ffmpeg was not found/,
      /plaudit doctor/,
    ],
    [
      "a missing file",
      sysError("ENOENT", "ENOENT: no such file or directory, open '/data/media/submissions/x/original.webm'"),
      "file_missing",
      /file needed for processing was missing/,
      /data folder/,
    ],
    ["memory", new Error("Out of memory"), "out_of_memory", /ran out of memory/, /memory/],
    ["the job's time limit", "timed out after 1800000 ms", "timeout", /took too long/, /Process again/],
    [
      "a worker that kept dying",
      "lease expired: worker host:1:ab:0 stopped during attempt 3",
      "worker_stopped",
      /stopped in the middle/,
      /log/,
    ],
    [
      "a damaged file",
      new MediaError("corrupt", "The file is damaged and cannot be read."),
      "corrupt",
      /^The file is damaged and cannot be read\.$/,
      /Download the file/,
    ],
    [
      "a file that is not media",
      new MediaError("not_media", "The file is text, not a recording."),
      "not_media",
      /^The file is text, not a recording\.$/,
      /cannot help/,
    ],
    [
      "a tool that failed",
      new MediaError("tool_failed", "ffmpeg could not process the file.", "Unknown encoder 'libx264'"),
      "tool_failed",
      /^ffmpeg could not process the file\.$/,
      /Process again/,
    ],
    [
      "an interruption",
      new MediaError("aborted", "Processing was cancelled."),
      "aborted",
      /interrupted/,
      /Process again/,
    ],
    [
      "anything else",
      new TypeError("undefined is not an object (evaluating 'x.y')"),
      "processing_failed",
      /unexpected/,
      /Process again.*log/,
    ],
  ];
  for (const [name, error, code, message, action] of cases) {
    test(name, () => {
      const f = explainFailure(error);
      expect(f.code).toBe(code);
      expect(f.message).toMatch(message);
      expect(f.action).toMatch(action);
    });
  }

  test("internals (paths, stacks, raw messages) of unknown errors never reach the words", () => {
    const f = explainFailure(new Error("SQLITE_CORRUPT at /srv/plaudit/data/plaudit.db"));
    expect(`${f.message} ${f.action}`).not.toContain("/srv/plaudit");
  });
});

describe("the stored form", () => {
  test("is `code: message What you can do: action` and reads back the same", () => {
    const f = explainFailure(resolveError("strtok3"));
    const stored = formatFailure(f);
    expect(stored).toStartWith("component_missing: A part of Plaudit");
    expect(stored).toContain(` ${ADVICE_MARKER} `);
    expect(parseFailure(stored)).toEqual(f);
  });

  test("keeps the advice whole within 500 characters", () => {
    const stored = formatFailure({ code: "tool_failed", message: "x".repeat(900), action: adviceFor("tool_failed") });
    expect(stored.length).toBeLessThanOrEqual(500);
    expect(stored).toEndWith(adviceFor("tool_failed"));
    expect(parseFailure(stored)!.message).toEndWith("…");
  });

  test("older reasons without advice get their code's advice", () => {
    expect(parseFailure("not_media: The file is empty.")).toEqual({
      code: "not_media",
      message: "The file is empty.",
      action: adviceFor("not_media"),
    });
    expect(parseFailure(null)).toBeNull();
    expect(adviceFor("something_new")).toBe(adviceFor("processing_failed"));
  });
});
