/**
 * Choosing testimonials for a reel: the brand's processed, not rejected video testimonials, newest first, each
 * with the respondent, its length and its first words. Several can be ticked (a new reel, up to 12), or one
 * chosen (adding a clip).
 */
import type { Page } from "../../shared/api";
import { formatDate } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { LIMITS, seconds, type Testimonial } from "./types";
import { t } from "../i18n";

type Row = Testimonial & { created_at: string };

/** Props of `TestimonialPicker`. */
export interface PickerProps {
  brandId: string;
  selected: string[];
  onChange: (ids: string[]) => void;
  /** One at a time (adding to a reel) instead of ticking several. */
  single?: boolean;
}

/** The list of usable testimonials with checkboxes (or radio buttons). */
export function TestimonialPicker({ brandId, selected, onChange, single }: PickerProps) {
  const list = usePaged<Row>(
    (cursor) =>
      api.get<Page<Row>>("/v1/submissions", { query: { brand_id: brandId, status: "ready", limit: 100, cursor } }),
    [brandId],
  );
  const usable = list.items.filter((s) => s.kind === "video" && !s.rejected_at);
  const toggle = (id: string, on: boolean) => {
    if (single) return onChange(on ? [id] : []);
    onChange(on ? [...selected, id].slice(0, LIMITS.maxClips) : selected.filter((x) => x !== id));
  };
  if (list.loading) return <Loading label={t("reels.picker.loading")} />;
  return (
    <fieldset class="picker">
      <legend>{single ? t("reels.picker.choose_one") : t("reels.picker.choose_many", { max: LIMITS.maxClips })}</legend>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {usable.length === 0 && !list.error && <p class="empty">{t("reels.picker.none")}</p>}
      <ul class="picker-list">
        {usable.map((s) => {
          const position = selected.indexOf(s.id);
          return (
            <li key={s.id}>
              <label class="picker-row">
                <input
                  type={single ? "radio" : "checkbox"}
                  name="testimonial"
                  checked={position >= 0}
                  disabled={!single && position < 0 && selected.length >= LIMITS.maxClips}
                  onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                />
                <span class="picker-main">
                  <strong>{s.respondent_name || t("reels.picker.anonymous")}</strong>
                  <span class="muted small">
                    {" "}
                    · {s.duration_ms ? seconds(s.duration_ms) : "—"} · {formatDate(s.created_at)}
                  </span>
                  {!single && position >= 0 && <span class="picker-order"> #{position + 1}</span>}
                  <span class="picker-words small">
                    {(s.text_input ?? t("reels.picker.no_transcript")).slice(0, 160)}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {list.hasMore && (
        <Button small onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("reels.picker.loading_more")}>
          {t("reels.picker.more")}
        </Button>
      )}
    </fieldset>
  );
}
