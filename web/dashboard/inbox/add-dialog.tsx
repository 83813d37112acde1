/**
 * "Add testimonial": one said in person, on the phone or in an email, added by hand (`POST /v1/submissions`,
 * origin manual). Words, or a video or audio file sent with progress over the capture page's resumable upload; the
 * respondent's details, a rating and a photo; and the imports' attestation, word for word, to tick. It arrives
 * unapproved and private, counted with imported reviews against the plan.
 */
import { useState } from "preact/hooks";
import { ATTESTATION_TEXT } from "../../../src/domains/imports/attestation";
import type { ManualResult } from "../../../src/domains/imports/manual-model";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { api } from "../api";
import { useSession } from "../session";
import { useAction } from "../use-action";
import { Dialog } from "./dialog";
import { photoAsBase64 } from "./photo-data";
import { sendFile } from "./send-file";
import { t } from "../i18n";

/** Props of `AddDialog`. */
export interface AddDialogProps {
  /** The brand chosen in the header (the form's first choice). */
  brandId: string;
  /** Called with the new testimonial's id once it is in (and its file sent). */
  onAdded: (id: string) => void;
  onClose: () => void;
}

type Source = "text" | "file";

/** What the form holds. */
interface Draft {
  brandId: string;
  source: Source;
  text: string;
  file: File | null;
  name: string;
  email: string;
  title: string;
  company: string;
  rating: string;
  photo: File | null;
  attested: boolean;
}

const optional = (v: string) => (v.trim() ? v.trim() : undefined);

/** The form in a dialog. */
export function AddDialog({ brandId, onAdded, onClose }: AddDialogProps) {
  const { brands } = useSession();
  const [d, setD] = useState<Draft>({
    brandId,
    source: "text",
    text: "",
    file: null,
    name: "",
    email: "",
    title: "",
    company: "",
    rating: "",
    photo: null,
    attested: false,
  });
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setD((prev) => ({ ...prev, [k]: v }));
    // A problem found before sending is about what is being changed now: it goes until the next try.
    if (!add.busy) add.reset();
  };

  const add = useAction(
    async (draft: Draft) => {
      const file = draft.source === "file" ? draft.file : null;
      const kind = draft.source === "text" ? "text" : file!.type.startsWith("audio/") ? "audio" : "video";
      const avatar = draft.photo ? await photoAsBase64(draft.photo) : undefined;
      const answer = await api.post<ManualResult>("/v1/submissions", {
        brand_id: draft.brandId,
        kind,
        ...(kind === "text" ? { text: draft.text } : { upload: { size: file!.size, type: file!.type } }),
        respondent: {
          name: draft.name,
          email: optional(draft.email),
          title: optional(draft.title),
          company: optional(draft.company),
          avatar,
        },
        rating: draft.rating ? Number(draft.rating) : undefined,
        attested: draft.attested,
      });
      if (answer.upload && file) {
        setProgress({ sent: 0, total: file.size });
        await sendFile(file, answer.upload, (sent, total) => setProgress({ sent, total }));
      }
      onAdded(answer.submission.id);
      return answer;
    },
    {
      leaves: true,
      success: (a) => (a.upload ? t("inbox.add-dialog.added_file") : t("inbox.add-dialog.added_text")),
    },
  );

  const submit = (e: Event) => {
    e.preventDefault();
    if (!d.name.trim()) return add.fail(t("inbox.add-dialog.need_name"));
    if (d.source === "text" && !d.text.trim()) return add.fail(t("inbox.add-dialog.need_words"));
    if (d.source === "file" && !d.file) return add.fail(t("inbox.add-dialog.need_file"));
    if (d.source === "file" && d.file && !/^(video|audio)\//.test(d.file.type))
      return add.fail(t("inbox.add-dialog.not_recording"));
    if (!d.attested) return add.fail(t("inbox.add-dialog.need_attested"));
    void add.run(d);
  };
  const busy = add.busy;
  const percent = progress && progress.total ? Math.floor((progress.sent / progress.total) * 100) : 0;

  return (
    <Dialog title={t("inbox.add-dialog.title")} onClose={() => !busy && onClose()}>
      <form class="add-testimonial" onSubmit={submit} noValidate>
        <p class="small muted">{t("inbox.add-dialog.intro")}</p>
        {brands.length > 1 && (
          <Field label={t("inbox.add-dialog.brand")}>
            {(p) => (
              <select {...p} value={d.brandId} disabled={busy} onChange={(e) => set("brandId", e.currentTarget.value)}>
                {brands.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <fieldset class="add-source">
          <legend>{t("inbox.add-dialog.source")}</legend>
          <label class="check">
            <input
              type="radio"
              name="source"
              checked={d.source === "text"}
              disabled={busy}
              onChange={() => set("source", "text")}
            />
            <span>{t("inbox.add-dialog.source_text")}</span>
          </label>
          <label class="check">
            <input
              type="radio"
              name="source"
              checked={d.source === "file"}
              disabled={busy}
              onChange={() => set("source", "file")}
            />
            <span>{t("inbox.add-dialog.source_file")}</span>
          </label>
        </fieldset>
        {d.source === "text" ? (
          <Field label={t("inbox.add-dialog.words")} hint={t("inbox.add-dialog.words_hint")}>
            {(p) => (
              <textarea
                {...p}
                name="text"
                rows={5}
                maxLength={5000}
                value={d.text}
                disabled={busy}
                onInput={(e) => set("text", e.currentTarget.value)}
              />
            )}
          </Field>
        ) : (
          <Field label={t("inbox.add-dialog.file")} hint={t("inbox.add-dialog.file_hint")}>
            {(p) => (
              <input
                {...p}
                type="file"
                name="file"
                accept="video/*,audio/*"
                disabled={busy}
                onChange={(e) => set("file", e.currentTarget.files?.[0] ?? null)}
              />
            )}
          </Field>
        )}
        <div class="add-grid">
          <Field label={t("inbox.add-dialog.name")}>
            {(p) => (
              <input
                {...p}
                name="name"
                maxLength={120}
                autoComplete="off"
                value={d.name}
                disabled={busy}
                onInput={(e) => set("name", e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label={t("inbox.add-dialog.email")} optional hint={t("inbox.add-dialog.email_hint")}>
            {(p) => (
              <input
                {...p}
                name="email"
                type="email"
                maxLength={254}
                autoComplete="off"
                value={d.email}
                disabled={busy}
                onInput={(e) => set("email", e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label={t("inbox.add-dialog.job_title")} optional>
            {(p) => (
              <input
                {...p}
                name="title"
                maxLength={120}
                value={d.title}
                disabled={busy}
                onInput={(e) => set("title", e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label={t("inbox.add-dialog.company")} optional>
            {(p) => (
              <input
                {...p}
                name="company"
                maxLength={120}
                value={d.company}
                disabled={busy}
                onInput={(e) => set("company", e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label={t("inbox.add-dialog.rating")} optional>
            {(p) => (
              <select
                {...p}
                name="rating"
                value={d.rating}
                disabled={busy}
                onChange={(e) => set("rating", e.currentTarget.value)}
              >
                <option value="">{t("inbox.add-dialog.no_rating")}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={String(n)}>
                    {t("inbox.add-dialog.stars", { n })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("inbox.add-dialog.photo")} optional hint={t("inbox.add-dialog.photo_hint")}>
            {(p) => (
              <input
                {...p}
                type="file"
                name="photo"
                accept="image/*"
                disabled={busy}
                onChange={(e) => set("photo", e.currentTarget.files?.[0] ?? null)}
              />
            )}
          </Field>
        </div>
        <label class="check attestation">
          <input
            type="checkbox"
            name="attested"
            checked={d.attested}
            disabled={busy}
            onChange={(e) => set("attested", e.currentTarget.checked)}
          />
          <span>{ATTESTATION_TEXT}</span>
        </label>
        {progress && (
          <div class="add-progress">
            <label>
              {t("inbox.add-dialog.sending_percent", { percent })}
              <progress max={100} value={percent} />
            </label>
          </div>
        )}
        {add.message && (
          <p class="field-error" role="alert">
            {add.message}
          </p>
        )}
        <div class="row dialog-actions">
          <Button
            type="submit"
            busy={busy}
            busyLabel={progress ? t("inbox.add-dialog.sending") : t("inbox.add-dialog.adding")}
          >
            {t("inbox.add-dialog.add")}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t("inbox.add-dialog.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
