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
import { reasons, type ExportItem } from "./exports-shared";
import { t } from "../i18n";

const states = (): Record<ExportItem["status"], { label: string; tone: BadgeTone }> => ({
  queued: { label: t("exports-list.state_queued"), tone: "info" },
  building: { label: t("exports-list.state_building"), tone: "info" },
  ready: { label: t("exports-list.state_ready"), tone: "good" },
  failed: { label: t("exports-list.state_failed"), tone: "bad" },
  expired: { label: t("exports-list.state_expired"), tone: "neutral" },
});

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
  const state = states()[item.status];
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
        {t("exports-list.asked", { when: formatDateTime(item.created_at) })}
        {item.row_count !== null &&
          ` · ${t("exports-list.rows", { count: item.row_count, n: formatNumber(item.row_count) })}`}
        {item.byte_size !== null && ` · ${size(item.byte_size)}`}
        {item.file_expires_at && ` · ${t("exports-list.kept_until", { when: formatDateTime(item.file_expires_at) })}`}
      </p>
      {pending && (
        <p class="small" role="status">
          {item.progress.done
            ? t("exports-list.written", { n: formatNumber(item.progress.done) })
            : t("exports-list.starting")}
        </p>
      )}
      {item.status === "failed" && (
        <p class="field-error">
          {item.reason ?? t("exports-list.failed_default")} {t("exports-list.try_again")}
        </p>
      )}
      {item.status === "expired" && (
        <p class="small muted">{reasons()[item.reason ?? ""] ?? t("exports-list.deleted_default")}</p>
      )}
      <div class="row">
        {item.status === "ready" && item.download_url && (
          <a class="btn btn-primary btn-small" href={item.download_url} download>
            {t("exports-list.download")}
          </a>
        )}
        {item.status === "ready" && (
          <Button
            small
            variant="ghost"
            onClick={() => void api.get<ExportItem>(`/v1/exports/${item.id}`).then(onChange)}
          >
            {t("exports-list.new_link")}
          </Button>
        )}
        <ConfirmButton
          label={t("exports-list.delete")}
          question={t("exports-list.delete_question")}
          confirmLabel={t("exports-list.delete_confirm")}
          busyLabel={t("exports-list.deleting")}
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
  if (!list.items.length) return <p class="empty">{t("exports-list.empty")}</p>;
  return (
    <ul class="stack export-list" aria-label={t("exports-list.label")}>
      {list.items.map((item) => (
        <Row key={item.id} item={item} describe={describe} onChange={list.replace} onDeleted={list.remove} />
      ))}
    </ul>
  );
}
