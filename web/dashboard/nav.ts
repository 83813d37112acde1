/**
 * The dashboard's pages in one table: the sidebar, the router and the page titles all read it. A new
 * feature adds its page here in one line.
 */
import type { ComponentType } from "preact";
import type { Route } from "./router";
import type { Role } from "./types";
import { ApiKeysPage } from "./pages/api-keys";
import { BillingPage } from "./pages/billing";
import { BrandsPage } from "./pages/brands";
import { ExportsPage } from "./pages/exports";
import { ImportsPage } from "./pages/imports";
import { InboxPage } from "./pages/inbox";
import { LinksPage } from "./pages/links";
import { MembersPage } from "./pages/members";
import { OutboxPage } from "./pages/outbox";
import { TagsPage } from "./pages/tags";
import { WebhooksPage } from "./pages/webhooks";
import { WidgetsPage } from "./pages/widgets";
import { ReelsPage } from "./pages/reels";
import { CampaignsPage } from "./pages/campaigns";
import { OrganisationPage } from "./pages/organisation";
import { AccountPage } from "./pages/account";
import { StatsPage } from "./pages/stats";
import { NotificationsPage } from "./pages/notifications";
import { t } from "./i18n";

/** What every page component receives. `rest` is the path after the page's own segment (for detail views). */
export interface PageProps {
  route: Route;
  rest: string;
}

/** One entry of the navigation. */
export interface NavItem {
  /** First path segment under the dashboard, e.g. `links` for `/app/links`. */
  path: string;
  label: string;
  section: "Collect" | "Publish" | "Developers" | "Organisation";
  page: ComponentType<PageProps>;
  /** The page works on the brand chosen in the header; without one it asks to create a brand first. */
  needsBrand?: boolean;
  /** For the organisation's own people only: hidden from a client (a login limited to some brands). */
  staff?: boolean;
  /** Not in the sidebar: reached from elsewhere (the person's own account, from the user menu). */
  hidden?: boolean;
}

/** Every page, in sidebar order within its section. */
export const NAV: NavItem[] = [
  { path: "inbox", label: t("nav.inbox"), section: "Collect", page: InboxPage, needsBrand: true },
  { path: "brands", label: t("nav.brands"), section: "Collect", page: BrandsPage },
  { path: "links", label: t("nav.links"), section: "Collect", page: LinksPage, needsBrand: true },
  // Sending requests needs link:write, which a client does not have.
  {
    path: "campaigns",
    label: t("nav.campaigns"),
    section: "Collect",
    page: CampaignsPage,
    needsBrand: true,
    staff: true,
  },
  { path: "imports", label: t("nav.imports"), section: "Collect", page: ImportsPage, needsBrand: true, staff: true },
  { path: "exports", label: t("nav.exports"), section: "Collect", page: ExportsPage },
  { path: "tags", label: t("nav.tags"), section: "Collect", page: TagsPage },
  { path: "widgets", label: t("nav.widgets"), section: "Publish", page: WidgetsPage, needsBrand: true },
  { path: "reels", label: t("nav.reels"), section: "Publish", page: ReelsPage, needsBrand: true },
  { path: "stats", label: t("nav.stats"), section: "Publish", page: StatsPage, needsBrand: true },
  { path: "api-keys", label: t("nav.api_keys"), section: "Developers", page: ApiKeysPage, staff: true },
  { path: "webhooks", label: t("nav.webhooks"), section: "Developers", page: WebhooksPage, staff: true },
  { path: "organisation", label: t("nav.organisation"), section: "Organisation", page: OrganisationPage, staff: true },
  { path: "members", label: t("nav.members"), section: "Organisation", page: MembersPage, staff: true },
  { path: "billing", label: t("nav.billing"), section: "Organisation", page: BillingPage, staff: true },
  { path: "outbox", label: t("nav.outbox"), section: "Organisation", page: OutboxPage, staff: true },
  // Everyone's own emails about new testimonials (a client's too: its brands only).
  { path: "notifications", label: t("nav.notifications"), section: "Organisation", page: NotificationsPage },
  { path: "account", label: t("nav.account"), section: "Organisation", page: AccountPage, hidden: true },
];

/** The pages a role uses: a client sees its brands' testimonials, links, tags, widgets, reels, stats and exports only. */
export const navFor = (role: Role): NavItem[] => (role === "client" ? NAV.filter((n) => !n.staff) : NAV);

/** Sections in sidebar order. */
export const SECTIONS: NavItem["section"][] = ["Collect", "Publish", "Developers", "Organisation"];

/** The sections' headings in the sidebar. */
export const SECTION_LABELS: Record<NavItem["section"], string> = {
  Collect: t("nav.section_collect"),
  Publish: t("nav.section_publish"),
  Developers: t("nav.section_developers"),
  Organisation: t("nav.section_organisation"),
};

/** The page the dashboard opens on. */
export const HOME = "brands";

/** The page a role's dashboard opens on: a client starts in its inbox. */
export const homeFor = (role: Role): string => (role === "client" ? "inbox" : HOME);
