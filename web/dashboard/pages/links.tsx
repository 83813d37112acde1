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
import { PageHeader } from "../page";
import { useSession } from "../session";
import { useToast } from "../toasts";
import { useAction } from "../use-action";
import type { CollectLink, LinkDeleted } from "../types";
import { ConfirmDialog } from "../inbox/dialog";
import { LinkForm } from "./link-form";
import { LinkQr } from "./link-qr";

function status(link: CollectLink) {
  if (link.is_active) return <Badge tone="good">Active</Badge>;
  if (link.closed_reason === "paused") return <Badge tone="warn">Paused</Badge>;
  if (link.closed_reason === "expired") return <Badge tone="bad">Past its closing date</Badge>;
  if (link.closed_reason === "full") return <Badge tone="bad">Full</Badge>;
  return <Badge tone="bad">Closed</Badge>;
}

const KIND_WORDS: Record<string, string> = { video: "video", audio: "audio", text: "written" };

/** The link's settings in a few words each. */
function Settings({ link }: { link: CollectLink }) {
  const after = link.call_to_action
    ? `Button “${link.call_to_action.label}”`
    : link.redirect_url
      ? `Sends them on to ${link.redirect_url}`
      : "Thank you only";
  const extras = [link.ask_rating && "star rating", link.collect_photo && "photo"].filter(Boolean).join(", ");
  const closes = link.expires_at ? ` · closes on ${formatDateTime(link.expires_at)}` : "";
  return (
    <dl class="link-settings">
      <dt>Answers</dt>
      <dd>
        {link.accepts.map((k) => KIND_WORDS[k]).join(", ")}
        {extras && ` · ${extras}`}
      </dd>
      {link.custom_fields.length > 0 && (
        <>
          <dt>Your questions</dt>
          <dd>{link.custom_fields.map((f) => f.label).join(" · ")}</dd>
        </>
      )}
      <dt>After sending</dt>
      <dd>{after}</dd>
      <dt>Received</dt>
      <dd>
        {link.response_count}
        {link.max_responses !== null && ` of ${link.max_responses}`}
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
      <CopyButton text={url} label="Copy link" />
      <a class="btn btn-ghost btn-small" href={url} target="_blank" rel="noopener noreferrer">
        Open
      </a>
      {qr && (
        <Button small variant="ghost" aria-expanded={qr.shown} onClick={qr.toggle}>
          {qr.shown ? "Hide QR code" : "QR code"}
        </Button>
      )}
    </div>
  );
}

/** What deleting a link does, said before it is done. */
function deletionWords(link: CollectLink, brandName: string): string {
  const kept =
    link.response_count === 0
      ? "It has no testimonials."
      : `Its ${link.response_count === 1 ? "testimonial stays" : `${link.response_count} testimonials stay`} with ${brandName}.`;
  const held = link.slug
    ? ` Its address “${link.slug}” stays yours for a year: no other organisation can take it, and your other links can.`
    : "";
  return `Its page stops working at once, for anyone who has the address or its QR code. ${kept}${held} Request campaigns sent with it are deleted with it.`;
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
        saved.is_active ? `“${saved.title}” is taking testimonials again` : `“${saved.title}” is paused`,
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
          toast(`“${saved.title}” is saved`);
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
        label={`Address of “${link.title}”`}
        qr={{ shown: showQr, toggle: () => setShowQr(!showQr) }}
      />
      {showQr && <LinkQr link={link} />}
      {link.slug && <p class="muted small">Also at {link.id_url}</p>}
      <ol class="prompt-list">
        {link.prompts.map((p) => (
          <li key={p.id}>
            {p.text} <span class="muted small">(up to {formatSeconds(p.max_seconds)})</span>
          </li>
        ))}
      </ol>
      <Settings link={link} />
      <ErrorNotice error={error} />
      <div class="row link-foot">
        <span class="muted small">
          Created {formatDate(link.created_at)} · consent version {link.consent_version}
        </span>
        <span class="row" hidden={isClient}>
          <Button small onClick={() => setEditing(true)} aria-label={`Edit “${link.title}”`}>
            Edit
          </Button>
          {(link.is_active || paused) && (
            <Button small busy={busy} busyLabel={link.is_active ? "Pausing…" : "Resuming…"} onClick={() => void run()}>
              {link.is_active ? "Pause" : "Resume"}
            </Button>
          )}
          <Button small variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete “${link.title}”`}>
            Delete
          </Button>
        </span>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Delete “${link.title}”?`}
          body={deletionWords(link, brand!.name)}
          confirmLabel="Delete link"
          busyLabel="Deleting…"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const r = await api.del<LinkDeleted>(`/v1/links/${encodeURIComponent(link.id)}`);
            onDeleted(r.id);
            toast(`“${link.title}” is deleted`);
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
        title="Links"
        description={`Collect links for ${b.name}. Send a link to a customer; they record or write a testimonial, no account needed.`}
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
              New link
            </Button>
          )
        }
      />
      {created && (
        <Notice tone="success" title={`Link “${created.title}” is ready`}>
          <p>Send this address to your customers:</p>
          <LinkUrl url={created.url} label="Address of the new link" />
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
        <Loading label="Loading links…" />
      ) : (
        <div class="stack">
          {list.items.length === 0 && !list.error && !creating && (
            <p class="empty">No links yet for {b.name}. Create one to start collecting.</p>
          )}
          {list.items.map((l) => (
            <LinkCard key={l.id} link={l} onChanged={list.replace} onDeleted={list.remove} />
          ))}
          {list.hasMore && (
            <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
              Show more links
            </Button>
          )}
        </div>
      )}
    </>
  );
}
