/**
 * The open testimonial: who and what (with the respondent's photo, and a new one waiting for review), the decisions,
 * its processing state, the recording with its transcript (or the written words), its trim and cover, the public preview, share
 * images, tags, the answers to the link's own questions, respondent details (with "Edit details"), the consent record,
 * and deletion.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { formatDateTime } from "../../shared/format";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { CustomAnswers, RespondentPhoto } from "./answers";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { hrefFor, navigate } from "../router";
import { ModerationBar, type PublishStep } from "./moderation-bar";
import { Player, useStableMedia } from "./player";
import { byline } from "./preview";
import { PreviewCard } from "./preview-card";
import { PhotoReview } from "./photo-review";
import { ShareCard } from "./share-card";
import { ConsentRecord, RespondentDetails } from "./respondent";
import { EditDetailsDialog } from "./edit-details-dialog";
import { StateBadge } from "./state-badge";
import { decisionView, displayName, kindLabel, statusView, visibilityView } from "./status";
import { StatusPanel } from "./status-panel";
import { TagPicker } from "./tag-picker";
import { TranscriptEditor } from "./transcript-editor";
import { TranscriptView } from "./transcript";
import { TrimCoverEditor } from "./trim-cover-editor";
import { asTrimmed } from "./trim-snap";
import type { Submission, SubmissionDetail, Tag, Transcript } from "./types";
import type { Moderation } from "./use-moderation";
import { t } from "../i18n";

/** Props of `Detail`. */
export interface DetailProps {
  d: SubmissionDetail;
  mod: Moderation;
  allTags: Tag[];
  editing: boolean;
  setEditing: (editing: boolean) => void;
  onReject: () => void;
  /** Publishes (the page asks first about words nobody has checked). */
  onPublish: (s: Submission, step: PublishStep) => void;
  /** The brand's name, for a tag created here. */
  brandName: string;
  /** A change to this testimonial made here (tags, transcript). */
  onChanged: (d: SubmissionDetail) => void;
  onTagCreated: (tag: Tag) => void;
  onDeleted: (id: string) => void;
  /** Reads the testimonial again (fresh media addresses, sentiment after an edit). */
  refresh: () => Promise<void>;
  /** The list's address (for "All testimonials" on narrow screens). */
  listPath: string;
}

function WrittenWords({ d }: { d: SubmissionDetail }) {
  return (
    <section aria-labelledby="words-title">
      <h3 id="words-title">{t("inbox.detail.their_words")}</h3>
      <blockquote class="written-words">{d.text_input ?? ""}</blockquote>
      <p class="small muted">
        {d.origin === "imported"
          ? t("inbox.detail.origin_imported")
          : d.origin === "manual"
            ? t("inbox.detail.origin_manual")
            : t("inbox.detail.origin_typed")}
      </p>
    </section>
  );
}

/** The detail panel of one testimonial. */
export function Detail(p: DetailProps) {
  const { d, mod } = p;
  const [element, setElement] = useState<HTMLMediaElement | null>(null);
  const [generation, setGeneration] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const [editingDetails, setEditingDetails] = useState(false);
  const media = useStableMedia(d, generation);
  const wasEditing = useRef(p.editing);
  const name = displayName(d);
  const by = byline({ title: d.respondent_title, company: d.respondent_company });

  // Leaving the editor puts focus back on the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !p.editing) document.querySelector<HTMLElement>(".transcript-tools button")?.focus();
    wasEditing.current = p.editing;
  }, [p.editing]);

  const reload = async () => {
    await p.refresh();
    setGeneration((g) => g + 1);
  };

  const onSaved = (tr: Transcript) => {
    p.onChanged({ ...d, transcript: tr, text_input: tr.text, words_draft: tr.draft });
    p.setEditing(false);
    setSaved(t("inbox.detail.saved", { count: tr.words.length }));
    // New words change the sentiment and the captions: read both again.
    void reload().catch(() => undefined);
  };

  return (
    <article class="detail" aria-labelledby="detail-title">
      <a
        class="detail-back"
        href={hrefFor(p.listPath)}
        onClick={(e) => {
          e.preventDefault();
          navigate(p.listPath);
        }}
      >
        {t("inbox.detail.back")}
      </a>
      <header class="detail-head">
        <RespondentPhoto d={d} />
        <h2 id="detail-title" tabIndex={-1}>
          {name}
        </h2>
        <p class="muted detail-sub">
          {by && t("inbox.detail.byline", { by })}
          {t("inbox.detail.received", { kind: kindLabel(d), when: formatDateTime(d.created_at) })}
        </p>
        <p class="inbox-row-badges">
          <StateBadge view={statusView(d)} />
          <StateBadge view={decisionView(d)} />
          <StateBadge view={visibilityView(d)} />
        </p>
      </header>
      <ModerationBar s={d} mod={mod} onReject={p.onReject} onPublish={p.onPublish} />
      <ErrorNotice error={mod.error} />
      {d.rejected_at && (
        <Notice tone="warning" title={t("inbox.detail.rejected", { when: formatDateTime(d.rejected_at) })}>
          <p>{t("inbox.detail.reason", { reason: d.rejection_reason ?? "" })}</p>
        </Notice>
      )}
      <PhotoReview d={d} onChanged={p.onChanged} />
      <StatusPanel d={d} mod={mod} />
      <div class="detail-grid">
        <div class="detail-main">
          <Player key={generation} detail={d} media={media} onMedia={setElement} onReload={() => void reload()} />
          {saved && (
            <Notice tone="success" title={t("inbox.detail.corrected")}>
              {saved}
            </Notice>
          )}
          {d.transcript && p.editing ? (
            <TranscriptEditor
              submissionId={d.id}
              transcript={d.transcript}
              onSaved={onSaved}
              onCancel={() => p.setEditing(false)}
            />
          ) : d.transcript ? (
            <TranscriptView
              transcript={d.transcript}
              media={element}
              showTimings={!!saved}
              onEdit={d.status === "ready" ? () => p.setEditing(true) : undefined}
              onConfirm={d.status === "ready" ? () => void mod.confirmWords(d) : undefined}
              confirming={mod.busy === "confirm"}
            />
          ) : d.kind === "text" ? (
            <WrittenWords d={d} />
          ) : null}
          <TrimCoverEditor d={d} onChanged={p.onChanged} onDone={() => void reload().catch(() => undefined)} />
          <PreviewCard s={asTrimmed(d)} poster={media.poster?.url} />
          <ShareCard d={d} />
        </div>
        <div class="detail-side">
          <TagPicker
            submissionId={d.id}
            brandId={d.brand_id}
            brandName={p.brandName}
            tags={d.tags}
            allTags={p.allTags}
            onChange={(tags) => p.onChanged({ ...d, tags })}
            onCreated={p.onTagCreated}
          />
          <CustomAnswers d={d} />
          <RespondentDetails d={d} onEdit={() => setEditingDetails(true)} />
          <ConsentRecord d={d} />
          <section aria-labelledby="delete-title" class="detail-danger">
            <h3 id="delete-title">{t("inbox.detail.delete_title")}</h3>
            <p class="small muted">{t("inbox.detail.delete_text")}</p>
            <ConfirmButton
              label={t("inbox.detail.delete")}
              question={t("inbox.detail.delete_question", { name })}
              confirmLabel={t("inbox.detail.delete_confirm")}
              busyLabel={t("inbox.detail.deleting")}
              onConfirm={async () => {
                await mod.remove(d);
                p.onDeleted(d.id);
              }}
            />
          </section>
        </div>
      </div>
      {editingDetails && <EditDetailsDialog d={d} onSaved={p.onChanged} onClose={() => setEditingDetails(false)} />}
    </article>
  );
}
