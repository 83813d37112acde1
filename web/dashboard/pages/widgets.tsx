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
import { rich, t } from "../i18n";
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
        title={t("widgets.title")}
        description={t("widgets.description", { brand: b.name })}
        actions={
          <Button variant="primary" onClick={() => navigate("widgets/new")}>
            {t("widgets.new_widget")}
          </Button>
        }
      />
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("widgets.loading")} />
      ) : list.items.length === 0 && !list.error ? (
        <p class="empty">{t("widgets.empty", { brand: b.name })}</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">{t("widgets.caption", { brand: b.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("widgets.col_name")}</th>
                <th scope="col">{t("widgets.col_layout")}</th>
                <th scope="col">{t("widgets.col_theme")}</th>
                <th scope="col">{t("widgets.col_published")}</th>
                <th scope="col">
                  <span class="sr-only">{t("widgets.col_actions")}</span>
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
                  <td>
                    {w.published_at ? (
                      formatDateTime(w.published_at)
                    ) : (
                      <Badge tone="info">{t("widgets.publishing")}</Badge>
                    )}
                  </td>
                  <td class="row">
                    <Link to={`stats?widget=${encodeURIComponent(w.id)}`}>
                      {rich("widgets.stats", {
                        name: w.name,
                        hidden: (parts) => <span class="sr-only">{parts}</span>,
                      })}
                    </Link>
                    <ConfirmButton
                      label={t("widgets.delete")}
                      question={t("widgets.delete_question", { name: w.name })}
                      confirmLabel={t("widgets.delete_confirm")}
                      busyLabel={t("widgets.deleting")}
                      onConfirm={async () => {
                        await api.del(`/v1/widgets/${encodeURIComponent(w.id)}`);
                        list.remove(w.id);
                        toast(t("widgets.deleted", { name: w.name }));
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
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("widgets.loading_more")}>
          {t("widgets.show_more")}
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
