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

/** The review of a new photo; nothing when none is waiting. */
export function PhotoReview({ d, onChanged }: { d: SubmissionDetail; onChanged: (d: SubmissionDetail) => void }) {
  const name = displayName(d);
  const decide = useAction(
    async (action: "approve" | "reject") =>
      onChanged(await api.post<SubmissionDetail>(`/v1/submissions/${encodeURIComponent(d.id)}/photo/${action}`)),
    {
      success: (_, action) =>
        action === "approve" ? `${name}’s new photo is in use` : `Discarded ${name}’s new photo`,
    },
  );
  const next = d.media.pending_avatar?.url;
  if (!d.photo_pending || !next) return null;
  const current = d.has_photo ? d.media.avatar?.url : undefined;

  return (
    <section class="photo-review" aria-labelledby="photo-review-title">
      <Notice tone="info">
        <h3 id="photo-review-title" class="notice-title">
          New photo waiting for review
        </h3>
        <p>
          {name} sent a new photo after this testimonial was approved or made public. It is not shown anywhere until you
          use it;
          {current ? " widgets and the wall keep the current photo until then." : " until then no photo is shown."}
        </p>
        <div class="photo-review-pair">
          {current && (
            <figure>
              <img src={current} width={96} height={96} alt={`Current photo of ${name}`} />
              <figcaption>In use</figcaption>
            </figure>
          )}
          <figure>
            <img src={next} width={96} height={96} alt={`New photo sent by ${name}`} />
            <figcaption>New</figcaption>
          </figure>
        </div>
        <ErrorNotice error={decide.error} />
        <div class="photo-review-actions">
          <Button
            variant="primary"
            small
            busy={decide.running === "approve"}
            busyLabel="Using it…"
            disabled={decide.busy}
            onClick={() => void decide.run("approve")}
          >
            Use the new photo
          </Button>
          <Button
            small
            busy={decide.running === "reject"}
            busyLabel="Discarding…"
            disabled={decide.busy}
            onClick={() => void decide.run("reject")}
          >
            Discard it
          </Button>
        </div>
      </Notice>
    </section>
  );
}
