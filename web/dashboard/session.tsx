/**
 * The signed-in session: who the person is, which organisation and mode they work in, the brands of that
 * organisation and mode, and the chosen brand. Pages read it with `useSession()`.
 */
import { createContext, type ComponentChildren } from "preact";
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Page } from "../shared/api";
import { PlansLink } from "../shared/ui/notice";
import { api, setScope } from "./api";
import { getPref, setPref } from "./prefs";
import type { Brand, Me, Membership, Mode } from "./types";

/** What `useSession()` gives a page. */
export interface Session {
  me: Me;
  org: Membership;
  mode: Mode;
  brands: Brand[];
  brand: Brand | null;
  brandsLoading: boolean;
  brandsError: unknown;
  /** Owners and admins manage members, keys and settings. */
  canManage: boolean;
  isOwner: boolean;
  /** A client: sees and moderates only its brands, in live mode; no settings. */
  isClient: boolean;
  setOrg: (orgId: string) => void;
  setMode: (mode: Mode) => void;
  setBrand: (brandId: string) => void;
  /** Reads the brands again; `choose` (a brand just created) becomes the chosen brand once it is in the list. */
  reloadBrands: (choose?: string) => Promise<void>;
  /** Reads `/v1/me` again (e.g. after a plan change). */
  refreshMe: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** The current session; only used inside `SessionProvider`. */
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error("useSession outside SessionProvider");
  return s;
}

function pickOrg(me: Me): Membership {
  const saved = getPref("org");
  return me.memberships.find((m) => m.org_id === saved) ?? me.memberships[0]!;
}

/** Props of `SessionProvider`. */
export interface SessionProviderProps {
  initial: Me;
  onSignedOut: () => void;
  children: ComponentChildren;
}

/** Holds the session for a person with at least one membership. */
export function SessionProvider({ initial, onSignedOut, children }: SessionProviderProps) {
  const [me, setMe] = useState(initial);
  const [orgId, setOrgId] = useState(() => pickOrg(initial).org_id);
  const [chosenMode, setModeState] = useState<Mode>(() => (getPref("mode") === "test" ? "test" : "live"));
  const [brands, setBrands] = useState<Brand[]>([]);
  const [brandId, setBrandId] = useState<string | null>(null);
  const [brandsLoading, setBrandsLoading] = useState(true);
  const [brandsError, setBrandsError] = useState<unknown>(null);

  const org = me.memberships.find((m) => m.org_id === orgId) ?? pickOrg(me);
  // A client's brands are live ones: the sandbox is the organisation's own.
  const mode: Mode = org.role === "client" ? "live" : chosenMode;
  // Set during render so requests made by the pages' effects already carry the new organisation and mode.
  setScope(org.org_id, mode);
  const scopeKey = useRef("");
  scopeKey.current = `${org.org_id}:${mode}`;

  const reloadBrands = useCallback(
    async (choose?: string) => {
      const asked = `${org.org_id}:${mode}`;
      setBrandsLoading(true);
      setBrandsError(null);
      try {
        const page = await api.get<Page<Brand>>("/v1/brands", { query: { limit: 100 } });
        if (asked !== scopeKey.current) return;
        // A brand being deleted can no longer be worked in: it is only on the Brands page, with its progress.
        const usable = page.data.filter((b) => b.status !== "deleting");
        setBrands(usable);
        if (choose && usable.some((b) => b.id === choose)) setPref(`brand.${org.org_id}.${mode}`, choose);
        const saved = getPref(`brand.${org.org_id}.${mode}`);
        setBrandId((current) => {
          if (choose && saved === choose) return choose;
          const keep = [current, saved].find((id) => id && usable.some((b) => b.id === id));
          return keep ?? usable.find((b) => b.is_default)?.id ?? usable[0]?.id ?? null;
        });
      } catch (e) {
        if (asked === scopeKey.current) setBrandsError(e);
      } finally {
        if (asked === scopeKey.current) setBrandsLoading(false);
      }
    },
    [org.org_id, mode],
  );

  useEffect(() => {
    setBrands([]);
    setBrandId(null);
    void reloadBrands();
  }, [reloadBrands]);

  const session = useMemo<Session>(
    () => ({
      me,
      org,
      mode,
      brands,
      brand: brands.find((b) => b.id === brandId) ?? null,
      brandsLoading,
      brandsError,
      canManage: org.role === "owner" || org.role === "admin",
      isOwner: org.role === "owner",
      isClient: org.role === "client",
      setOrg: (id) => {
        setPref("org", id);
        setOrgId(id);
      },
      setMode: (m) => {
        setPref("mode", m);
        setModeState(m);
      },
      setBrand: (id) => {
        setPref(`brand.${org.org_id}.${mode}`, id);
        setBrandId(id);
      },
      reloadBrands,
      refreshMe: async () => setMe(await api.get<Me>("/v1/me")),
      signOut: async () => {
        try {
          await api.post("/v1/auth/logout");
        } finally {
          onSignedOut();
        }
      },
    }),
    [me, org, mode, brands, brandId, brandsLoading, brandsError, reloadBrands, onSignedOut],
  );

  // A client cannot change the plan: its plan-limit errors say to ask the agency, without a link to the plans.
  return (
    <SessionContext.Provider value={session}>
      <PlansLink.Provider value={org.role !== "client"}>{children}</PlansLink.Provider>
    </SessionContext.Provider>
  );
}
