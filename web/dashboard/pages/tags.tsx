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
import { t } from "../i18n";
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
            submitLabel={t("tags.save")}
            busyLabel={t("tags.saving")}
            onCancel={() => setEditing(false)}
            onSubmit={async (v) => {
              const saved = await api.patch<TagRow>(`/v1/tags/${encodeURIComponent(tag.id)}`, v);
              onSaved({ ...tag, ...saved, submission_count: tag.submission_count });
              setEditing(false);
              toast(t("tags.saved", { name: saved.name }));
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
          aria-label={t("tags.uses_aria", { count: formatNumber(uses), name: tag.name })}
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
            <Button small onClick={() => setEditing(true)} aria-label={t("tags.edit_aria", { name: tag.name })}>
              {t("tags.edit")}
            </Button>
            <ConfirmButton
              label={t("tags.delete")}
              question={t("tags.delete_question", { name: tag.name, count: uses })}
              confirmLabel={t("tags.delete_confirm")}
              busyLabel={t("tags.deleting")}
              onConfirm={async () => {
                await api.del(`/v1/tags/${encodeURIComponent(tag.id)}`);
                onDeleted(tag.id);
                toast(t("tags.deleted", { name: tag.name }));
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
              <th scope="col">{t("tags.col_tag")}</th>
              <th scope="col">{t("tags.col_testimonials")}</th>
              <th scope="col">{t("tags.col_created")}</th>
              <th scope="col">
                <span class="sr-only">{t("tags.col_actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => (
              <TagLine key={tag.id} tag={tag} onSaved={onSaved} onDeleted={onDeleted} />
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
  for (const tag of tags) byOwner.set(tag.brand_id, [...(byOwner.get(tag.brand_id) ?? []), tag]);
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
        title={t("tags.title")}
        description={isClient ? t("tags.description_client") : t("tags.description")}
      />
      <section class="card form-card" aria-label={t("tags.create_aria")}>
        <TagForm
          submitLabel={t("tags.create")}
          busyLabel={t("tags.creating")}
          onSubmit={async (v) => {
            const created = await api.post<TagRow>("/v1/tags", v);
            list.prepend({ ...created, submission_count: 0 });
            toast(t("tags.created", { name: created.name, owner: tagOwner(created, brands) }));
          }}
        />
      </section>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("tags.loading")} />
      ) : list.items.length === 0 && !list.error ? (
        <p class="empty">{t("tags.empty")}</p>
      ) : (
        groups(list.items, brands).map(([owner, tags]) => (
          <TagGroup
            key={owner ?? SHARED}
            title={owner === null ? t("tags.shared_title") : tagOwner({ brand_id: owner }, brands)}
            note={owner === null ? t("tags.shared_note") : undefined}
            tags={tags}
            onSaved={list.replace}
            onDeleted={list.remove}
          />
        ))
      )}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("tags.loading_more")}>
          {t("tags.show_more")}
        </Button>
      )}
    </>
  );
}
