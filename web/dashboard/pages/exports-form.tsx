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

const STATUSES = ["uploading", "processing", "ready", "failed"];
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
  if (!preview.data.length) return <p class="empty">No testimonial matches these filters.</p>;
  const cell = (v: unknown) => (v === null || v === undefined ? "—" : Array.isArray(v) ? v.join(", ") : String(v));
  return (
    <div class="table-wrap">
      <table class="export-preview">
        <caption class="sr-only">First testimonials of the export</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Sent</th>
            <th scope="col">Kind</th>
            <th scope="col">Approved</th>
            <th scope="col">Public</th>
            <th scope="col">Words</th>
          </tr>
        </thead>
        <tbody>
          {preview.data.map((r) => (
            <tr key={String(r.id)}>
              <td>{cell(r.respondent_name)}</td>
              <td>{cell(r.created_at).slice(0, 10)}</td>
              <td>{cell(r.kind)}</td>
              <td>{r.is_approved ? "Yes" : "No"}</td>
              <td>{r.is_public ? "Yes" : "No"}</td>
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
      <h2 id="export-form-title">New export</h2>
      <div class="form-grid">
        <Field label="Brand">
          {select("brand", [
            ["current", brand ? brand.name : "This brand"],
            ["all", "All brands"],
          ])}
        </Field>
        <Field label="Status">
          {select("status", [
            ["", "Any"],
            ...STATUSES.map((s): [string, string] => [s, s[0]!.toUpperCase() + s.slice(1)]),
          ])}
        </Field>
        <Field label="Origin">
          {select("origin", [
            ["", "Any"],
            ["collected", "Collected"],
            ["imported", "Imported"],
            ["manual", "Added by hand"],
          ])}
        </Field>
        <Field label="Approved">
          {select("is_approved", [
            ["", "Any"],
            ["true", "Approved"],
            ["false", "Not approved"],
          ])}
        </Field>
        <Field label="Visibility">
          {select("is_public", [
            ["", "Any"],
            ["true", "Public"],
            ["false", "Private"],
          ])}
        </Field>
        <Field label="Tag">
          {select("tag_id", [
            ["", "Any"],
            ...(tags.data?.data ?? []).map((t): [string, string] => [
              t.id,
              tagLabel(t, brands, form.brand === "current" ? brand?.id : undefined),
            ]),
          ])}
        </Field>
        <Field label="Words" optional hint="Only testimonials containing these words.">
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
        <Field label="Format" hint="CSV opens in spreadsheets; JSON keeps types and lists.">
          {select("format", [
            ["csv", "CSV"],
            ["json", "JSON"],
          ])}
        </Field>
      </div>
      <p class="hint export-note">
        Exports include respondents' email addresses. Files are kept for 7 days, and deleted at once if a testimonial in
        them is erased.
      </p>
      <ErrorNotice error={send.error} />
      <div class="row">
        <Button
          variant="primary"
          type="submit"
          busy={send.running === "create"}
          busyLabel="Asking…"
          disabled={send.busy}
        >
          Create export
        </Button>
        <Button
          onClick={() => void send.run("preview")}
          busy={send.running === "preview"}
          busyLabel="Counting…"
          disabled={send.busy}
        >
          Preview
        </Button>
      </div>
      {preview && (
        <section class="stack export-preview-box" aria-live="polite">
          <p>
            <strong>{formatNumber(preview.count)}</strong> testimonial{preview.count === 1 ? "" : "s"} would be
            exported.
            {preview.count > preview.data.length && ` The first ${preview.data.length}:`}
          </p>
          <PreviewTable preview={preview} />
        </section>
      )}
    </form>
  );
}
