/**
 * Collect links of the chosen brand: each with its address (copy button), questions, its settings in short and its
 * status (active, paused, closed, past its closing date, full); its QR code (SVG and PNG downloads); pause, resume,
 * edit and delete (asked first, saying its testimonials stay and its address stays held); and a form to create one.
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { formatDate, formatDateTime, formatSeconds } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { CopyButton } from "../../shared/ui/copy-button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import { PageHeader } from "../page";
import { useSession } from "../session";
import { useToast } from "../toasts";
import { useAction } from "../use-action";
import type { CollectLink, LinkDeleted } from "../types";
import { ConfirmDialog } from "../inbox/dialog";
import { LinkForm } from "./link-form";
import { LinkQr } from "./link-qr";

function status(link: CollectLink) {
  if (link.is_active) return <Badge tone="good">{t("links.status_active")}</Badge>;
  if (link.closed_reason === "paused") return <Badge tone="warn">{t("links.status_paused")}</Badge>;
  if (link.closed_reason === "expired") return <Badge tone="bad">{t("links.status_expired")}</Badge>;
  if (link.closed_reason === "full") return <Badge tone="bad">{t("links.status_full")}</Badge>;
  return <Badge tone="bad">{t("links.status_closed")}</Badge>;
}

const KIND_WORDS: Record<string, string> = {
  video: t("links.kind_video"),
  audio: t("links.kind_audio"),
  text: t("links.kind_text"),
};

/** The link's settings in a few words each. */
function Settings({ link }: { link: CollectLink }) {
  const after = link.call_to_action
    ? t("links.after_button", { label: link.call_to_action.label })
    : link.redirect_url
      ? t("links.after_redirect", { url: link.redirect_url })
      : t("links.after_thanks");
  const extras = [link.ask_rating && t("links.extra_rating"), link.collect_photo && t("links.extra_photo")]
    .filter(Boolean)
    .join(", ");
  const closes = link.expires_at ? ` · ${t("links.closes_on", { date: formatDateTime(link.expires_at) })}` : "";
  return (
    <dl class="link-settings">
      <dt>{t("links.answers")}</dt>
      <dd>
        {link.accepts.map((k) => KIND_WORDS[k]).join(", ")}
        {extras && ` · ${extras}`}
      </dd>
      {link.custom_fields.length > 0 && (
        <>
          <dt>{t("links.your_questions")}</dt>
          <dd>{link.custom_fields.map((f) => f.label).join(" · ")}</dd>
        </>
      )}
      <dt>{t("links.after_sending")}</dt>
      <dd>{after}</dd>
      <dt>{t("links.received")}</dt>
      <dd>
        {link.max_responses !== null
          ? t("links.received_of", { count: link.response_count, max: link.max_responses })
          : link.response_count}
        {closes}
      </dd>
    </dl>
  );
}

/** The address with copy and open; `qr` adds the button that shows the link's QR code. */
function LinkUrl({ url, label, qr }: { url: string; label: string; qr?: { shown: boolean; toggle: () => void } }) {
  return (
    <div class="url-box">
      <input class="url-input mono" readOnly value={url} aria-label={label} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton text={url} label={t("links.copy_link")} />
      <a class="btn btn-ghost btn-small" href={url} target="_blank" rel="noopener noreferrer">
        {t("links.open")}
      </a>
      {qr && (
        <Button small variant="ghost" aria-expanded={qr.shown} onClick={qr.toggle}>
          {qr.shown ? t("links.hide_qr") : t("links.show_qr")}
        </Button>
      )}
    </div>
  );
}

/** What deleting a link does, said before it is done. */
function deletionWords(link: CollectLink, brandName: string): string {
  const kept = t("links.delete_kept", { count: link.response_count, brand: brandName });
  const held = link.slug ? ` ${t("links.delete_held", { slug: link.slug })}` : "";
  return `${t("links.delete_stops")} ${kept}${held} ${t("links.delete_campaigns")}`;
}

function LinkCard({
  link,
  onChanged,
  onDeleted,
}: {
  link: CollectLink;
  onChanged: (l: CollectLink) => void;
  onDeleted: (id: string) => void;
}) {
  const toast = useToast();
  const { brand, isClient } = useSession();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const paused = !link.is_active && link.closed_reason === "paused";
  const { busy, error, run } = useAction(
    async () => {
      const body = link.is_active ? { is_active: false, closed_reason: "paused" } : { is_active: true };
      const saved = await api.patch<CollectLink>(`/v1/links/${encodeURIComponent(link.id)}`, body);
      onChanged(saved);
      return saved;
    },
    {
      success: (saved) =>
        saved.is_active ? t("links.resumed", { title: saved.title }) : t("links.paused", { title: saved.title }),
    },
  );
  if (editing)
    return (
      <LinkForm
        brand={brand!}
        link={link}
        onCancel={() => setEditing(false)}
        onReleased={onChanged}
        onSaved={(saved) => {
          setEditing(false);
          onChanged(saved);
          toast(t("links.saved", { title: saved.title }));
        }}
      />
    );
  return (
    <article class="card link-card" aria-labelledby={`link-${link.id}`}>
      <div class="link-head">
        <h2 id={`link-${link.id}`}>{link.title}</h2>
        {status(link)}
      </div>
      <LinkUrl
        url={link.url}
        label={t("links.address_of", { title: link.title })}
        qr={{ shown: showQr, toggle: () => setShowQr(!showQr) }}
      />
      {showQr && <LinkQr link={link} />}
      {link.slug && <p class="muted small">{t("links.also_at", { url: link.id_url })}</p>}
      <ol class="prompt-list">
        {link.prompts.map((p) => (
          <li key={p.id}>
            {p.text} <span class="muted small">{t("links.up_to", { duration: formatSeconds(p.max_seconds) })}</span>
          </li>
        ))}
      </ol>
      <Settings link={link} />
      <ErrorNotice error={error} />
      <div class="row link-foot">
        <span class="muted small">
          {t("links.created", { date: formatDate(link.created_at), version: link.consent_version })}
        </span>
        <span class="row" hidden={isClient}>
          <Button small onClick={() => setEditing(true)} aria-label={t("links.edit_aria", { title: link.title })}>
            {t("links.edit")}
          </Button>
          {(link.is_active || paused) && (
            <Button
              small
              busy={busy}
              busyLabel={link.is_active ? t("links.pausing") : t("links.resuming")}
              onClick={() => void run()}
            >
              {link.is_active ? t("links.pause") : t("links.resume")}
            </Button>
          )}
          <Button
            small
            variant="ghost"
            onClick={() => setConfirming(true)}
            aria-label={t("links.delete_aria", { title: link.title })}
          >
            {t("links.delete")}
          </Button>
        </span>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t("links.delete_title", { title: link.title })}
          body={deletionWords(link, brand!.name)}
          confirmLabel={t("links.delete_confirm")}
          busyLabel={t("links.deleting")}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const r = await api.del<LinkDeleted>(`/v1/links/${encodeURIComponent(link.id)}`);
            onDeleted(r.id);
            toast(t("links.deleted", { title: link.title }));
          }}
        />
      )}
    </article>
  );
}

/** The Links page (works on the brand chosen in the header). */
export function LinksPage() {
  const { brand, isClient } = useSession();
  const b = brand!;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CollectLink | null>(null);
  const list = usePaged<CollectLink>(
    (cursor) =>
      api.get<Page<CollectLink>>(`/v1/brands/${encodeURIComponent(b.id)}/links`, { query: { limit: 25, cursor } }),
    [b.id],
  );

  return (
    <>
      <PageHeader
        title={t("links.title")}
        description={t("links.description", { brand: b.name })}
        actions={
          !creating &&
          !isClient && (
            <Button
              variant="primary"
              onClick={() => {
                setCreating(true);
                setCreated(null);
              }}
            >
              {t("links.new_link")}
            </Button>
          )
        }
      />
      {created && (
        <Notice tone="success" title={t("links.created_title", { title: created.title })}>
          <p>{t("links.send_address")}</p>
          <LinkUrl url={created.url} label={t("links.new_address")} />
        </Notice>
      )}
      {creating && (
        <LinkForm
          key={b.id}
          brand={b}
          onCancel={() => setCreating(false)}
          onSaved={(link) => {
            setCreating(false);
            setCreated(link);
            list.prepend(link);
          }}
        />
      )}
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("links.loading")} />
      ) : (
        <div class="stack">
          {list.items.length === 0 && !list.error && !creating && (
            <p class="empty">{t("links.empty", { brand: b.name })}</p>
          )}
          {list.items.map((l) => (
            <LinkCard key={l.id} link={l} onChanged={list.replace} onDeleted={list.remove} />
          ))}
          {list.hasMore && (
            <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("links.loading_more")}>
              {t("links.show_more")}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
