/**
 * The Exports page: ask for a CSV or JSON file of testimonials with the list's filters (preview first if you
 * like), follow it while it is built, and download it from a link that works for an hour.
 */
import type { Page } from "../../shared/api";
import { useAsync, usePaged } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { useSession } from "../session";
import { ExportFormCard, initialForm } from "./exports-form";
import { ExportList } from "./exports-list";
import { describeFilters, type ExportItem } from "./exports-shared";
import "./exports.css";
import { t } from "../i18n";

/** The Exports page. */
export function ExportsPage({ route }: PageProps) {
  const { brand, brands, mode } = useSession();
  const list = usePaged<ExportItem>(
    (cursor) => api.get<Page<ExportItem>>("/v1/exports", { query: { limit: 25, cursor } }),
    [mode],
  );
  const tags = useAsync(
    () => api.get<Page<{ id: string; name: string }>>("/v1/tags", { query: { limit: 100 } }),
    [mode],
  );
  const brandName = (id: string) => brands.find((b) => b.id === id)?.name ?? t("exports.deleted_brand");
  const tagName = (id: string) => tags.data?.data.find((x) => x.id === id)?.name ?? t("exports.deleted_tag");
  return (
    <>
      <PageHeader title={t("exports.title")} description={t("exports.description")} />
      <ExportFormCard key={`${mode}:${brand?.id ?? ""}`} initial={initialForm(route.query)} onCreated={list.prepend} />
      <section aria-labelledby="exports-list-title" class="stack">
        <h2 id="exports-list-title">{t("exports.your_exports")}</h2>
        <ErrorNotice error={list.error} onRetry={list.reload} />
        {list.loading ? (
          <Loading label={t("exports.loading")} />
        ) : (
          <ExportList list={list} describe={(e) => describeFilters(e.filters, brandName, tagName)} />
        )}
        {list.hasMore && (
          <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("exports.loading_more")}>
            {t("exports.show_more")}
          </Button>
        )}
      </section>
    </>
  );
}
