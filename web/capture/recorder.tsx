/**
 * Recording an answer with the camera and microphone (or the microphone only), guided through every question in
 * turn: one recording, the question on screen changing when the respondent taps "Next question" (or when that
 * question's time is up), with the time left on it. Then playback ("review") with unlimited retakes before sending.
 * When the device cannot be used, a plain explanation and the other ways to answer the link takes.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { useRecorder, type Recording } from "./use-recorder";
import { MediaPreview } from "./media-preview";
import { clock, seconds } from "./format";
import type { MediaAnswer, Method, Prompt } from "./types";
import { t } from "./i18n";

/** What the recorder needs from the form. */
export interface RecorderProps {
  kind: "video" | "audio";
  /** The questions, asked in this order within one recording. */
  prompts: Prompt[];
  /** The ways to answer the link takes (for the way out when the device fails). */
  accepts: Method[];
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
    announce(t("recorder.stopped", { length: clock(r.durationMs / 1000) }));
  };

  if (answer) {
    const retake = () => {
      retaking.current = true;
      onAnswer(null);
    };
    return (
      <div class="recorder">
        <h3 ref={review} tabIndex={-1}>
          {answer.name ? t("recorder.yourFile") : t("recorder.yourRecording")}
        </h3>
        <MediaPreview
          answer={answer}
          label={answer.name ? t("recorder.yourFileNamed", { name: answer.name }) : t("recorder.yourRecording")}
        />
        <p class="muted small">
          {answer.name
            ? t("recorder.keptFile", { name: answer.name })
            : t("recorder.keptRecording", { length: clock((answer.durationMs ?? 0) / 1000) })}
        </p>
        <button type="button" class="btn" onClick={retake}>
          {answer.name ? t("recorder.removeFile") : t("recorder.recordAgain")}
        </button>
      </div>
    );
  }
  return <Live {...props} done={done} retaking={retaking} />;
}

function Live(props: RecorderProps & { done(r: Recording): void; retaking: { current: boolean } }) {
  const { kind, prompts, announce } = props;
  const total = prompts.reduce((n, p) => n + p.max_seconds, 0);
  const rec = useRecorder(kind, total, props.done);
  const view = useRef<HTMLVideoElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  // Which question is on screen, and when (recording time) it came up.
  const [step, setStep] = useState({ index: 0, fromMs: 0 });
  const prompt = prompts[step.index]!;
  const last = step.index === prompts.length - 1;
  const left = Math.max(0, prompt.max_seconds - Math.floor((rec.elapsedMs - step.fromMs) / 1000));
  const warned = useRef(false);

  useEffect(() => {
    if (view.current) view.current.srcObject = rec.stream;
  }, [rec.stream, rec.state]);
  useEffect(() => {
    if (rec.state === "live" && props.retaking.current) {
      props.retaking.current = false;
      startButton.current?.focus();
    }
    if (rec.state !== "recording") setStep({ index: 0, fromMs: 0 });
  }, [rec.state]);

  const next = () => {
    if (last) return rec.stop();
    const index = step.index + 1;
    setStep({ index, fromMs: rec.elapsedMs });
    warned.current = false;
    announce(t("recorder.questionAnnounce", { n: index + 1, total: prompts.length, text: prompts[index]!.text }));
  };
  useEffect(() => {
    if (rec.state !== "recording") {
      warned.current = false;
      return;
    }
    if (left <= 10 && !warned.current && prompt.max_seconds > 10) {
      warned.current = true;
      announce(last ? t("recorder.tenSeconds") : t("recorder.tenSecondsQuestion"));
    }
    if (left === 0) next();
  }, [left, rec.state]);

  if (rec.state === "failed") {
    return (
      <div class="recorder recorder-failed">
        <p class="notice" role="alert">
          {rec.error}
        </p>
        <div class="row">
          <button type="button" class="btn" onClick={rec.retry}>
            {t("recorder.tryAgain")}
          </button>
          {kind === "video" && props.accepts.includes("audio") && (
            <button type="button" class="btn" onClick={() => props.onMethod("audio")}>
              {t("recorder.audioOnly")}
            </button>
          )}
          {props.accepts.includes("text") && (
            <button type="button" class="btn" onClick={() => props.onMethod("text")}>
              {t("recorder.writeInstead")}
            </button>
          )}
        </div>
      </div>
    );
  }

  const several = prompts.length > 1;
  return (
    <div class="recorder">
      <div class="prompt-live" aria-live="off">
        {several && <p class="prompt-step">{t("recorder.question", { n: step.index + 1, total: prompts.length })}</p>}
        <p class="prompt" dir="auto">
          {prompt.text}
        </p>
      </div>
      {kind === "video" ? (
        <video ref={view} class="player live" autoPlay muted playsInline aria-label={t("recorder.cameraView")} />
      ) : (
        <div class={`mic ${rec.state === "recording" ? "mic-on" : ""}`} aria-hidden="true">
          <span class="mic-dot" />
        </div>
      )}
      {rec.state === "starting" && (
        <p class="muted">{t("recorder.starting", { device: kind === "video" ? "camera" : "microphone" })}</p>
      )}
      {rec.state === "live" && (
        <div class="row">
          <button
            ref={startButton}
            type="button"
            class="btn btn-primary"
            onClick={() => {
              rec.start();
              announce(
                several
                  ? t("recorder.startedQuestions", { total: prompts.length, text: prompts[0]!.text })
                  : t("recorder.startedOne", { duration: seconds(prompt.max_seconds) }),
              );
            }}
          >
            {t("recorder.start")}
          </button>
          <span class="muted small">
            {several
              ? t("recorder.limitMany", { count: prompts.length, duration: seconds(total) })
              : t("recorder.limitOne", { duration: seconds(prompt.max_seconds) })}
          </span>
        </div>
      )}
      {rec.state === "recording" && (
        <div class="row recording">
          <span class="rec-dot" aria-hidden="true" />
          <span
            role="timer"
            aria-label={several ? t("recorder.timeLeftQuestion") : t("recorder.timeLeft")}
            class="countdown"
          >
            {t("recorder.left", { time: clock(left) })}
          </span>
          {several && !last && (
            <button type="button" class="btn btn-primary" onClick={next}>
              {t("recorder.nextQuestion")}
            </button>
          )}
          <button type="button" class={several && !last ? "btn" : "btn btn-primary"} onClick={rec.stop}>
            {t("recorder.stop")}
          </button>
        </div>
      )}
    </div>
  );
}
