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
  { path: "inbox", label: "Inbox", section: "Collect", page: InboxPage, needsBrand: true },
  { path: "brands", label: "Brands", section: "Collect", page: BrandsPage },
  { path: "links", label: "Links", section: "Collect", page: LinksPage, needsBrand: true },
  // Sending requests needs link:write, which a client does not have.
  { path: "campaigns", label: "Requests", section: "Collect", page: CampaignsPage, needsBrand: true, staff: true },
  { path: "imports", label: "Import reviews", section: "Collect", page: ImportsPage, needsBrand: true, staff: true },
  { path: "exports", label: "Exports", section: "Collect", page: ExportsPage },
  { path: "tags", label: "Tags", section: "Collect", page: TagsPage },
  { path: "widgets", label: "Widgets", section: "Publish", page: WidgetsPage, needsBrand: true },
  { path: "reels", label: "Reels", section: "Publish", page: ReelsPage, needsBrand: true },
  { path: "stats", label: "Stats", section: "Publish", page: StatsPage, needsBrand: true },
  { path: "api-keys", label: "API keys", section: "Developers", page: ApiKeysPage, staff: true },
  { path: "webhooks", label: "Webhooks", section: "Developers", page: WebhooksPage, staff: true },
  { path: "organisation", label: "Organisation", section: "Organisation", page: OrganisationPage, staff: true },
  { path: "members", label: "Members", section: "Organisation", page: MembersPage, staff: true },
  { path: "billing", label: "Plan & usage", section: "Organisation", page: BillingPage, staff: true },
  { path: "outbox", label: "Mail outbox", section: "Organisation", page: OutboxPage, staff: true },
  // Everyone's own emails about new testimonials (a client's too: its brands only).
  { path: "notifications", label: "Notifications", section: "Organisation", page: NotificationsPage },
  { path: "account", label: "Your account", section: "Organisation", page: AccountPage, hidden: true },
];

/** The pages a role uses: a client sees its brands' testimonials, links, tags, widgets, reels, stats and exports only. */
export const navFor = (role: Role): NavItem[] => (role === "client" ? NAV.filter((n) => !n.staff) : NAV);

/** Sections in sidebar order. */
export const SECTIONS: NavItem["section"][] = ["Collect", "Publish", "Developers", "Organisation"];

/** The page the dashboard opens on. */
export const HOME = "brands";

/** The page a role's dashboard opens on: a client starts in its inbox. */
export const homeFor = (role: Role): string => (role === "client" ? "inbox" : HOME);
