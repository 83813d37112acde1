/**
 * Recording with MediaRecorder: opens the camera/microphone, records up to `maxSeconds` (stopping by itself at
 * the limit), and hands the finished recording over as a Blob that never leaves the browser until it is sent.
 * The stream is closed whenever it is not needed, so the camera light goes off during playback.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { closeStream, explainMediaError, openStream, recordingType } from "./media";

/** Where the recorder is. */
export type RecorderState = "starting" | "live" | "recording" | "failed";

/** What a finished recording is. */
export interface Recording {
  blob: Blob;
  durationMs: number;
}

/** The recorder's state and controls. */
export interface Recorder {
  state: RecorderState;
  stream: MediaStream | null;
  /** Plain explanation when the camera/microphone could not be used. */
  error: string | null;
  elapsedMs: number;
  start(): void;
  stop(): void;
  retry(): void;
}

/** Drives recordings of `kind` while mounted; the stream closes on unmount (e.g. while a recording is played back). */
export function useRecorder(kind: "video" | "audio", maxSeconds: number, onDone: (r: Recording) => void): Recorder {
  const [state, setState] = useState<RecorderState>("starting");
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [elapsedMs, setElapsed] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    let live: MediaStream | null = null;
    let cancelled = false;
    setState("starting");
    setError(null);
    openStream(kind).then(
      (s) => {
        if (cancelled) return closeStream(s);
        live = s;
        setStream(s);
        setState("live");
      },
      (e: unknown) => {
        if (cancelled) return;
        setError(explainMediaError(kind, e));
        setState("failed");
      },
    );
    return () => {
      cancelled = true;
      if (recorder.current?.state === "recording") {
        recorder.current.ondataavailable = null;
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      recorder.current = null;
      closeStream(live);
      setStream(null);
    };
  }, [kind, attempt]);

  useEffect(() => {
    if (state !== "recording") return;
    const began = performance.now();
    const tick = setInterval(() => {
      const ms = performance.now() - began;
      setElapsed(ms);
      if (ms >= maxSeconds * 1000) stop();
    }, 200);
    return () => clearInterval(tick);
  }, [state, maxSeconds]);

  function start() {
    if (!stream || state !== "live") return;
    const mimeType = recordingType(kind);
    let rec: MediaRecorder;
    try {
      rec = new MediaRecorder(stream, {
        mimeType: mimeType || undefined,
        videoBitsPerSecond: 2_500_000,
        audioBitsPerSecond: 96_000,
      });
    } catch (e) {
      setError(explainMediaError(kind, e));
      setState("failed");
      return;
    }
    const chunks: Blob[] = [];
    let startedAt = performance.now();
    rec.onstart = () => {
      startedAt = performance.now();
    };
    rec.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    rec.onstop = () => {
      const durationMs = Math.round(performance.now() - startedAt);
      const type = (rec.mimeType || mimeType || `${kind}/webm`).split(";")[0]!;
      recorder.current = null;
      setState("live");
      done.current({ blob: new Blob(chunks, { type }), durationMs });
    };
    recorder.current = rec;
    setElapsed(0);
    rec.start(1000);
    setState("recording");
  }

  function stop() {
    if (recorder.current?.state === "recording") recorder.current.stop();
  }

  return { state, stream, error, elapsedMs, start, stop, retry: () => setAttempt((n) => n + 1) };
}
