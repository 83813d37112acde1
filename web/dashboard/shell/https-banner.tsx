/**
 * The banner owners and admins see when respondents cannot record: browsers give the camera and microphone only to
 * pages at https:// addresses (or on their own machine). It shows when the server says its capture pages are at a
 * plain http:// address (`https` of `GET /v1/system/health`), or when this dashboard itself was opened over plain
 * HTTP at an address other than localhost. It says how to fix it, and can be dismissed for this browser session:
 * a cookie with no expiry, so every tab honours it until the browser closes, and then it comes back (the problem is
 * still there).
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { CodeText } from "../../shared/ui/code-text";
import type { SystemHealth } from "../types";
import { t, rich, tag } from "../i18n";

const DISMISSED = "plaudit_https_banner=dismissed";

/** True when browsers count `hostname` (`location.hostname`) as their own machine: such pages are secure. */
export function isLoopbackName(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(h) || h === "[::1]";
}

/** Dismissed in this browser session (cookies may be refused: then it shows on every page load). */
function dismissed(): boolean {
  return document.cookie.split(/;\s*/).includes(DISMISSED);
}

/** Why this page itself is the problem, or null: opened over plain HTTP at an address that is not this machine. */
function pageProblem(): string | null {
  if (location.protocol !== "http:" || isLoopbackName(location.hostname)) return null;
  return t("shell.https-banner.page_problem", { origin: location.origin });
}

/** "Recordings need HTTPS" with what is wrong and how to fix it; nothing when all is well or dismissed. */
export function HttpsBanner({ health }: { health: SystemHealth | null }) {
  const [hidden, setHidden] = useState(dismissed);
  const site = health?.https.site_secure === false ? health.https : null;
  const page = pageProblem();
  if (hidden || (!site && !page)) return null;
  const dismiss = () => {
    // No Max-Age: the browser forgets it when it closes. Read by this script only; the server never looks.
    document.cookie = `${DISMISSED}; Path=/; SameSite=Strict`;
    setHidden(true);
  };
  return (
    <section class="health-banner health-banner-info https-banner" aria-labelledby="https-banner-title">
      <div class="https-banner-head">
        <p id="https-banner-title" class="health-banner-title">
          {t("shell.https-banner.title")}
        </p>
        <Button small onClick={dismiss}>
          {t("shell.https-banner.dismiss")}
        </Button>
      </div>
      {site?.problem && (
        <p>
          <CodeText text={site.problem} />
        </p>
      )}
      {page && <p>{page}</p>}
      <details>
        <summary>{t("shell.https-banner.how_to")}</summary>
        <ul>
          <li>{rich("shell.https-banner.built_in", { strong: tag("strong"), code: tag("code") })}</li>
          <li>{rich("shell.https-banner.proxy", { strong: tag("strong"), code: tag("code") })}</li>
        </ul>
        <p class="small">{rich("shell.https-banner.readme", { code: tag("code") })}</p>
      </details>
    </section>
  );
}
