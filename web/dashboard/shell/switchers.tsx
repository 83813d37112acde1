/**
 * The organisation and brand pickers in the header. Changing either reloads what the page shows.
 */
import { useId } from "preact/hooks";
import { useSession } from "../session";
import { t } from "../i18n";

/** Picks the organisation; nothing when there is only one (the header's mark names it). */
export function OrgSwitcher() {
  const { me, org, setOrg } = useSession();
  const id = useId();
  if (me.memberships.length < 2) return null;
  return (
    <div class="switcher">
      <label for={id} class="switcher-label">
        {t("shell.switchers.organisation")}
      </label>
      <select id={id} value={org.org_id} onChange={(e) => setOrg(e.currentTarget.value)}>
        {me.memberships.map((m) => (
          <option key={m.org_id} value={m.org_id}>
            {m.org_name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Picks the brand pages like Links work on. */
export function BrandSwitcher() {
  const { brands, brand, setBrand, brandsLoading } = useSession();
  const id = useId();
  return (
    <div class="switcher">
      <label for={id} class="switcher-label">
        {t("shell.switchers.brand")}
      </label>
      {brands.length > 0 ? (
        <select id={id} value={brand?.id ?? ""} onChange={(e) => setBrand(e.currentTarget.value)}>
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      ) : (
        <output id={id} class="switcher-value muted">
          {brandsLoading ? t("shell.switchers.loading") : t("shell.switchers.no_brands")}
        </output>
      )}
    </div>
  );
}
