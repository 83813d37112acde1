/**
 * The Requests page: ask a list of customers for a testimonial by email. `/campaigns` lists the requests sent
 * (newest first, with how many answered), `/campaigns/new` writes one, `/campaigns/{id}` follows one person by person.
 */
import type { Page } from "../../shared/api";
import { formatDate } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { Link } from "../router";
import { useSession } from "../session";
import { CampaignComposer } from "./campaigns-new";
import { CampaignDetail } from "./campaigns-detail";
import type { Campaign } from "./campaigns-shared";
import "./campaigns.css";
import { rich, t } from "../i18n";

function CampaignList() {
  const { mode } = useSession();
  const list = usePaged<Campaign>(
    (cursor) => api.get<Page<Campaign>>("/v1/campaigns", { query: { limit: 25, cursor } }),
    [mode],
  );
  return (
    <>
      <PageHeader
        title={t("campaigns.title")}
        description={t("campaigns.description")}
        actions={
          <Link class="btn btn-primary" to="campaigns/new">
            {t("campaigns.new")}
          </Link>
        }
      />
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("campaigns.loading")} />
      ) : list.items.length === 0 && !list.error ? (
        <div class="card empty">
          <p>{t("campaigns.empty")}</p>
          <Link class="btn btn-primary" to="campaigns/new">
            {t("campaigns.write_first")}
          </Link>
        </div>
      ) : (
        <div class="table-wrap">
          <table class="campaign-list">
            <caption class="sr-only">{t("campaigns.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("campaigns.col_request")}</th>
                <th scope="col">{t("campaigns.col_link")}</th>
                <th scope="col">{t("campaigns.col_sent")}</th>
                <th scope="col">{t("campaigns.col_emailed")}</th>
                <th scope="col">{t("campaigns.col_answered")}</th>
                <th scope="col">{t("campaigns.col_unsubscribed")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`campaigns/${encodeURIComponent(c.id)}`}>{c.subject}</Link>
                  </td>
                  <td>{c.link_title}</td>
                  <td>{formatDate(c.created_at)}</td>
                  <td>
                    {rich("campaigns.emailed_of", {
                      emailed: String(c.counts.emailed),
                      total: String(c.counts.total),
                      muted: (parts) => <span class="muted small">{parts}</span>,
                    })}
                  </td>
                  <td>{c.counts.answered}</td>
                  <td>{c.counts.unsubscribed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("campaigns.loading_more")}>
          {t("campaigns.show_more")}
        </Button>
      )}
    </>
  );
}

/** The Requests page and its two sub-views. */
export function CampaignsPage({ rest }: PageProps) {
  const { mode, brand } = useSession();
  const sub = rest.split("/")[0] ?? "";
  if (sub === "new")
    return (
      <>
        <PageHeader
          title={t("campaigns.new_title")}
          description={t("campaigns.new_description")}
          actions={
            <Link class="btn btn-secondary" to="campaigns">
              {t("campaigns.cancel")}
            </Link>
          }
        />
        <CampaignComposer key={`${mode}:${brand?.id ?? ""}`} />
      </>
    );
  if (sub) return <CampaignDetail key={`${mode}:${sub}`} id={decodeURIComponent(sub)} />;
  return <CampaignList />;
}
