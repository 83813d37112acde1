/**
 * The latest imports into the chosen brand (`GET /v1/imports`, newest first): when, from where, how many were
 * created and skipped, and who attested.
 */
import { formatDateTime } from "../../shared/format";
import { useAsync } from "../../shared/hooks";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import type { ImportView } from "../../../src/domains/imports/model";
import { t } from "../i18n";

/** An import record as the API lists it. */
export type ImportRecord = ImportView;

/** Props of `ImportHistory`; `version` changes after each import so the list reloads. */
export interface ImportHistoryProps {
  brandId: string;
  version: number;
}

/** The table of past imports. */
export function ImportHistory({ brandId, version }: ImportHistoryProps) {
  const list = useAsync(
    () => api.get<{ data: ImportRecord[] }>("/v1/imports", { query: { brand_id: brandId } }),
    [brandId, version],
  );
  return (
    <section aria-labelledby="import-history-title" class="import-history">
      <h2 id="import-history-title">{t("import.history.title")}</h2>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading && !list.data ? (
        <Loading label={t("import.history.loading")} />
      ) : list.data && list.data.data.length === 0 ? (
        <p class="empty">{t("import.history.none")}</p>
      ) : list.data ? (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t("import.history.when")}</th>
                <th scope="col">{t("import.history.source")}</th>
                <th scope="col">{t("import.history.created")}</th>
                <th scope="col">{t("import.history.duplicates")}</th>
                <th scope="col">{t("import.history.sent_with")}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>{r.source.name}</td>
                  <td>{r.created_count}</td>
                  <td>{r.duplicate_count}</td>
                  <td class="small">{r.api_key_id ? t("import.history.api_key") : t("import.history.dashboard")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
