/**
 * Tags (in the current mode), grouped by the brand they belong to, with those shared by every brand last (seen by
 * the agency's own people only; a client login sees its brands' tags alone): create one for a brand or shared,
 * rename, recolour and delete them, and jump to the testimonials that carry each one (in that brand's inbox).
 * Widgets can choose testimonials by tag.
 */
import { useState } from "preact/hooks";
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
import { useSession } from "../session";
import { useToast } from "../toasts";
import { tagOwner } from "../tag-label";
import "../inbox/inbox.css";
import { SHARED, TagForm } from "./tag-form";
import type { Tag as TagView } from "../types";

type TagRow = TagView;

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
  const { brand, setBrand } = useSession();
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
          // The inbox shows one brand: a brand's tag opens that brand's inbox.
          onClick={() => tag.brand_id && tag.brand_id !== brand?.id && setBrand(tag.brand_id)}
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

/** One brand's tags (or the shared ones) in a table. */
function TagGroup({
  title,
  note,
  tags,
  onSaved,
  onDeleted,
}: {
  title: string;
  note?: string;
  tags: TagRow[];
  onSaved: (t: TagRow) => void;
  onDeleted: (id: string) => void;
}) {
  const id = `tags-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section class="tags-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note && <p class="small muted">{note}</p>}
      <div class="table-wrap">
        <table aria-labelledby={id}>
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
            {tags.map((t) => (
              <TagLine key={t.id} tag={t} onSaved={onSaved} onDeleted={onDeleted} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The tags grouped by brand, in the session's brand order, the shared ones last. */
function groups(tags: TagRow[], brands: readonly { id: string; name: string }[]) {
  const order = new Map(brands.map((b, i) => [b.id, i]));
  const byOwner = new Map<string | null, TagRow[]>();
  for (const t of tags) byOwner.set(t.brand_id, [...(byOwner.get(t.brand_id) ?? []), t]);
  const rank = (owner: string | null) => (owner === null ? Infinity : (order.get(owner) ?? brands.length));
  return [...byOwner.entries()].sort(([a], [b]) => rank(a) - rank(b));
}

/** The Tags page. */
export function TagsPage() {
  const toast = useToast();
  const { brands, isClient, mode } = useSession();
  const list = usePaged<TagRow>(
    (cursor) => api.get<Page<TagRow>>("/v1/tags", { query: { limit: 100, cursor } }),
    [mode],
  );
  return (
    <>
      <PageHeader
        title="Tags"
        description={
          isClient
            ? "Labels for your testimonials (“onboarding”, “support”, “pricing”), one brand’s each. Filter the inbox by tag, and let widgets pick testimonials by tag."
            : "Labels for testimonials (“onboarding”, “support”, “pricing”). Each belongs to one brand, whose client logins see it too, or is shared by every brand and seen by your team only. Filter the inbox by tag, and let widgets pick testimonials by tag."
        }
      />
      <section class="card form-card" aria-label="Create a tag">
        <TagForm
          submitLabel="Create tag"
          busyLabel="Creating…"
          onSubmit={async (v) => {
            const created = await api.post<TagRow>("/v1/tags", v);
            list.prepend({ ...created, submission_count: 0 });
            toast(`Created the tag “${created.name}” for ${tagOwner(created, brands)}`);
          }}
        />
      </section>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label="Loading tags…" />
      ) : list.items.length === 0 && !list.error ? (
        <p class="empty">No tags yet. Create one above, or add tags to testimonials in the inbox.</p>
      ) : (
        groups(list.items, brands).map(([owner, tags]) => (
          <TagGroup
            key={owner ?? SHARED}
            title={owner === null ? "Shared by every brand" : tagOwner({ brand_id: owner }, brands)}
            note={
              owner === null
                ? "Your team’s own: usable on any brand’s testimonials, never shown to client logins."
                : undefined
            }
            tags={tags}
            onSaved={list.replace}
            onDeleted={list.remove}
          />
        ))
      )}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
          Show more tags
        </Button>
      )}
    </>
  );
}
