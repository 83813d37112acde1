/**
 * A brand's own domain in its settings: the host name to use (`reviews.client.com`), and once one is saved, where
 * it stands (getting its certificate, active, or what is wrong in plain words), the exact DNS record the client
 * creates, and what lives there. While the domain is pending the brand is read again every few seconds, so the page
 * turns to "Active" on its own. Test-mode brands have no public address of their own, so the field is not offered.
 */
import { useEffect } from "preact/hooks";
import { Badge } from "../../shared/ui/badge";
import { CopyButton } from "../../shared/ui/copy-button";
import { Field } from "../../shared/ui/field";
import { api } from "../api";
import type { Brand } from "../types";
import { rich, t } from "../i18n";

/** How often a pending domain is looked at again (ms). */
const RECHECK_MS = 5000;

const statuses = () =>
  ({
    pending: { tone: "neutral", label: t("custom-domain.status_pending") },
    active: { tone: "good", label: t("custom-domain.status_active") },
    failed: { tone: "bad", label: t("custom-domain.status_failed") },
  }) as const;

/** The host-name input, for the brand form. */
export function CustomDomainField({ value, onInput }: { value: string; onInput: (v: string) => void }) {
  return (
    <Field label={t("custom-domain.label")} optional hint={t("custom-domain.hint")}>
      {(p) => (
        <input
          {...p}
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          maxLength={253}
          placeholder="reviews.client.com"
          value={value}
          onInput={(e) => onInput(e.currentTarget.value.trim().toLowerCase())}
        />
      )}
    </Field>
  );
}

/** Where a saved domain stands, and the DNS record to create. */
export function CustomDomainStatus({ brand, onChanged }: { brand: Brand; onChanged: (b: Brand) => void }) {
  const status = brand.custom_domain_status;
  useEffect(() => {
    if (status !== "pending") return;
    const timer = setTimeout(async () => {
      try {
        onChanged(await api.get<Brand>(`/v1/brands/${encodeURIComponent(brand.id)}`));
      } catch {
        // Looked at again on the next save or visit.
      }
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [brand.id, status, brand.custom_domain_error]);
  if (!brand.custom_domain || !status) return null;
  const dns = brand.custom_domain_dns;
  const shown = statuses()[status];
  return (
    <div class="custom-domain" aria-live="polite">
      <p class="row">
        <strong>{brand.custom_domain}</strong> <Badge tone={shown.tone}>{shown.label}</Badge>
      </p>
      {status === "active" && (
        <p class="hint">
          {rich("custom-domain.active", {
            url: brand.public_wall_url,
            link: (parts) => (
              <a href={brand.public_wall_url} target="_blank" rel="noreferrer">
                {parts}
              </a>
            ),
          })}
        </p>
      )}
      {status === "pending" && <p class="hint">{t("custom-domain.pending")}</p>}
      {status === "failed" && brand.custom_domain_error && (
        <p class="field-error" role="alert">
          {t("custom-domain.failed", { error: brand.custom_domain_error })}
        </p>
      )}
      {dns && status !== "active" && (
        <div class="dns-record">
          <p>{t("custom-domain.dns_ask", { domain: brand.custom_domain })}</p>
          <table class="table">
            <thead>
              <tr>
                <th scope="col">{t("custom-domain.col_type")}</th>
                <th scope="col">{t("custom-domain.col_name")}</th>
                <th scope="col">{t("custom-domain.col_value")}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{dns.type}</td>
                <td>
                  <code>{dns.name}</code>
                </td>
                <td>
                  <code>{dns.value}</code> <CopyButton text={dns.value} />
                </td>
              </tr>
            </tbody>
          </table>
          <p class="hint">{t("custom-domain.bare_domain")}</p>
        </div>
      )}
    </div>
  );
}
