/**
 * Widgets of the chosen brand: each with its layout, theme and publication, a link to its builder, and
 * delete; `widgets/new` and `widgets/{id}` open the builder.
 */
import type { Page } from "../../shared/api";
import { formatDateTime } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { Link, navigate } from "../router";
import { useSession } from "../session";
import { useToast } from "../toasts";
import { LAYOUT_LABELS, THEME_LABELS, type Widget } from "../widgets/draft";
import { WidgetBuilderPage } from "./widget-builder";

function WidgetList() {
  const { brand } = useSession();
  const b = brand!;
  const toast = useToast();
  const list = usePaged<Widget>(
    (cursor) => api.get<Page<Widget>>("/v1/widgets", { query: { brand_id: b.id, limit: 25, cursor } }),
    [b.id],
  );
  return (
    <>
      <PageHeader
        title="Widgets"
        description={`Show ${b.name}'s approved testimonials on any website with a snippet. Changes reach visitors within about a minute.`}
        actions={
          <Button variant="primary" onClick={() => navigate("widgets/new")}>
            New widget
          </Button>
        }
      />
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label="Loading widgets…" />
      ) : list.items.length === 0 && !list.error ? (
        <p class="empty">No widgets yet for {b.name}. Create one, then paste its snippet on your site.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">Widgets of {b.name}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Layout</th>
                <th scope="col">Theme</th>
                <th scope="col">Published</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((w) => (
                <tr key={w.id}>
                  <td>
                    <Link to={`widgets/${w.id}`}>{w.name}</Link>
                  </td>
                  <td>{LAYOUT_LABELS[w.layout]}</td>
                  <td>{THEME_LABELS[w.theme]}</td>
                  <td>{w.published_at ? formatDateTime(w.published_at) : <Badge tone="info">Publishing</Badge>}</td>
                  <td class="row">
                    <Link to={`stats?widget=${encodeURIComponent(w.id)}`}>
                      Stats<span class="sr-only">{` of ${w.name}`}</span>
                    </Link>
                    <ConfirmButton
                      label="Delete"
                      question={`Delete “${w.name}”? Pages showing it keep an empty box.`}
                      confirmLabel="Delete widget"
                      busyLabel="Deleting…"
                      onConfirm={async () => {
                        await api.del(`/v1/widgets/${encodeURIComponent(w.id)}`);
                        list.remove(w.id);
                        toast(`“${w.name}” deleted`);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
          Show more widgets
        </Button>
      )}
    </>
  );
}

/** The Widgets page: the list, or the builder when the address names a widget (or `new`). */
export function WidgetsPage({ rest }: PageProps) {
  const id = rest.split("/")[0];
  if (!id) return <WidgetList />;
  return <WidgetBuilderPage id={id === "new" ? null : id} />;
}
