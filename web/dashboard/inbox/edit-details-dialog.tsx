/**
 * "Edit details": corrects the respondent's name, job title, company, photo and answers to the link's questions
 * (`PATCH /v1/submissions/{id}`). Only what changed is sent; what the respondent first sent is kept by the server
 * and shown in the testimonial as "Corrected — original: …". Widgets, walls and share images follow at once.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { api } from "../api";
import { useAction } from "../use-action";
import { Dialog } from "./dialog";
import { photoAsBase64 } from "./photo-data";
import type { SubmissionDetail } from "./types";
import { t } from "../i18n";

/** Props of `EditDetailsDialog`. */
export interface EditDetailsDialogProps {
  d: SubmissionDetail;
  onSaved: (d: SubmissionDetail) => void;
  onClose: () => void;
}

type Answer = SubmissionDetail["custom_fields"][number];

/** The form in a dialog. */
export function EditDetailsDialog({ d, onSaved, onClose }: EditDetailsDialogProps) {
  const [name, setName] = useState(d.respondent_name);
  const [title, setTitle] = useState(d.respondent_title ?? "");
  const [company, setCompany] = useState(d.respondent_company ?? "");
  const [answers, setAnswers] = useState<Answer[]>(d.custom_fields);
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);

  const save = useAction(
    async () => {
      const body: Record<string, unknown> = {};
      if (name.trim() !== d.respondent_name) body.respondent_name = name;
      if (title.trim() !== (d.respondent_title ?? "")) body.respondent_title = title.trim() || null;
      if (company.trim() !== (d.respondent_company ?? "")) body.respondent_company = company.trim() || null;
      const changed = answers.filter((a, i) => a.value !== d.custom_fields[i]?.value);
      if (changed.length) body.custom_fields = changed.map((a) => ({ id: a.id, value: a.value }));
      if (photo) body.avatar = await photoAsBase64(photo);
      else if (removePhoto) body.avatar = null;
      if (Object.keys(body).length === 0) {
        onClose();
        return null;
      }
      const updated = await api.patch<SubmissionDetail>(`/v1/submissions/${d.id}`, body);
      onSaved(updated);
      onClose();
      return updated;
    },
    {
      leaves: true,
      success: (r) => (r ? t("inbox.edit-details-dialog.saved") : t("inbox.edit-details-dialog.unchanged")),
    },
  );

  const submit = (e: Event) => {
    e.preventDefault();
    if (!name.trim()) return save.fail(t("inbox.edit-details-dialog.need_name"));
    void save.run();
  };
  const setAnswer = (i: number, value: string | boolean) =>
    setAnswers((prev) => prev.map((a, j) => (j === i ? { ...a, value } : a)));

  return (
    <Dialog title={t("inbox.edit-details-dialog.title")} onClose={() => !save.busy && onClose()}>
      <form onSubmit={submit} noValidate>
        <p class="small muted">{t("inbox.edit-details-dialog.intro")}</p>
        <Field label={t("inbox.edit-details-dialog.name")}>
          {(p) => (
            <input
              {...p}
              name="respondent_name"
              maxLength={120}
              autoFocus
              value={name}
              disabled={save.busy}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t("inbox.edit-details-dialog.job_title")} optional>
          {(p) => (
            <input
              {...p}
              name="respondent_title"
              maxLength={120}
              value={title}
              disabled={save.busy}
              onInput={(e) => setTitle(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t("inbox.edit-details-dialog.company")} optional>
          {(p) => (
            <input
              {...p}
              name="respondent_company"
              maxLength={120}
              value={company}
              disabled={save.busy}
              onInput={(e) => setCompany(e.currentTarget.value)}
            />
          )}
        </Field>
        {answers.map((a, i) =>
          typeof a.value === "boolean" ? (
            <label class="check" key={a.id}>
              <input
                type="checkbox"
                checked={a.value}
                disabled={save.busy}
                onChange={(e) => setAnswer(i, e.currentTarget.checked)}
              />
              <span>{a.label}</span>
            </label>
          ) : (
            <Field label={a.label} key={a.id}>
              {(p) => (
                <input
                  {...p}
                  maxLength={500}
                  value={a.value as string}
                  disabled={save.busy}
                  onInput={(e) => setAnswer(i, e.currentTarget.value)}
                />
              )}
            </Field>
          ),
        )}
        <Field label={t("inbox.edit-details-dialog.photo")} optional hint={t("inbox.edit-details-dialog.photo_hint")}>
          {(p) => (
            <input
              {...p}
              type="file"
              accept="image/*"
              disabled={save.busy}
              onChange={(e) => setPhoto(e.currentTarget.files?.[0] ?? null)}
            />
          )}
        </Field>
        {d.has_photo && !photo && (
          <label class="check">
            <input
              type="checkbox"
              checked={removePhoto}
              disabled={save.busy}
              onChange={(e) => setRemovePhoto(e.currentTarget.checked)}
            />
            <span>{t("inbox.edit-details-dialog.remove_photo")}</span>
          </label>
        )}
        {save.message && (
          <p class="field-error" role="alert">
            {save.message}
          </p>
        )}
        <div class="row dialog-actions">
          <Button type="submit" busy={save.busy} busyLabel={t("inbox.edit-details-dialog.saving")}>
            {t("inbox.edit-details-dialog.save")}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={save.busy}>
            {t("inbox.edit-details-dialog.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
