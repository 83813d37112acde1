/**
 * Correcting a transcript: the person fixes the words; the server aligns them with the recording again so every
 * word keeps an exact time, and keeps the machine's original. Saving can take a few seconds (the recording is
 * listened to again), so the button says what is happening.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { useAction } from "../use-action";
import type { Transcript } from "./types";
import { cleanText } from "./words";
import { t } from "../i18n";

/** The longest transcript the server takes. */
const MAX_CHARS = 20_000;

/** Props of `TranscriptEditor`. */
export interface TranscriptEditorProps {
  submissionId: string;
  transcript: Transcript;
  onSaved: (t: Transcript) => void;
  onCancel: () => void;
}

/** The editing form. */
export function TranscriptEditor({ submissionId, transcript, onSaved, onCancel }: TranscriptEditorProps) {
  const [text, setText] = useState(transcript.text);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  // The editor opens ready to type (the `autofocus` attribute only works when a page loads).
  useEffect(() => area.current?.focus(), []);

  const send = useAction(async (clean: string) =>
    onSaved(
      await api.patch<Transcript>(
        `/v1/submissions/${encodeURIComponent(submissionId)}/transcript`,
        { text: clean },
        { timeoutMs: 180_000 },
      ),
    ),
  );
  const busy = send.busy;
  const save = (e: Event) => {
    e.preventDefault();
    const clean = cleanText(text);
    if (!clean) return setFieldError(t("inbox.transcript-editor.empty"));
    if (clean.length > MAX_CHARS)
      return setFieldError(t("inbox.transcript-editor.too_long", { max: MAX_CHARS.toLocaleString() }));
    if (clean === cleanText(transcript.text)) return setFieldError(t("inbox.transcript-editor.unchanged"));
    setFieldError(null);
    void send.run(clean);
  };

  return (
    <form class="transcript-editor card" onSubmit={save} noValidate>
      <Field label={t("inbox.transcript-editor.label")} hint={t("inbox.transcript-editor.hint")} error={fieldError}>
        {(p) => (
          <textarea
            {...p}
            ref={area}
            rows={6}
            value={text}
            disabled={busy}
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) =>
              e.key === "Escape" && !busy && cleanText(text) === cleanText(transcript.text) && onCancel()
            }
          />
        )}
      </Field>
      <ErrorNotice error={send.error} title={t("inbox.transcript-editor.not_saved")} />
      <div class="row">
        <Button type="submit" variant="primary" busy={busy} busyLabel={t("inbox.transcript-editor.saving")}>
          {t("inbox.transcript-editor.save")}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t("inbox.transcript-editor.cancel")}
        </Button>
      </div>
    </form>
  );
}
