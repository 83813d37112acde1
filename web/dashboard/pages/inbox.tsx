/**
 * The Inbox (works on the brand chosen in the header): testimonials newest first (by relevance when searching),
 * filters in the address bar, the open testimonial beside the list (`/app/inbox/sub_…`), keyboard shortcuts, and
 * bulk actions on a selection; owners and admins add a testimonial by hand ("Add testimonial"). On narrow screens the list and the open testimonial take turns. Publishing a
 * recording whose words nobody has checked asks once (for one testimonial, or once for a whole selection).
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { errorMessage } from "../../shared/api";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { navigate } from "../router";
import { useSession } from "../session";
import { useToast } from "../toasts";
import { AddDialog } from "../inbox/add-dialog";
import { BulkBar } from "../inbox/bulk-bar";
import { bulkSummary, type BulkSummary } from "../inbox/bulk-summary";
import { Detail } from "../inbox/detail";
import { ConfirmDialog } from "../inbox/dialog";
import { FiltersBar } from "../inbox/filters-bar";
import { filtersKey, hasFilters, inboxPath, readFilters, type InboxFilters } from "../inbox/filters";
import { InboxList } from "../inbox/list";
import { RejectDialog } from "../inbox/reject-dialog";
import { ShortcutsDialog } from "../inbox/shortcuts-dialog";
import type { ShortcutAction } from "../inbox/shortcuts";
import { displayName } from "../inbox/status";
import type { BulkAction, Submission, Tag } from "../inbox/types";
import { useArrivals } from "../inbox/use-arrivals";
import { useInboxData } from "../inbox/use-inbox-data";
import { useModeration } from "../inbox/use-moderation";
import { useShortcuts } from "../inbox/use-shortcuts";
import { useSelection } from "../inbox/use-selection";
import { WordsDialog } from "../inbox/words-dialog";
import type { PublishStep } from "../inbox/moderation-bar";
import { asksAboutWords, canPublish, notPublishableReason, recordingWord } from "../inbox/publishable";
import "../inbox/inbox.css";
import { t } from "../i18n";

/** The open dialog: help, a rejection of the open testimonial (`one`) or of a selection, a bulk deletion or withdrawal. */
type DialogState =
  | { kind: "help" }
  | { kind: "add" }
  | { kind: "reject"; one: Submission }
  | { kind: "reject"; ids: string[] }
  | { kind: "delete"; ids: string[] }
  | { kind: "unapprove"; ids: string[] }
  | { kind: "words"; one: Submission; step: PublishStep }
  | { kind: "words"; ids: string[]; action: BulkAction; drafts: number }
  | null;

/** Bulk actions that make testimonials public. */
const PUBLISHING: BulkAction[] = ["approve_and_publish", "make_public"];

const count = (n: number) => t("inbox.count", { count: n, n: String(n) });

/** The Inbox page. */
export function InboxPage({ route, rest }: PageProps) {
  const { brand, canManage, isClient } = useSession();
  const b = brand!;
  const toast = useToast();
  const query = route.query.toString();
  const filters = useMemo(() => readFilters(new URLSearchParams(query)), [query]);
  const openId = rest ? decodeURIComponent(rest.split("/")[0]!) : null;
  const data = useInboxData(b.id, filters, openId);
  const { list, detail, tags } = data;
  const mod = useModeration({ apply: data.apply, drop: data.drop });
  const selection = useSelection(`${b.id}|${filtersKey(filters)}`);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const [editing, setEditing] = useState(false);
  const arrivals = useArrivals(b.id, filters, list.items[0]?.id ?? null, !list.loading && !list.error);
  const focusRow = useRef<string | null>(null);
  const wantNext = useRef(false);

  const pathOf = (id: string | null, f: InboxFilters = filters) => inboxPath(id, f);
  const open = detail.data && detail.data.id === openId ? detail.data : null;
  const current: Submission | null = open ?? list.items.find((s) => s.id === openId) ?? null;

  const focusDetail = useRef(false);
  useEffect(() => {
    setEditing(false);
    mod.clearError();
    if (focusRow.current === openId && openId) {
      // After the shell's own focus move to the page title (it runs on every address change), so the row that
      // j or k reached is what a screen reader reads next.
      const id = openId;
      setTimeout(() => {
        const row = document.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"] .inbox-row-main`);
        row?.focus();
        row?.scrollIntoView({ block: "nearest" });
      }, 0);
    } else {
      // On narrow screens the detail replaces the list: reading starts at its title once it has loaded.
      focusDetail.current = !!openId && window.matchMedia("(max-width: 900px)").matches;
    }
    focusRow.current = null;
  }, [openId]);
  useEffect(() => {
    if (open && focusDetail.current) {
      focusDetail.current = false;
      document.getElementById("detail-title")?.focus();
    }
  }, [open?.id]);

  const step = (dir: 1 | -1) => {
    const items = list.items;
    if (!items.length) return;
    const at = openId ? items.findIndex((s) => s.id === openId) : -1;
    const next = at < 0 ? (dir === 1 ? 0 : items.length - 1) : at + dir;
    if (next >= items.length) {
      if (list.hasMore && !list.loadingMore) {
        wantNext.current = true;
        list.loadMore();
      }
      return;
    }
    if (next < 0) return;
    focusRow.current = items[next]!.id;
    navigate(pathOf(items[next]!.id), true);
  };

  // "Next" at the end of a page loads the next one, then moves on.
  useEffect(() => {
    if (wantNext.current && !list.loadingMore) {
      wantNext.current = false;
      step(1);
    }
  }, [list.items.length, list.loadingMore]);

  /** Publishes one testimonial: refused in words when it cannot be, asked first when its words are unchecked. */
  const publish = (s: Submission, step: PublishStep) => {
    const why = notPublishableReason(s);
    if (why) return toast(why);
    if (asksAboutWords(s)) return setDialog({ kind: "words", one: s, step });
    void (step === "approve" ? mod.approve(s, true) : mod.setPublic(s, true));
  };

  useShortcuts((action: ShortcutAction) => {
    if (action === "next" || action === "previous") return step(action === "next" ? 1 : -1);
    if (action === "help") return setDialog({ kind: "help" });
    if (!current) return toast(t("inbox.open_first"));
    switch (action) {
      case "select":
        return selection.toggle(current.id);
      // Keys only move a testimonial forward (towards live); taking it down is a button, never a repeated key.
      case "approve":
        if (!(current.is_approved && !current.rejected_at)) return publish(current, "approve");
        if (!current.is_public) return publish(current, "visibility");
        return toast(t("inbox.already_published", { name: displayName(current) }));
      case "reject":
        return setDialog({ kind: "reject", one: current });
      case "publish":
        if (!current.is_public) return publish(current, "visibility");
        return toast(t("inbox.already_public", { name: displayName(current) }));
      case "edit":
        if (current.kind === "text") return toast(t("inbox.no_transcript_text"));
        if (!open?.transcript) return toast(t("inbox.no_transcript_yet"));
        if (open.status !== "ready") return toast(t("inbox.transcript_processing"));
        return setEditing(true);
    }
  });

  const names = useMemo(() => new Map(list.items.map((s) => [s.id, displayName(s)])), [list.items]);
  const runBulk = async (action: BulkAction, ids: string[], reason?: string, hideDraftWords = false) => {
    setSummary(null);
    const answer = await mod.bulk(action, ids, reason, hideDraftWords);
    setSummary(bulkSummary(answer, names));
    selection.remove(answer.results.filter((r) => r.ok).map((r) => r.id));
    if (action === "delete" && openId && answer.results.some((r) => r.ok && r.id === openId))
      navigate(pathOf(null), true);
  };
  const onBulk = (action: BulkAction) => {
    const ids = [...selection.ids];
    if (action === "reject") return setDialog({ kind: "reject", ids });
    if (action === "delete") return setDialog({ kind: "delete", ids });
    if (action === "unapprove") return setDialog({ kind: "unapprove", ids });
    if (PUBLISHING.includes(action)) {
      const drafts = list.items.filter((s) => selection.ids.has(s.id) && canPublish(s) && asksAboutWords(s)).length;
      if (drafts > 0) return setDialog({ kind: "words", ids, action, drafts });
    }
    runBulk(action, ids).catch((e) => setSummary({ tone: "error", title: errorMessage(e), problems: [] }));
  };

  const onDeleted = (id: string) => {
    const items = list.items;
    const at = items.findIndex((s) => s.id === id);
    const next = items[at + 1] ?? items[at - 1];
    const to = next && next.id !== id ? next.id : null;
    // The delete button is gone: focus moves to the row that takes its place.
    focusRow.current = to;
    navigate(pathOf(to), true);
  };

  const addTag = (tag: Tag) => tags.setData((prev) => [tag, ...(prev ?? [])]);
  /** After "check the words first": the words of the open testimonial, ready to read or confirm. */
  const toWords = () =>
    setTimeout(() => {
      const tools = document.querySelector<HTMLElement>(".transcript");
      tools?.scrollIntoView({ block: "center" });
      document.querySelector<HTMLElement>(".transcript-tools button")?.focus();
    }, 50);
  const shown = list.items.length;

  return (
    <div class={`inbox-page${openId ? " inbox-page-open" : ""}`}>
      <PageHeader
        title={t("inbox.title")}
        description={t("inbox.description", { brand: b.name })}
        actions={
          <>
            {/* Adding by hand works on a phone too; only the keyboard shortcuts are hidden there (inbox-extras.css). */}
            {canManage && !isClient && <Button onClick={() => setDialog({ kind: "add" })}>{t("inbox.add")}</Button>}
            <span class="inbox-shortcuts-button">
              <Button variant="ghost" onClick={() => setDialog({ kind: "help" })} aria-keyshortcuts="?">
                {t("inbox.shortcuts")}
              </Button>
            </span>
          </>
        }
      />
      <FiltersBar
        filters={filters}
        tags={tags.data ?? []}
        brandId={b.id}
        onChange={(f) => navigate(pathOf(openId, f), true)}
      />
      <div class="inbox-count small muted" role="status">
        {list.loading
          ? ""
          : shown === 0
            ? ""
            : t("inbox.showing", {
                more: list.hasMore ? "yes" : "no",
                count: shown,
                n: String(shown),
                order: filters.q ? "relevance" : "newest",
              })}
        {arrivals > 0 && (
          <Button small variant="ghost" onClick={list.reload}>
            {t("inbox.arrivals", { count: arrivals, n: `${arrivals}${arrivals >= 25 ? "+" : ""}` })}
          </Button>
        )}
      </div>
      {selection.ids.size > 0 && (
        <BulkBar count={selection.ids.size} busy={mod.busy} onAction={onBulk} onClear={selection.clear} />
      )}
      {summary && (
        <Notice tone={summary.tone} title={summary.title}>
          {summary.problems.length > 0 && (
            <ul class="bulk-problems">
              {summary.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          <Button small variant="ghost" onClick={() => setSummary(null)}>
            {t("inbox.dismiss")}
          </Button>
        </Notice>
      )}
      <div class={`inbox${openId ? " inbox-has-open" : ""}`}>
        <InboxList
          items={list.items}
          openId={openId}
          selected={selection.ids}
          pathOf={(id) => pathOf(id)}
          onToggle={selection.toggle}
          onToggleAll={(all) => (all ? selection.add(list.items.map((s) => s.id)) : selection.clear())}
          loading={list.loading}
          error={list.error}
          onRetry={list.reload}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          onLoadMore={list.loadMore}
          filtered={hasFilters(filters)}
        />
        <section class="inbox-detail" aria-label={t("inbox.detail_label")}>
          {!openId ? (
            <p class="empty inbox-detail-empty">{t("inbox.choose")}</p>
          ) : detail.error ? (
            <ErrorNotice error={detail.error} onRetry={detail.reload} />
          ) : !open ? (
            <Loading label={t("inbox.opening")} />
          ) : (
            <Detail
              key={open.id}
              d={open}
              mod={mod}
              allTags={tags.data ?? []}
              editing={editing}
              setEditing={setEditing}
              onReject={() => setDialog({ kind: "reject", one: open })}
              onPublish={publish}
              brandName={b.name}
              onChanged={data.apply}
              onTagCreated={addTag}
              onDeleted={onDeleted}
              refresh={() => data.refreshDetail(open.id)}
              listPath={pathOf(null)}
            />
          )}
        </section>
      </div>
      {dialog?.kind === "help" && <ShortcutsDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === "add" && (
        <AddDialog
          brandId={b.id}
          onClose={() => setDialog(null)}
          onAdded={(id) => {
            setDialog(null);
            list.reload();
            navigate(pathOf(id));
          }}
        />
      )}
      {dialog?.kind === "reject" && (
        <RejectDialog
          subject={
            "one" in dialog ? t("inbox.reject_one", { name: displayName(dialog.one) }) : count(dialog.ids.length)
          }
          onClose={() => setDialog(null)}
          onReject={async (reason) => {
            if ("one" in dialog) return mod.reject(dialog.one, reason);
            await runBulk("reject", dialog.ids, reason);
            return true;
          }}
        />
      )}
      {dialog?.kind === "unapprove" && (
        <ConfirmDialog
          title={t("inbox.unapprove_title", { count: dialog.ids.length, n: String(dialog.ids.length) })}
          body={t("inbox.unapprove_body")}
          confirmLabel={t("inbox.unapprove_confirm", { count: dialog.ids.length, n: String(dialog.ids.length) })}
          busyLabel={t("inbox.withdrawing")}
          onConfirm={() => runBulk("unapprove", dialog.ids)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "words" && "one" in dialog && (
        <WordsDialog
          drafts={1}
          total={1}
          what={recordingWord(dialog.one)}
          onHideWords={async () => {
            const s = dialog.one;
            await (dialog.step === "approve" ? mod.approve(s, true, true) : mod.setPublic(s, true, true));
          }}
          onCheckFirst={async () => {
            if (dialog.one.id !== openId) navigate(pathOf(dialog.one.id));
            toWords();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "words" && "ids" in dialog && (
        <WordsDialog
          drafts={dialog.drafts}
          total={dialog.ids.length}
          what={t("inbox.publishable.recording")}
          onHideWords={() => runBulk(dialog.action, dialog.ids, undefined, true)}
          onCheckFirst={() => runBulk(dialog.action, dialog.ids)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title={t("inbox.delete_title", { count: dialog.ids.length, n: String(dialog.ids.length) })}
          body={t("inbox.delete_body")}
          confirmLabel={t("inbox.delete_confirm", { count: dialog.ids.length, n: String(dialog.ids.length) })}
          busyLabel={t("inbox.deleting")}
          onConfirm={() => runBulk("delete", dialog.ids)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
