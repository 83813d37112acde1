/**
 * The main navigation, drawn from the `NAV` table and grouped by section. The current page is marked with
 * `aria-current`.
 */
import { useEffect, useRef } from "preact/hooks";
import { Link } from "../router";
import { navFor, SECTION_LABELS, SECTIONS } from "../nav";
import { useSession } from "../session";
import { t } from "../i18n";

/** The sidebar (a scrolling bar on narrow screens). */
export function Sidebar({ current }: { current: string }) {
  const ref = useRef<HTMLElement>(null);
  const nav = navFor(useSession().org.role);
  // On narrow screens the bar scrolls sideways; keep the current page's link in view.
  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <nav class="sidebar" aria-label={t("shell.sidebar.main")} ref={ref}>
      {SECTIONS.map((section) => {
        const items = nav.filter((n) => n.section === section && !n.hidden);
        if (items.length === 0) return null;
        return (
          <div class="nav-section" key={section}>
            <p class="nav-heading">{SECTION_LABELS[section]}</p>
            <ul>
              {items.map((item) => (
                <li key={item.path}>
                  <Link to={item.path} class="nav-link" aria-current={item.path === current ? "page" : undefined}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
