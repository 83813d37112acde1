/**
 * The frame around every page: skip link, test-mode banner, the server-problem and HTTPS banners for owners and admins,
 * header with the organisation, brand and mode switches, the sidebar, and the current page. The page is
 * re-created when the organisation or mode changes, so it never shows another sandbox's data.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { Loading } from "../../shared/ui/loading";
import { homeFor, navFor, type NavItem } from "../nav";
import { PageHeader } from "../page";
import { Link, navigate, useRoute, type Route } from "../router";
import { useSession } from "../session";
import { HealthBanner, OperatorBanners } from "./health-banner";
import { HttpsBanner } from "./https-banner";
import { SpeechBanner } from "./speech-banner";
import { useSystemHealth } from "./system-health";
import { ModeSwitch, TestBanner } from "./mode-switch";
import { Sidebar } from "./sidebar";
import { BrandSwitcher, OrgSwitcher } from "./switchers";
import { UserMenu } from "./user-menu";
import { OrgMark } from "./org-mark";
import { applyFavicon, lookOf, rememberLook, windowTitle } from "../look";
import { t, rich } from "../i18n";

function NeedsBrand({ item }: { item: NavItem }) {
  const { brandsLoading, brandsError, reloadBrands, isClient } = useSession();
  if (brandsLoading) return <Loading label={t("shell.shell.loading_brands")} />;
  return (
    <>
      <PageHeader title={item.label} />
      {brandsError ? (
        <ErrorNotice error={brandsError} onRetry={() => void reloadBrands()} />
      ) : isClient ? (
        // A client's brands were all deleted (or taken away): it cannot make one, only be given one.
        <Notice tone="info" title={t("shell.shell.no_brand_title")}>
          <p>{t("shell.shell.no_brand_text")}</p>
        </Notice>
      ) : (
        <Notice tone="info" title={t("shell.shell.create_brand_title")}>
          <p>
            {rich("shell.shell.create_brand_text", {
              page: item.label,
              link: (parts) => <Link to="brands">{parts as ComponentChildren}</Link>,
            })}
          </p>
        </Notice>
      )}
    </>
  );
}

function NotFound() {
  const { org } = useSession();
  return (
    <>
      <PageHeader title={t("shell.shell.not_found_title")} />
      <p>
        {rich("shell.shell.not_found_text", {
          link: (parts) => <Link to={homeFor(org.role)}>{parts as ComponentChildren}</Link>,
        })}
      </p>
    </>
  );
}

function CurrentPage({ route, item }: { route: Route; item: NavItem | undefined }) {
  const { brand } = useSession();
  if (!item) return <NotFound />;
  if (item.needsBrand && !brand) return <NeedsBrand item={item} />;
  const Page = item.page;
  const rest = route.path.split("/").slice(1).join("/");
  // Brand pages start afresh when another brand is chosen.
  return <Page key={item.needsBrand ? brand?.id : undefined} route={route} rest={rest} />;
}

/** The signed-in dashboard. */
export function Shell() {
  const route = useRoute();
  const { org, mode, isClient, canManage } = useSession();
  const health = useSystemHealth(canManage);
  const segment = route.path.split("/")[0] ?? "";
  // A client asking for a page it may not use (an old bookmark, a shared address) gets "not found".
  const item = navFor(org.role).find((n) => n.path === segment);
  const HOME = homeFor(org.role);
  const first = useRef(true);
  // The organisation's name, logo and colour stand where the product's would (white label).
  const look = lookOf(org);

  useEffect(() => {
    if (segment === "") navigate(HOME, true);
  }, [segment]);

  useEffect(() => {
    rememberLook(look);
    applyFavicon(look);
  }, [look.name, look.logoUrl, look.color]);

  useEffect(() => {
    const page = item?.label ?? t("shell.shell.dashboard");
    document.title = windowTitle(mode === "test" ? t("shell.shell.test_mode_title", { page }) : page, look);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById("page-title")?.focus();
  }, [route.path, mode, look.name]);

  return (
    <div class={`shell${mode === "test" ? " shell-test" : ""}`}>
      <a class="skip-link" href="#main">
        {t("shell.shell.skip")}
      </a>
      <TestBanner />
      <HealthBanner health={health} />
      <SpeechBanner health={health} />
      <OperatorBanners health={health} />
      {canManage && <HttpsBanner health={health} />}
      <header class="topbar">
        <Link to={HOME} class="logo" aria-label={t("shell.shell.home", { org: look.name })}>
          <OrgMark look={look} />
        </Link>
        <div class="topbar-switchers">
          <OrgSwitcher />
          <BrandSwitcher />
        </div>
        <div class="topbar-end">
          {!isClient && <ModeSwitch />}
          <UserMenu />
        </div>
      </header>
      <div class="body">
        <Sidebar current={segment} />
        <main class="content" id="main" key={`${org.org_id}:${mode}`}>
          {segment === "" ? <Loading /> : <CurrentPage route={route} item={item} />}
        </main>
      </div>
    </div>
  );
}
