/**
 * The organisation and brand pickers in the header. Changing either reloads what the page shows.
 */
import { useId } from "preact/hooks";
import { useSession } from "../session";

/** Picks the organisation (plain text when there is only one). */
export function OrgSwitcher() {
  const { me, org, setOrg } = useSession();
  const id = useId();
  return (
    <div class="switcher">
      <label for={id} class="switcher-label">
        Organisation
      </label>
      {me.memberships.length > 1 ? (
        <select id={id} value={org.org_id} onChange={(e) => setOrg(e.currentTarget.value)}>
          {me.memberships.map((m) => (
            <option key={m.org_id} value={m.org_id}>
              {m.org_name}
            </option>
          ))}
        </select>
      ) : (
        <output id={id} class="switcher-value">
          {org.org_name}
        </output>
      )}
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
        Brand
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
          {brandsLoading ? "Loading…" : "No brands yet"}
        </output>
      )}
    </div>
  );
}
