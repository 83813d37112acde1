/**
 * The form that creates a collect link: a title, one or more questions (each with a time limit), and the
 * consent wording with its version label. Each submit carries a fresh `Idempotency-Key`. Leaving with something
 * typed asks first (creating or cancelling releases it).
 */
import { useState } from "preact/hooks";
import { idempotencyKey } from "../../shared/api";
import { todayLabel } from "../../shared/format";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { useUnsavedChanges } from "../router";
import type { Brand, CollectLink } from "../types";

type DraftPrompt = { key: number; text: string; max_seconds: number };

const defaultConsent = (brand: string) =>
  `I agree that ${brand} may use my testimonial (my recording or written words, my name and the details I give) on its website, social media and marketing. I can ask for it to be removed at any time.`;

/** Props of `LinkForm`. */
export interface LinkFormProps {
  brand: Brand;
  onCreated: (link: CollectLink) => void;
  onCancel: () => void;
}

/** Creates a link for `brand`. */
export function LinkForm({ brand, onCreated, onCancel }: LinkFormProps) {
  const [title, setTitle] = useState("");
  const [prompts, setPrompts] = useState<DraftPrompt[]>([{ key: 1, text: "", max_seconds: 60 }]);
  const [consentText, setConsentText] = useState(() => defaultConsent(brand.name));
  const [firstVersion] = useState(todayLabel);
  const [consentVersion, setConsentVersion] = useState(firstVersion);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const typed =
    title.trim() !== "" ||
    prompts.length !== 1 ||
    prompts.some((p) => p.text.trim() !== "" || p.max_seconds !== 60) ||
    consentText !== defaultConsent(brand.name) ||
    consentVersion !== firstVersion;
  useUnsavedChanges(typed, "This link is not created yet. Leave and lose what you typed?");

  const edit = (key: number, change: Partial<DraftPrompt>) =>
    setPrompts((ps) => ps.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const add = () =>
    setPrompts((ps) => [...ps, { key: Math.max(0, ...ps.map((p) => p.key)) + 1, text: "", max_seconds: 60 }]);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const link = await api.post<CollectLink>(
        `/v1/brands/${encodeURIComponent(brand.id)}/links`,
        {
          title: title.trim(),
          prompts: prompts.map((p) => ({ text: p.text.trim(), max_seconds: p.max_seconds })),
          consent_text: consentText.trim(),
          consent_version: consentVersion.trim(),
        },
        { headers: { "idempotency-key": idempotencyKey() } },
      );
      onCreated(link);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-link-title">
      <h2 id="new-link-title">New link for {brand.name}</h2>
      <ErrorNotice error={error} />
      <Field label="Title" hint="Respondents see this at the top of the page, e.g. “Tell us about your stay”.">
        {(p) => (
          <input
            {...p}
            name="title"
            required
            maxLength={200}
            value={title}
            onInput={(e) => setTitle(e.currentTarget.value)}
          />
        )}
      </Field>
      <fieldset>
        <legend>Questions</legend>
        <p class="hint">Respondents answer each question in turn, on video, audio or in writing.</p>
        {prompts.map((p, i) => (
          <div class="prompt-row" key={p.key}>
            <Field label={`Question ${i + 1}`}>
              {(c) => (
                <textarea
                  {...c}
                  name={`prompt-${i + 1}`}
                  required
                  rows={2}
                  maxLength={500}
                  value={p.text}
                  onInput={(e) => edit(p.key, { text: e.currentTarget.value })}
                />
              )}
            </Field>
            <Field label="Time limit (seconds)">
              {(c) => (
                <input
                  {...c}
                  name={`prompt-${i + 1}-seconds`}
                  type="number"
                  required
                  min={5}
                  max={600}
                  step={1}
                  value={p.max_seconds}
                  onInput={(e) => edit(p.key, { max_seconds: Math.round(Number(e.currentTarget.value)) || 0 })}
                />
              )}
            </Field>
            {prompts.length > 1 && (
              <Button
                small
                variant="ghost"
                onClick={() => setPrompts((ps) => ps.filter((x) => x.key !== p.key))}
                aria-label={`Remove question ${i + 1}`}
              >
                Remove
              </Button>
            )}
          </div>
        ))}
        {prompts.length < 10 && (
          <Button small onClick={add}>
            Add a question
          </Button>
        )}
      </fieldset>
      <Field label="Consent wording" hint="Respondents must agree to exactly this before they can send a testimonial.">
        {(p) => (
          <textarea
            {...p}
            name="consent_text"
            required
            rows={4}
            value={consentText}
            onInput={(e) => setConsentText(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        label="Consent version"
        hint="A date-like label stored with each testimonial; change it whenever the wording changes."
      >
        {(p) => (
          <input
            {...p}
            name="consent_version"
            required
            maxLength={40}
            value={consentVersion}
            onInput={(e) => setConsentVersion(e.currentTarget.value)}
          />
        )}
      </Field>
      <div class="row">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Creating link…">
          Create link
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
