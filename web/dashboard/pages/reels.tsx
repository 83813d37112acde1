/**
 * Reels of the chosen brand: each with its status and render state, linked to its editor; `reels/new` picks
 * testimonials for a new reel and `reels/{id}` opens the editor.
 */
import type { Page } from "../../shared/api";
import { formatDateTime } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { Link, navigate } from "../router";
import { useSession } from "../session";
import { seconds, type Reel } from "../reels/types";
import { ReelEditorPage } from "./reel-editor";
import { NewReelPage } from "./reel-new";
import "../reels/reels.css";

function status(r: Reel) {
  if (r.render.status === "queued" || r.render.status === "running") return <Badge tone="info">{r.render.label}</Badge>;
  if (r.status === "rendered")
    return (
      <Badge tone={r.changed_since_render ? "warn" : "good"}>
        {r.changed_since_render ? t("reels.status_changed") : t("reels.status_rendered")}
      </Badge>
    );
  return <Badge tone={r.error_message ? "bad" : "neutral"}>{t("reels.status_draft")}</Badge>;
}

function ReelList() {
  const { brand } = useSession();
  const b = brand!;
  const list = usePaged<Reel>(
    (cursor) => api.get<Page<Reel>>("/v1/reels", { query: { brand_id: b.id, limit: 25, cursor } }),
    [b.id],
  );
  return (
    <>
      <PageHeader
        title={t("reels.title")}
        description={t("reels.description", { brand: b.name })}
        actions={
          <Button variant="primary" onClick={() => navigate("reels/new")}>
            {t("reels.new_reel")}
          </Button>
        }
      />
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("reels.loading")} />
      ) : list.items.length === 0 && !list.error ? (
        <p class="empty">{t("reels.empty")}</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">{t("reels.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("reels.col_title")}</th>
                <th scope="col">{t("reels.col_clips")}</th>
                <th scope="col">{t("reels.col_status")}</th>
                <th scope="col">{t("reels.col_shared")}</th>
                <th scope="col">{t("reels.col_changed")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`reels/${r.id}`}>{r.title}</Link>
                  </td>
                  <td class="small">
                    {r.clips.length} · {seconds(r.estimate.duration_ms)}
                  </td>
                  <td>{status(r)}</td>
                  <td>
                    {r.share.enabled ? (
                      <Badge tone="good">{t("reels.public")}</Badge>
                    ) : (
                      <span class="muted small">{t("reels.not_shared")}</span>
                    )}
                  </td>
                  <td class="small">{formatDateTime(r.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("reels.loading_more")}>
          {t("reels.show_more")}
        </Button>
      )}
    </>
  );
}

/** The Reels page: the list, the new-reel picker, or one reel's editor. */
export function ReelsPage({ rest }: PageProps) {
  const id = rest.split("/")[0];
  if (id === "new") return <NewReelPage />;
  return id ? <ReelEditorPage id={id} /> : <ReelList />;
}
