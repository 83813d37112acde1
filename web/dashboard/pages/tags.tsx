/**
 * Tags of the organisation (in the current mode): create, rename, recolour and delete them, and jump to the
 * testimonials that carry each one. Widgets can choose testimonials by tag.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { formatDate, formatNumber } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { PageHeader } from "../page";
import { Link } from "../router";
import { useToast } from "../toasts";
import type { Tag } from "../inbox/types";
import "../inbox/inbox.css";
import type { Tag as TagView } from "../types";

type TagRow = TagView;

const DEFAULT_COLOR = "#64748b";

/** Name and colour inputs with a submit button; used to create and to edit. */
function TagForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Tag;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (v: { name: string; color: string }) => Promise<void>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? "");
  const [color, setColor] = useState(initial?.color ?? DEFAULT_COLOR);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // Editing starts in the name field.
  useEffect(() => {
    if (initial) nameRef.current?.focus();
  }, []);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name: name.trim(), color });
      if (!initial) setName("");
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  // Inside a table row the visible labels alone would repeat on every line: name the row's tag.
  const named = (what: string) => (initial ? `Tag “${initial.name}”: ${what}` : undefined);
  return (
    <form class="tags-form" onSubmit={submit}>
      <label class="inbox-filter">
        <span class="inbox-filter-label">{initial ? "Name" : "New tag"}</span>
        <input
          type="text"
          required
          maxLength={40}
          value={name}
          aria-label={named("name")}
          onInput={(e) => setName(e.currentTarget.value)}
          ref={nameRef}
        />
      </label>
      <label class="inbox-filter">
        <span class="inbox-filter-label">Colour</span>
        <input
          type="color"
          class="color-input"
          value={color}
          aria-label={named("colour")}
          onInput={(e) => setColor(e.currentTarget.value)}
        />
      </label>
      <Button type="submit" variant="primary" busy={busy} busyLabel={busyLabel} disabled={!name.trim()}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      )}
      <div class="tags-form-error">
        <ErrorNotice error={error} />
      </div>
    </form>
  );
}

function TagLine({
  tag,
  onSaved,
  onDeleted,
}: {
  tag: TagRow;
  onSaved: (t: TagRow) => void;
  onDeleted: (id: string) => void;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const uses = tag.submission_count ?? 0;
  return (
    <tr>
      <td>
        {editing ? (
          <TagForm
            initial={tag}
            submitLabel="Save"
            busyLabel="Saving…"
            onCancel={() => setEditing(false)}
            onSubmit={async (v) => {
              const saved = await api.patch<TagRow>(`/v1/tags/${encodeURIComponent(tag.id)}`, v);
              onSaved({ ...tag, ...saved, submission_count: tag.submission_count });
              setEditing(false);
              toast(`Saved the tag “${saved.name}”`);
            }}
          />
        ) : (
          <>
            <span class="tag-swatch" style={{ background: tag.color }} aria-hidden="true" />
            <strong>{tag.name}</strong>
          </>
        )}
      </td>
      <td>
        <Link
          to={`inbox?tag_id=${encodeURIComponent(tag.id)}`}
          aria-label={`${formatNumber(uses)} testimonials tagged ${tag.name}`}
        >
          {formatNumber(uses)}
        </Link>
      </td>
      <td class="muted small">{formatDate(tag.created_at)}</td>
      <td>
        {!editing && (
          <div class="row">
            <Button small onClick={() => setEditing(true)} aria-label={`Edit the tag ${tag.name}`}>
              Edit
            </Button>
            <ConfirmButton
              label="Delete"
              question={
                uses
                  ? `Delete “${tag.name}”? It comes off ${formatNumber(uses)} testimonial${uses === 1 ? "" : "s"}.`
                  : `Delete “${tag.name}”?`
              }
              confirmLabel="Yes, delete tag"
              busyLabel="Deleting…"
              onConfirm={async () => {
                await api.del(`/v1/tags/${encodeURIComponent(tag.id)}`);
                onDeleted(tag.id);
                toast(`Deleted the tag “${tag.name}”`);
              }}
            />
          </div>
        )}
      </td>
    </tr>
  );
}

/** The Tags page. */
export function TagsPage() {
  const toast = useToast();
  const list = usePaged<TagRow>((cursor) => api.get<Page<TagRow>>("/v1/tags", { query: { limit: 50, cursor } }), []);
  return (
    <>
      <PageHeader
        title="Tags"
        description="Labels for testimonials (“onboarding”, “support”, “pricing”). Filter the inbox by tag, and let widgets pick testimonials by tag."
      />
      <section class="card form-card" aria-label="Create a tag">
        <TagForm
          submitLabel="Create tag"
          busyLabel="Creating…"
          onSubmit={async (v) => {
            const created = await api.post<TagRow>("/v1/tags", v);
            list.prepend({ ...created, submission_count: 0 });
            toast(`Created the tag “${created.name}”`);
          }}
        />
      </section>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label="Loading tags…" />
      ) : list.items.length === 0 && !list.error ? (
        <p class="empty">No tags yet. Create one above, or add tags to testimonials in the inbox.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Tag</th>
                <th scope="col">Testimonials</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((t) => (
                <TagLine key={t.id} tag={t} onSaved={list.replace} onDeleted={list.remove} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
          Show more tags
        </Button>
      )}
    </>
  );
}
