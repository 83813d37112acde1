/**
 * Shown instead of the form when this browser still holds a recording of this link that did not finish sending
 * (the page was closed or dropped mid-upload; web/capture/pending.ts): says so in plain words, with the recording to
 * play back, and offers to finish sending it (from where the server stopped, with a progress bar) or to discard it
 * (deleted from this device and from the server at once). A recording the server can no longer take (its address
 * expired or was removed) is deleted from this device, and the person is offered to record again.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { Problem } from "./api";
import { forgetPending, type PendingSend } from "./pending";
import { Sending } from "./sending";
import { useSend } from "./use-send";
import type { SentInfo } from "./thanks";
import { t, words } from "./i18n";

/** "10:42", "yesterday at 10:42" or "Tuesday 3 March at 10:42": when Send was pressed, in the person's words. */
export function whenSaved(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const lang = words.language();
  const time = d.toLocaleTimeString(lang, { hour: "numeric", minute: "2-digit" });
  const day = (x: Date) => x.toDateString();
  if (day(d) === day(new Date(now))) return time;
  if (day(d) === day(new Date(now - 86_400_000))) return t("resume.yesterdayAt", { time });
  return t("resume.dayAt", {
    day: d.toLocaleDateString(lang, { weekday: "long", day: "numeric", month: "long" }),
    time,
  });
}

/** Tells the server to drop the unfinished upload (tus termination); best effort, the expiry job is the fallback. */
function discardOnServer(url: string) {
  return fetch(url, { method: "DELETE", headers: { "tus-resumable": "1.0.0" } }).catch(() => undefined);
}

/** The prompt and its sending; `onSent` shows the thank-you screen, `onDone` goes back to the empty form. */
export function ResumeSend({
  pending,
  apiUrl,
  announce,
  onSent,
  onDone,
}: {
  pending: PendingSend;
  apiUrl: string;
  announce(m: string): void;
  onSent(i: SentInfo): void;
  onDone(): void;
}) {
  const sender = useSend(apiUrl, announce);
  const [lost, setLost] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const { sent } = pending;
  const what = sent.kind;
  const busy = sender.sending !== null;

  useEffect(() => {
    const u = URL.createObjectURL(sent.media!);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [sent.media]);
  // When the recording turns out to be lost, the new heading takes focus so it is read at once.
  useEffect(() => {
    if (lost) heading.current?.focus();
  }, [lost]);

  async function finish() {
    try {
      const result = await sender.finish(pending);
      onSent({ ...sent, ...result });
    } catch (e) {
      const gone = e instanceof Problem && (e.status === 404 || e.status === 410);
      const message = gone
        ? t("resume.expired", { what })
        : e instanceof Problem
          ? t("resume.refused", { message: e.message })
          : t("resume.failed", { what });
      setLost(message);
      announce(message);
    }
  }

  async function discard() {
    await forgetPending(pending.linkId);
    void discardOnServer(pending.upload.url);
    announce(t("resume.discarded", { what }));
    onDone();
  }

  if (lost)
    return (
      <section class="card stack resume" aria-labelledby="resume-heading">
        <h2 id="resume-heading" ref={heading} tabIndex={-1}>
          {t("resume.lost", { what })}
        </h2>
        <p class="notice notice-error">{lost}</p>
        <button type="button" class="btn btn-primary btn-send" onClick={onDone}>
          {t("resume.recordAgain")}
        </button>
      </section>
    );
  return (
    <section class="card stack resume" aria-labelledby="resume-heading">
      <h2 id="resume-heading">{t("resume.heading", { what, when: whenSaved(pending.savedAt) })}</h2>
      <p>{t("resume.still")}</p>
      {url && sent.kind === "video" && (
        <video
          class="player"
          src={url}
          controls
          playsInline
          preload="metadata"
          aria-label={t("resume.player", { what })}
        />
      )}
      {url && sent.kind === "audio" && (
        <audio
          class="player player-audio"
          src={url}
          controls
          preload="metadata"
          aria-label={t("resume.player", { what })}
        />
      )}
      {sender.sending && <Sending state={sender.sending} onResume={sender.resume} />}
      <div class="stack-sm">
        <button type="button" class="btn btn-primary btn-send" onClick={finish} disabled={busy}>
          {busy ? t("form.sending") : t("resume.finish")}
        </button>
        {!busy && (
          <button type="button" class="btn btn-send" onClick={discard}>
            {t("resume.discard")}
          </button>
        )}
      </div>
    </section>
  );
}
