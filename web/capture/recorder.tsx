/**
 * Recording an answer with the camera and microphone (or the microphone only): a live view, a countdown to the
 * question's time limit, then playback with unlimited retakes. When the device cannot be used, a plain
 * explanation and the other ways to answer.
 */
import { useEffect, useRef } from "preact/hooks";
import { useRecorder, type Recording } from "./use-recorder";
import { MediaPreview } from "./media-preview";
import { clock, seconds } from "./format";
import type { MediaAnswer, Method, Prompt } from "./types";

/** What the recorder needs from the form. */
export interface RecorderProps {
  kind: "video" | "audio";
  prompt: Prompt;
  answer: MediaAnswer | null;
  onAnswer(answer: MediaAnswer | null): void;
  onMethod(method: Method): void;
  announce(message: string): void;
}

/** The recorder, or the playback of what was recorded. */
export function RecorderPanel(props: RecorderProps) {
  const { answer, onAnswer, announce } = props;
  const review = useRef<HTMLHeadingElement>(null);
  const retaking = useRef(false);
  useEffect(() => {
    if (answer && !answer.name) review.current?.focus();
  }, [answer]);

  const done = (r: Recording) => {
    onAnswer({
      kind: props.kind,
      blob: r.blob,
      url: URL.createObjectURL(r.blob),
      durationMs: r.durationMs,
      name: null,
    });
    announce(`Recording stopped after ${clock(r.durationMs / 1000)}. You can play it back, record again or send it.`);
  };

  if (answer) {
    const retake = () => {
      retaking.current = true;
      onAnswer(null);
    };
    return (
      <div class="recorder">
        <h3 ref={review} tabIndex={-1}>
          {answer.name ? "Your file" : "Your recording"}
        </h3>
        <MediaPreview answer={answer} label={answer.name ? `Your file ${answer.name}` : "Your recording"} />
        <p class="muted small">
          {answer.name ? answer.name : `Length ${clock((answer.durationMs ?? 0) / 1000)}`}. It stays on this device
          until you press Send.
        </p>
        <button type="button" class="btn" onClick={retake}>
          {answer.name ? "Remove this file" : "Record again"}
        </button>
      </div>
    );
  }
  return <Live {...props} done={done} retaking={retaking} />;
}

function Live(props: RecorderProps & { done(r: Recording): void; retaking: { current: boolean } }) {
  const { kind, prompt, announce } = props;
  const rec = useRecorder(kind, prompt.max_seconds, props.done);
  const view = useRef<HTMLVideoElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const left = Math.max(0, prompt.max_seconds - Math.floor(rec.elapsedMs / 1000));
  const warned = useRef(false);

  useEffect(() => {
    if (view.current) view.current.srcObject = rec.stream;
  }, [rec.stream, rec.state]);
  useEffect(() => {
    if (rec.state === "live" && props.retaking.current) {
      props.retaking.current = false;
      startButton.current?.focus();
    }
  }, [rec.state]);
  useEffect(() => {
    if (rec.state !== "recording") warned.current = false;
    else if (left <= 10 && !warned.current && prompt.max_seconds > 10) {
      warned.current = true;
      announce("10 seconds left.");
    }
  }, [left, rec.state]);

  if (rec.state === "failed") {
    return (
      <div class="recorder recorder-failed">
        <p class="notice" role="alert">
          {rec.error}
        </p>
        <div class="row">
          <button type="button" class="btn" onClick={rec.retry}>
            Try again
          </button>
          {kind === "video" && (
            <button type="button" class="btn" onClick={() => props.onMethod("audio")}>
              Record audio only
            </button>
          )}
          <button type="button" class="btn" onClick={() => props.onMethod("text")}>
            Write instead
          </button>
        </div>
      </div>
    );
  }

  const device = kind === "video" ? "camera" : "microphone";
  return (
    <div class="recorder">
      <p class="prompt prompt-live">{prompt.text}</p>
      {kind === "video" ? (
        <video ref={view} class="player live" autoPlay muted playsInline aria-label="Camera view" />
      ) : (
        <div class={`mic ${rec.state === "recording" ? "mic-on" : ""}`} aria-hidden="true">
          <span class="mic-dot" />
        </div>
      )}
      {rec.state === "starting" && <p class="muted">Starting your {device}… If your browser asks, please allow it.</p>}
      {rec.state === "live" && (
        <div class="row">
          <button
            ref={startButton}
            type="button"
            class="btn btn-primary"
            onClick={() => {
              rec.start();
              announce(`Recording. You have up to ${seconds(prompt.max_seconds)}.`);
            }}
          >
            Start recording
          </button>
          <span class="muted small">Up to {seconds(prompt.max_seconds)}</span>
        </div>
      )}
      {rec.state === "recording" && (
        <div class="row recording">
          <span class="rec-dot" aria-hidden="true" />
          <span role="timer" aria-label="Time left" class="countdown">
            {clock(left)} left
          </span>
          <button type="button" class="btn btn-primary" onClick={rec.stop}>
            Stop recording
          </button>
        </div>
      )}
    </div>
  );
}
