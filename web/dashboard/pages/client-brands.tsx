/**
 * A client's brands on the Members page: the checkboxes that choose which brands a client sees (always the
 * live-mode brands: clients work in live mode), and the brands' names shown beside a client.
 */
import type { Page } from "../../shared/api";
import { useAsync } from "../../shared/hooks";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import type { Brand } from "../types";
import { t } from "../i18n";

/** The organisation's live brands (what a client can be given), newest first. */
export function useLiveBrands() {
  return useAsync(
    () => api.get<Page<Brand>>("/v1/brands", { query: { limit: 100 }, headers: { "x-svc-mode": "live" } }),
    [],
  );
}

/** Props of `ClientBrandPicker`. */
export interface ClientBrandPickerProps {
  chosen: string[];
  onChange: (ids: string[]) => void;
  /** Names the fieldset for screen readers, e.g. who the brands are for. */
  legend?: string;
  /** Says what a client may do (off where the table around it already says it is a client's). */
  explain?: boolean;
}

/** Checkboxes of the live brands; at least one must be chosen before the form is sent. */
export function ClientBrandPicker({ chosen, onChange, legend, explain = true }: ClientBrandPickerProps) {
  const brands = useLiveBrands();
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((x) => x !== id));
  return (
    <fieldset class="client-brands">
      <legend>{legend ?? t("client-brands.legend")}</legend>
      <p class="hint" hidden={!explain}>
        {t("client-brands.explain")}
      </p>
      {brands.loading && <Loading label={t("client-brands.loading")} />}
      <ErrorNotice error={brands.error} onRetry={brands.reload} />
      {brands.data?.data.map((b) => (
        <label class="check" key={b.id}>
          <input
            type="checkbox"
            name="client-brand"
            value={b.id}
            checked={chosen.includes(b.id)}
            onChange={(e) => toggle(b.id, e.currentTarget.checked)}
          />
          <span>{b.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The names of `ids` among `brands` (the live brands), for a client's row: "Beta Bakery, Gamma Gym". */
export function brandNames(ids: string[], brands: Brand[] | undefined): string {
  return ids.map((id) => brands?.find((b) => b.id === id)?.name ?? t("client-brands.another_brand")).join(", ");
}
