/**
 * A photo the respondent sent after the testimonial was approved or made public: it waits for the team, shown here
 * beside the photo in use, and goes nowhere public until someone accepts it ("Use the new photo",
 * `POST /v1/submissions/{id}/photo/approve`). "Discard it" (`/photo/reject`) keeps the photo in use.
 */
import { Button } from "../../shared/ui/button";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { useAction } from "../use-action";
import { displayName } from "./status";
import type { SubmissionDetail } from "./types";
import { t } from "../i18n";

/** The review of a new photo; nothing when none is waiting. */
export function PhotoReview({ d, onChanged }: { d: SubmissionDetail; onChanged: (d: SubmissionDetail) => void }) {
  const name = displayName(d);
  const decide = useAction(
    async (action: "approve" | "reject") =>
      onChanged(await api.post<SubmissionDetail>(`/v1/submissions/${encodeURIComponent(d.id)}/photo/${action}`)),
    {
      success: (_, action) =>
        action === "approve" ? t("inbox.photo-review.used", { name }) : t("inbox.photo-review.discarded", { name }),
    },
  );
  const next = d.media.pending_avatar?.url;
  if (!d.photo_pending || !next) return null;
  const current = d.has_photo ? d.media.avatar?.url : undefined;

  return (
    <section class="photo-review" aria-labelledby="photo-review-title">
      <Notice tone="info">
        <h3 id="photo-review-title" class="notice-title">
          {t("inbox.photo-review.title")}
        </h3>
        <p>{current ? t("inbox.photo-review.text_current", { name }) : t("inbox.photo-review.text_none", { name })}</p>
        <div class="photo-review-pair">
          {current && (
            <figure>
              <img src={current} width={96} height={96} alt={t("inbox.photo-review.current_alt", { name })} />
              <figcaption>{t("inbox.photo-review.in_use")}</figcaption>
            </figure>
          )}
          <figure>
            <img src={next} width={96} height={96} alt={t("inbox.photo-review.new_alt", { name })} />
            <figcaption>{t("inbox.photo-review.new")}</figcaption>
          </figure>
        </div>
        <ErrorNotice error={decide.error} />
        <div class="photo-review-actions">
          <Button
            variant="primary"
            small
            busy={decide.running === "approve"}
            busyLabel={t("inbox.photo-review.using")}
            disabled={decide.busy}
            onClick={() => void decide.run("approve")}
          >
            {t("inbox.photo-review.use")}
          </Button>
          <Button
            small
            busy={decide.running === "reject"}
            busyLabel={t("inbox.photo-review.discarding")}
            disabled={decide.busy}
            onClick={() => void decide.run("reject")}
          >
            {t("inbox.photo-review.discard")}
          </Button>
        </div>
      </Notice>
    </section>
  );
}
