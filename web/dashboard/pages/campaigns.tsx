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

function CampaignList() {
  const { mode } = useSession();
  const list = usePaged<Campaign>(
    (cursor) => api.get<Page<Campaign>>("/v1/campaigns", { query: { limit: 25, cursor } }),
    [mode],
  );
  return (
    <>
      <PageHeader
        title="Requests"
        description="Email your customers a personal request for a testimonial, with one reminder, and see who answered."
        actions={
          <Link class="btn btn-primary" to="campaigns/new">
            New request
          </Link>
        }
      />
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label="Loading requests…" />
      ) : list.items.length === 0 && !list.error ? (
        <div class="card empty">
          <p>No requests yet. Paste a list of customers, and each gets their own link to your collect page.</p>
          <Link class="btn btn-primary" to="campaigns/new">
            Write the first request
          </Link>
        </div>
      ) : (
        <div class="table-wrap">
          <table class="campaign-list">
            <caption class="sr-only">Requests sent</caption>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Link</th>
                <th scope="col">Sent</th>
                <th scope="col">Emailed</th>
                <th scope="col">Answered</th>
                <th scope="col">Unsubscribed</th>
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
                    {c.counts.emailed} <span class="muted small">of {c.counts.total}</span>
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
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
          Show older requests
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
          title="New request"
          description="Each person gets an email with their own link to your collect page. You will see who answered."
          actions={
            <Link class="btn btn-secondary" to="campaigns">
              Cancel
            </Link>
          }
        />
        <CampaignComposer key={`${mode}:${brand?.id ?? ""}`} />
      </>
    );
  if (sub) return <CampaignDetail key={`${mode}:${sub}`} id={decodeURIComponent(sub)} />;
  return <CampaignList />;
}
