/**
 * Step 3: where the reviews come from (proposed from a recognised export), the attestation to tick (the exact
 * wording the server stores), and the button that sends the ready rows in batches of at most 500 with a progress
 * bar. While the button is disabled, a sentence beside it says why.
 */
import { useState } from "preact/hooks";
import { ATTESTATION_TEXT } from "../../../src/domains/imports/attestation";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { sendBlocker } from "./blockers";
import { t } from "../i18n";

/** What the person gives before sending. */
export interface SendChoices {
  sourceName: string;
  sourceUrl: string;
}

/** Props of `SendForm`. */
export interface SendFormProps {
  readyCount: number;
  refusedCount: number;
  sending: boolean;
  progress: { done: number; total: number } | null;
  /** The source proposed for a recognised export ("Trustpilot"); empty otherwise. */
  suggestedSource?: string;
  onBack: () => void;
  onSend: (choices: SendChoices) => void;
}

function sourceError(name: string): string | null {
  const n = [...name.trim()].length;
  if (n === 0) return null;
  return n > 60 ? t("import.send-form.too_long", { count: n }) : null;
}

/** The form; the send button stays disabled until a source is named and the attestation is ticked. */
export function SendForm({
  readyCount,
  refusedCount,
  sending,
  progress,
  suggestedSource = "",
  onBack,
  onSend,
}: SendFormProps) {
  const [sourceName, setSourceName] = useState(suggestedSource);
  const [sourceUrl, setSourceUrl] = useState("");
  const [attested, setAttested] = useState(false);
  const nameError = sourceError(sourceName);
  const blocker = sendBlocker({ readyCount, sourceName, attested });
  const canSend = blocker === null;
  const pct = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <form
      class="card import-step"
      aria-labelledby="import-send-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSend) onSend({ sourceName: sourceName.trim(), sourceUrl: sourceUrl.trim() });
      }}
    >
      <h2 id="import-send-title">{t("import.send-form.title")}</h2>
      <p>
        {refusedCount > 0
          ? t("import.send-form.ready_refused", { ready: readyCount, refused: refusedCount })
          : t("import.send-form.ready", { ready: readyCount })}
      </p>
      <div class="form-grid">
        <Field label={t("import.send-form.source")} hint={t("import.send-form.source_hint")} error={nameError}>
          {(p) => (
            <input
              {...p}
              name="source_name"
              required
              value={sourceName}
              disabled={sending}
              onInput={(e) => setSourceName(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t("import.send-form.source_url")} optional hint={t("import.send-form.source_url_hint")}>
          {(p) => (
            <input
              {...p}
              name="source_url"
              type="url"
              value={sourceUrl}
              disabled={sending}
              onInput={(e) => setSourceUrl(e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <label class="check attestation">
        <input
          type="checkbox"
          name="attested"
          checked={attested}
          disabled={sending}
          onChange={(e) => setAttested(e.currentTarget.checked)}
        />
        <span>{ATTESTATION_TEXT}</span>
      </label>
      {progress && (
        <div class="usage import-progress">
          <div class="usage-head">
            <span class="usage-label">{t("import.send-form.importing")}</span>
            <span class="usage-value">
              {t("import.send-form.sent", { done: progress.done, total: progress.total })}
            </span>
          </div>
          <div
            class="usage-track"
            role="progressbar"
            aria-label={t("import.send-form.progress")}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
          >
            <div class="usage-fill" style={{ width: `${pct}%` }} />
          </div>
        </div>
      )}
      <div class="row import-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={!canSend}
          busy={sending}
          busyLabel={t("import.send-form.importing_busy")}
          aria-describedby={blocker ? "import-send-why" : undefined}
        >
          {t("import.send-form.import", { count: readyCount })}
        </Button>
        {blocker && !sending && (
          <p class="import-why" id="import-send-why">
            {blocker}
          </p>
        )}
        <Button variant="ghost" onClick={onBack} disabled={sending}>
          {t("import.send-form.back")}
        </Button>
      </div>
    </form>
  );
}
