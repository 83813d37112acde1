/**
 * Collect links of the chosen brand: each with its address (copy button), questions and status; pause and
 * resume; and a form to create one.
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { formatDate, formatSeconds } from "../../shared/format";
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
import type { CollectLink } from "../types";
import { LinkForm } from "./link-form";

function status(link: CollectLink) {
  if (link.is_active) return <Badge tone="good">Active</Badge>;
  if (link.closed_reason === "paused") return <Badge tone="warn">Paused</Badge>;
  return <Badge tone="bad">Closed</Badge>;
}

function LinkUrl({ url, label }: { url: string; label: string }) {
  return (
    <div class="url-box">
      <input class="url-input mono" readOnly value={url} aria-label={label} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton text={url} label="Copy link" />
      <a class="btn btn-ghost btn-small" href={url} target="_blank" rel="noopener noreferrer">
        Open
      </a>
    </div>
  );
}

function LinkCard({ link, onChanged }: { link: CollectLink; onChanged: (l: CollectLink) => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const paused = !link.is_active && link.closed_reason === "paused";
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = link.is_active ? { is_active: false, closed_reason: "paused" } : { is_active: true };
      const saved = await api.patch<CollectLink>(`/v1/links/${encodeURIComponent(link.id)}`, body);
      onChanged(saved);
      toast(saved.is_active ? `“${saved.title}” is taking testimonials again` : `“${saved.title}” is paused`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <article class="card link-card" aria-labelledby={`link-${link.id}`}>
      <div class="link-head">
        <h2 id={`link-${link.id}`}>{link.title}</h2>
        {status(link)}
      </div>
      <LinkUrl url={link.url} label={`Address of “${link.title}”`} />
      <ol class="prompt-list">
        {link.prompts.map((p) => (
          <li key={p.id}>
            {p.text} <span class="muted small">(up to {formatSeconds(p.max_seconds)})</span>
          </li>
        ))}
      </ol>
      <ErrorNotice error={error} />
      <div class="row link-foot">
        <span class="muted small">
          Created {formatDate(link.created_at)} · consent version {link.consent_version}
        </span>
        {(link.is_active || paused) && (
          <Button small busy={busy} busyLabel={link.is_active ? "Pausing…" : "Resuming…"} onClick={toggle}>
            {link.is_active ? "Pause" : "Resume"}
          </Button>
        )}
      </div>
    </article>
  );
}

/** The Links page (works on the brand chosen in the header). */
export function LinksPage() {
  const { brand } = useSession();
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
          !creating && (
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
          onCreated={(link) => {
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
            <LinkCard key={l.id} link={l} onChanged={list.replace} />
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
