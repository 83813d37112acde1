/**
 * One reel's editor: its clips on word-level timelines (drag the handles; they snap to word edges), each clip's span
 * played in place and the whole cut played in order before rendering (reels/clip-preview.tsx,
 * reels/sequence-player.tsx), reordering, adding a testimonial, settings, the render with its live progress, the
 * players for each size, and sharing.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import { PageHeader } from "../page";
import { Link, navigate } from "../router";
import { useSession } from "../session";
import { useToast } from "../toasts";
import { useAction } from "../use-action";
import { ClipList } from "../reels/clip-list";
import { Players, SharePanel } from "../reels/output";
import { TestimonialPicker } from "../reels/picker";
import { RenderPanel } from "../reels/render-panel";
import { ReelSettings } from "../reels/settings";
import { LIMITS } from "../reels/types";
import { useReel } from "../reels/use-reel";
import { useTestimonials } from "../reels/use-testimonials";

function AddClip({ brandId, onAdd }: { brandId: string; onAdd: (id: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const { busy, error, run } = useAction(async (id: string) => {
    await onAdd(id);
    setOpen(false);
    setPicked([]);
  });
  if (!open) return <Button onClick={() => setOpen(true)}>{t("reel-editor.add_testimonial")}</Button>;
  return (
    <div class="card">
      <TestimonialPicker brandId={brandId} selected={picked} onChange={setPicked} single />
      <ErrorNotice error={error} />
      <div class="row">
        <Button
          variant="primary"
          disabled={!picked.length}
          busy={busy}
          busyLabel={t("reel-editor.suggesting")}
          onClick={() => void run(picked[0]!)}
        >
          {t("reel-editor.add_at_end")}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t("reel-editor.cancel")}
        </Button>
      </div>
    </div>
  );
}

/** The editor of reel `id`. */
export function ReelEditorPage({ id }: { id: string }) {
  const { brand } = useSession();
  const toast = useToast();
  const s = useReel(id);
  const testimonials = useTestimonials(s.reel?.clips.map((c) => c.submission_id) ?? []);
  if (s.loading && !s.reel) return <Loading label={t("reel-editor.loading")} />;
  if (!s.reel) return <ErrorNotice error={s.error} onRetry={s.reload} />;
  const reel = s.reel;
  return (
    <>
      <PageHeader
        title={reel.title}
        description={
          <>
            <Link to="reels">{t("reel-editor.all_reels")}</Link> ·{" "}
            {t("reel-editor.summary", { count: reel.clips.length, arrangement: reel.arrangement })}
          </>
        }
        actions={
          <ConfirmButton
            label={t("reel-editor.delete")}
            question={t("reel-editor.delete_question")}
            confirmLabel={t("reel-editor.delete_confirm")}
            busyLabel={t("reel-editor.deleting")}
            onConfirm={async () => {
              await api.del(`/v1/reels/${encodeURIComponent(reel.id)}`);
              toast(t("reel-editor.deleted", { title: reel.title }));
              navigate("reels");
            }}
          />
        }
      />
      {reel.error_message && (
        <Notice tone="warning" title={t("reel-editor.back_to_draft")}>
          {reel.error_message}
        </Notice>
      )}
      {brand && brand.id !== reel.brand_id && <Notice tone="info">{t("reel-editor.other_brand")}</Notice>}
      <div class="reel-editor">
        <div class="reel-main">
          <ClipList clips={reel.clips} testimonials={testimonials} onSave={s.saveClips} />
          {reel.clips.length < LIMITS.maxClips && <AddClip brandId={reel.brand_id} onAdd={s.addClip} />}
          <Players reel={reel} />
        </div>
        <aside class="reel-side">
          <RenderPanel reel={reel} onRender={s.render} />
          <SharePanel reel={reel} onShare={s.setShared} />
          <ReelSettings reel={reel} onSave={s.patch} />
        </aside>
      </div>
    </>
  );
}
