/**
 * The list of exports, newest first: what each holds, its state (with progress while building), and the
 * download. Polls every two seconds while any export is still being built.
 */
import { useEffect } from "preact/hooks";
import type { PagedState } from "../../shared/hooks";
import { formatDateTime, formatNumber } from "../../shared/format";
import { Badge, type BadgeTone } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { api } from "../api";
import { REASONS, type ExportItem } from "./exports-shared";

const STATE: Record<ExportItem["status"], { label: string; tone: BadgeTone }> = {
  queued: { label: "Waiting", tone: "info" },
  building: { label: "Building", tone: "info" },
  ready: { label: "Ready", tone: "good" },
  failed: { label: "Failed", tone: "bad" },
  expired: { label: "File deleted", tone: "neutral" },
};

const size = (bytes: number | null) =>
  bytes === null
    ? ""
    : bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 ** 2
        ? `${(bytes / 1024).toFixed(1)} KB`
        : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

function Row({
  item,
  describe,
  onChange,
  onDeleted,
}: {
  item: ExportItem;
  describe: (e: ExportItem) => string;
  onChange: (e: ExportItem) => void;
  onDeleted: (id: string) => void;
}) {
  const state = STATE[item.status];
  const pending = item.status === "queued" || item.status === "building";
  return (
    <li class="card export-row" data-export={item.id}>
      <div class="export-head">
        <span class="export-what">
          <strong>{item.format.toUpperCase()}</strong> · {describe(item)}
        </span>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <p class="small muted">
        Asked {formatDateTime(item.created_at)}
        {item.row_count !== null && ` · ${formatNumber(item.row_count)} testimonial${item.row_count === 1 ? "" : "s"}`}
        {item.byte_size !== null && ` · ${size(item.byte_size)}`}
        {item.file_expires_at && ` · kept until ${formatDateTime(item.file_expires_at)}`}
      </p>
      {pending && (
        <p class="small" role="status">
          {item.progress.done ? `${formatNumber(item.progress.done)} testimonials written…` : "Starting…"}
        </p>
      )}
      {item.status === "failed" && (
        <p class="field-error">{item.reason ?? "The file could not be built."} Create a new export to try again.</p>
      )}
      {item.status === "expired" && <p class="small muted">{REASONS[item.reason ?? ""] ?? "The file was deleted."}</p>}
      <div class="row">
        {item.status === "ready" && item.download_url && (
          <a class="btn btn-primary btn-small" href={item.download_url} download>
            Download
          </a>
        )}
        {item.status === "ready" && (
          <Button
            small
            variant="ghost"
            onClick={() => void api.get<ExportItem>(`/v1/exports/${item.id}`).then(onChange)}
          >
            New download link
          </Button>
        )}
        <ConfirmButton
          label="Delete"
          question="Delete this export and its file?"
          confirmLabel="Delete export"
          busyLabel="Deleting…"
          onConfirm={async () => {
            await api.del(`/v1/exports/${item.id}`);
            onDeleted(item.id);
          }}
        />
      </div>
    </li>
  );
}

/** The exports list; `describe` turns an export's filters into words. */
export function ExportList({ list, describe }: { list: PagedState<ExportItem>; describe: (e: ExportItem) => string }) {
  const pending = list.items.filter((e) => e.status === "queued" || e.status === "building").map((e) => e.id);
  const key = pending.join(",");
  useEffect(() => {
    if (!key) return;
    const timer = setInterval(() => {
      for (const id of key.split(","))
        void api.get<ExportItem>(`/v1/exports/${id}`).then(list.replace, () => undefined);
    }, 2000);
    return () => clearInterval(timer);
  }, [key]);
  if (!list.items.length) return <p class="empty">No exports yet.</p>;
  return (
    <ul class="stack export-list" aria-label="Exports">
      {list.items.map((item) => (
        <Row key={item.id} item={item} describe={describe} onChange={list.replace} onDeleted={list.remove} />
      ))}
    </ul>
  );
}
