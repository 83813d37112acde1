/**
 * The export form: the list's filters (starting from the address bar's, so the inbox can link here with its
 * filters), the format, a preview of the count and first rows, and the button that asks for the file.
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { useAsync } from "../../shared/hooks";
import { formatNumber } from "../../shared/format";
import { Button } from "../../shared/ui/button";
import { Field, type FieldControlProps } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { useSession } from "../session";
import { useAction } from "../use-action";
import { filtersOf, type ExportForm, type ExportItem, type ExportPreview } from "./exports-shared";
import type { Tag } from "../types";
import { tagLabel } from "../tag-label";
import { rich, t } from "../i18n";

const STATUSES = ["uploading", "processing", "ready", "failed"];
/** Each status's option label. */
const statusLabels = (): Record<string, string> => ({
  uploading: t("exports-form.status_uploading"),
  processing: t("exports-form.status_processing"),
  ready: t("exports-form.status_ready"),
  failed: t("exports-form.status_failed"),
});
const pick = (v: string | null, allowed: string[]) => (v && allowed.includes(v) ? v : "");

/** The form's first values, from `?status=…&is_approved=…` when present. */
export function initialForm(query: URLSearchParams): ExportForm {
  return {
    format: query.get("format") === "json" ? "json" : "csv",
    brand: query.get("brand") === "all" ? "all" : "current",
    status: pick(query.get("status"), STATUSES),
    origin: pick(query.get("origin"), ["collected", "imported", "manual"]),
    is_approved: pick(query.get("is_approved"), ["true", "false"]) as ExportForm["is_approved"],
    is_public: pick(query.get("is_public"), ["true", "false"]) as ExportForm["is_public"],
    tag_id: (query.get("tag_id") ?? "").slice(0, 64),
    q: (query.get("q") ?? "").slice(0, 200),
  };
}

function PreviewTable({ preview }: { preview: ExportPreview }) {
  if (!preview.data.length) return <p class="empty">{t("exports-form.no_match")}</p>;
  const cell = (v: unknown) => (v === null || v === undefined ? "—" : Array.isArray(v) ? v.join(", ") : String(v));
  return (
    <div class="table-wrap">
      <table class="export-preview">
        <caption class="sr-only">{t("exports-form.preview_caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("exports-form.col_name")}</th>
            <th scope="col">{t("exports-form.col_sent")}</th>
            <th scope="col">{t("exports-form.col_kind")}</th>
            <th scope="col">{t("exports-form.col_approved")}</th>
            <th scope="col">{t("exports-form.col_public")}</th>
            <th scope="col">{t("exports-form.col_words")}</th>
          </tr>
        </thead>
        <tbody>
          {preview.data.map((r) => (
            <tr key={String(r.id)}>
              <td>{cell(r.respondent_name)}</td>
              <td>{cell(r.created_at).slice(0, 10)}</td>
              <td>{cell(r.kind)}</td>
              <td>{r.is_approved ? t("exports-form.yes") : t("exports-form.no")}</td>
              <td>{r.is_public ? t("exports-form.yes") : t("exports-form.no")}</td>
              <td class="export-words">{cell(r.text)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The form; `onCreated` receives the new export. */
export function ExportFormCard({ initial, onCreated }: { initial: ExportForm; onCreated: (e: ExportItem) => void }) {
  const { brand, brands, mode } = useSession();
  const [form, setForm] = useState(initial);
  const [preview, setPreview] = useState<ExportPreview | null>(null);
  const tags = useAsync(() => api.get<Page<Tag>>("/v1/tags", { query: { limit: 100 } }), [mode]);
  const set = <K extends keyof ExportForm>(key: K, value: ExportForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setPreview(null);
  };
  const send = useAction(async (what: "preview" | "create") => {
    const filters = filtersOf(form, brand?.id ?? null);
    if (what === "preview")
      setPreview(await api.post<ExportPreview>("/v1/exports/preview", { ...filters, format: form.format }));
    else onCreated(await api.post<ExportItem>("/v1/exports", { ...filters, format: form.format }));
  });
  const select = (key: keyof ExportForm, options: [string, string][]) => (p: FieldControlProps) => (
    <select {...p} value={form[key]} onChange={(e) => set(key, e.currentTarget.value as never)}>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
  return (
    <form
      class="card form-card"
      aria-labelledby="export-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        void send.run("create");
      }}
    >
      <h2 id="export-form-title">{t("exports-form.title")}</h2>
      <div class="form-grid">
        <Field label={t("exports-form.brand")}>
          {select("brand", [
            ["current", brand ? brand.name : t("exports-form.this_brand")],
            ["all", t("exports-form.all_brands")],
          ])}
        </Field>
        <Field label={t("exports-form.status")}>
          {select("status", [
            ["", t("exports-form.any")],
            ...STATUSES.map((s): [string, string] => [s, statusLabels()[s] ?? s]),
          ])}
        </Field>
        <Field label={t("exports-form.origin")}>
          {select("origin", [
            ["", t("exports-form.any")],
            ["collected", t("exports-form.origin_collected")],
            ["imported", t("exports-form.origin_imported")],
            ["manual", t("exports-form.origin_manual")],
          ])}
        </Field>
        <Field label={t("exports-form.approved")}>
          {select("is_approved", [
            ["", t("exports-form.any")],
            ["true", t("exports-form.approved_yes")],
            ["false", t("exports-form.approved_no")],
          ])}
        </Field>
        <Field label={t("exports-form.visibility")}>
          {select("is_public", [
            ["", t("exports-form.any")],
            ["true", t("exports-form.public")],
            ["false", t("exports-form.private")],
          ])}
        </Field>
        <Field label={t("exports-form.tag")}>
          {select("tag_id", [
            ["", t("exports-form.any")],
            ...(tags.data?.data ?? []).map((tag): [string, string] => [
              tag.id,
              tagLabel(tag, brands, form.brand === "current" ? brand?.id : undefined),
            ]),
          ])}
        </Field>
        <Field label={t("exports-form.words")} optional hint={t("exports-form.words_hint")}>
          {(p) => (
            <input
              {...p}
              type="search"
              maxLength={200}
              value={form.q}
              onInput={(e) => set("q", e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t("exports-form.format")} hint={t("exports-form.format_hint")}>
          {select("format", [
            ["csv", "CSV"],
            ["json", "JSON"],
          ])}
        </Field>
      </div>
      <p class="hint export-note">{t("exports-form.note")}</p>
      <ErrorNotice error={send.error} />
      <div class="row">
        <Button
          variant="primary"
          type="submit"
          busy={send.running === "create"}
          busyLabel={t("exports-form.asking")}
          disabled={send.busy}
        >
          {t("exports-form.create")}
        </Button>
        <Button
          onClick={() => void send.run("preview")}
          busy={send.running === "preview"}
          busyLabel={t("exports-form.counting")}
          disabled={send.busy}
        >
          {t("exports-form.preview")}
        </Button>
      </div>
      {preview && (
        <section class="stack export-preview-box" aria-live="polite">
          <p>
            {rich("exports-form.preview_count", {
              count: preview.count,
              n: formatNumber(preview.count),
              strong: (parts) => <strong>{parts}</strong>,
            })}
            {preview.count > preview.data.length &&
              ` ${t("exports-form.preview_first", { n: String(preview.data.length) })}`}
          </p>
          <PreviewTable preview={preview} />
        </section>
      )}
    </form>
  );
}
