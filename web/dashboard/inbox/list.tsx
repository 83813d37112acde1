/**
 * The inbox list: one row per testimonial with a selection box, who and when, the first words, and badges for
 * its status, the team's decision, its visibility, a new photo waiting for review, and a recording's words that
 * nobody has checked or that are hidden from public places. The open testimonial is marked with `aria-current`.
 */
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { formatDateTime } from "../../shared/format";
import { hrefFor, navigate } from "../router";
import { StateBadge } from "./state-badge";
import { Badge } from "../../shared/ui/badge";
import { decisionView, displayName, failureOf, kindLabel, statusView, uploadShare, visibilityView } from "./status";
import { stars } from "./preview";
import type { Submission } from "./types";
import { formatDuration } from "./words";
import { t } from "../i18n";

/** Props of `InboxList`. */
export interface InboxListProps {
  items: Submission[];
  openId: string | null;
  selected: ReadonlySet<string>;
  /** The address of a testimonial's detail (keeps the filters). */
  pathOf: (id: string) => string;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  filtered: boolean;
}

/** The first words of a testimonial, or what stands in for them. */
function excerpt(s: Submission): string {
  if (s.status === "uploading" && s.upload?.stalled)
    return t("inbox.list.stalled", {
      share: uploadShare(s.upload),
      when: formatDateTime(s.upload.removed_by),
    });
  if (s.status === "uploading") return t("inbox.list.uploading");
  if (s.status === "processing") return t("inbox.list.processing");
  if (s.status === "failed") return failureOf(s.failure_reason)?.message ?? t("inbox.list.failed");
  const text = s.text_input?.trim();
  if (!text) return t("inbox.list.no_words");
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

function Row({
  s,
  open,
  selected,
  pathOf,
  onToggle,
}: {
  s: Submission;
  open: boolean;
  selected: boolean;
  pathOf: (id: string) => string;
  onToggle: (id: string) => void;
}) {
  const name = displayName(s);
  const to = pathOf(s.id);
  return (
    <li class={`inbox-row${open ? " inbox-row-open" : ""}${selected ? " inbox-row-selected" : ""}`} data-id={s.id}>
      <input
        type="checkbox"
        class="inbox-row-check"
        checked={selected}
        onChange={() => onToggle(s.id)}
        aria-label={t("inbox.list.select", { name })}
      />
      <a
        class="inbox-row-main"
        href={hrefFor(to)}
        aria-current={open ? "true" : undefined}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          navigate(to);
        }}
      >
        <span class="inbox-row-head">
          <strong class="inbox-row-name">{name}</strong>
          <span class="muted small">
            {kindLabel(s)}
            {s.kind !== "text" && s.duration_ms
              ? t("inbox.list.duration", { length: formatDuration(s.duration_ms) })
              : ""}{" "}
            · {formatDateTime(s.created_at)}
          </span>
        </span>
        <span class={`inbox-row-text${s.status === "failed" ? " inbox-row-failed" : ""}`}>{excerpt(s)}</span>
        <span class="inbox-row-badges">
          <StateBadge view={statusView(s)} />
          <StateBadge view={decisionView(s)} />
          <StateBadge view={visibilityView(s)} />
          {s.photo_pending && <Badge tone="info">{t("inbox.list.new_photo")}</Badge>}
          {s.kind !== "text" && s.status === "ready" && s.words_draft && (
            <Badge tone="warn">{t("inbox.list.words_unchecked")}</Badge>
          )}
          {s.kind !== "text" && s.hide_words && <Badge tone="neutral">{t("inbox.list.words_hidden")}</Badge>}
          {s.rating ? (
            <span class="inbox-stars" role="img" aria-label={t("inbox.list.rated", { rating: s.rating })}>
              {stars(s.rating)}
            </span>
          ) : null}
        </span>
      </a>
    </li>
  );
}

/** The list with its loading, empty and "show more" states. */
export function InboxList(p: InboxListProps) {
  const allSelected = p.items.length > 0 && p.items.every((s) => p.selected.has(s.id));
  return (
    <section class="inbox-list" aria-label={t("inbox.list.label")}>
      <ErrorNotice error={p.error} onRetry={p.onRetry} />
      {p.loading ? (
        <Loading label={t("inbox.list.loading")} />
      ) : (
        <>
          {p.items.length > 0 && (
            <label class="inbox-select-all check">
              <input type="checkbox" checked={allSelected} onChange={(e) => p.onToggleAll(e.currentTarget.checked)} />
              <span>{t("inbox.list.select_all", { count: p.items.length })}</span>
            </label>
          )}
          {p.items.length === 0 && !p.error && (
            <p class="empty">{p.filtered ? t("inbox.list.none_filtered") : t("inbox.list.none")}</p>
          )}
          <ul class="inbox-rows">
            {p.items.map((s) => (
              <Row
                key={s.id}
                s={s}
                open={s.id === p.openId}
                selected={p.selected.has(s.id)}
                pathOf={p.pathOf}
                onToggle={p.onToggle}
              />
            ))}
          </ul>
          {p.hasMore && (
            <Button onClick={p.onLoadMore} busy={p.loadingMore} busyLabel={t("inbox.list.loading_more")}>
              {t("inbox.list.more")}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
