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
  return `This dashboard is open at ${location.origin}, a plain HTTP address: pages there get no camera or microphone, and passwords travel unencrypted.`;
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
          Recordings need HTTPS: set a domain (see Deploy on a VPS)
        </p>
        <Button small onClick={dismiss}>
          Dismiss
        </Button>
      </div>
      {site?.problem && (
        <p>
          <CodeText text={site.problem} />
        </p>
      )}
      {page && <p>{page}</p>}
      <details>
        <summary>How to set up HTTPS</summary>
        <ul>
          <li>
            <strong>Built in:</strong> point a domain name at this server and set <code>PLAUDIT_DOMAIN</code> to it (
            <code>plaudit serve --domain …</code>): Plaudit gets its own certificate.
          </li>
          <li>
            <strong>Behind Caddy or nginx:</strong> HTTPS at the proxy, Plaudit on <code>PLAUDIT_HOST=127.0.0.1</code>{" "}
            with <code>PLAUDIT_BASE_URL=https://your.domain</code> (and <code>PLAUDIT_SITE_URL</code>, if you set it
            apart) and <code>PLAUDIT_TRUSTED_PROXIES=127.0.0.1</code>.
          </li>
        </ul>
        <p class="small">
          Both are described step by step in Plaudit's README (“Deploy on a VPS”, “Behind Caddy or nginx”), and{" "}
          <code>plaudit doctor</code> on the server checks the address. Until then, respondents can still upload a file
          or write their testimonial.
        </p>
      </details>
    </section>
  );
}
