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

/** How often a pending domain is looked at again (ms). */
const RECHECK_MS = 5000;

const STATUS = {
  pending: { tone: "neutral", label: "Getting ready" },
  active: { tone: "good", label: "Active" },
  failed: { tone: "bad", label: "Not working yet" },
} as const;

/** The host-name input, for the brand form. */
export function CustomDomainField({ value, onInput }: { value: string; onInput: (v: string) => void }) {
  return (
    <Field
      label="Your client's own domain"
      optional
      hint="A name like reviews.client.com. The wall, the collect links and the removal pages then live there, with their own HTTPS certificate; the dashboard stays here. Leave empty for none."
    >
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
  const shown = STATUS[status];
  return (
    <div class="custom-domain" aria-live="polite">
      <p class="row">
        <strong>{brand.custom_domain}</strong> <Badge tone={shown.tone}>{shown.label}</Badge>
      </p>
      {status === "active" && (
        <p class="hint">
          The wall is at{" "}
          <a href={brand.public_wall_url} target="_blank" rel="noreferrer">
            {brand.public_wall_url}
          </a>
          , and collect links there are shown with this address.
        </p>
      )}
      {status === "pending" && (
        <p class="hint">
          Waiting for the DNS record below and the certificate. This usually takes a few minutes after the record is
          created; this page updates on its own.
        </p>
      )}
      {status === "failed" && brand.custom_domain_error && (
        <p class="field-error" role="alert">
          {brand.custom_domain_error} Plaudit tries again on its own.
        </p>
      )}
      {dns && status !== "active" && (
        <div class="dns-record">
          <p>Ask whoever manages {brand.custom_domain}'s DNS to create this record:</p>
          <table class="table">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Points to</th>
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
          <p class="hint">
            A bare domain (client.com, without a name in front) cannot have a CNAME record: use an A record with this
            server's IP address instead.
          </p>
        </div>
      )}
    </div>
  );
}
