/**
 * History routing under the dashboard's base path (from `<base href>`, e.g. `/app/`). Routes are the path
 * after it: `links`, `billing`. `Link` renders a real `<a href>` (open in a new tab works) and navigates in
 * place on a plain click. A form with unsaved changes holds navigation (`useUnsavedChanges`): leaving the site
 * gets the browser's own warning, moving inside the dashboard (links, `navigate`, back and forward) asks first.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "./i18n";

const CHANGE = "plaudit:navigate";

/** The dashboard's base path, always ending in `/`. */
export function basePath(): string {
  const path = new URL(document.baseURI).pathname;
  return path.endsWith("/") ? path : `${path}/`;
}

/** Where the person is: `path` without the base (no leading slash) and the query. */
export interface Route {
  path: string;
  query: URLSearchParams;
}

/** Reads the current route from the address bar. */
export function currentRoute(): Route {
  const base = basePath();
  const { pathname, search } = window.location;
  const path = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\/+/, "");
  return { path: path.replace(/\/+$/, ""), query: new URLSearchParams(search) };
}

/** The address of a route, for `href`. */
export const hrefFor = (to: string): string => basePath() + to.replace(/^\/+/, "");

/** Forms with unsaved changes, each with what it asks before they are thrown away. */
const holds = new Map<symbol, () => string | null>();

/** The question of the first form holding navigation, or null when nothing is unsaved. */
function heldBy(): string | null {
  for (const ask of holds.values()) {
    const question = ask();
    if (question) return question;
  }
  return null;
}

/** True when nothing is unsaved, or the person agreed to lose it. */
export function mayLeave(): boolean {
  const question = heldBy();
  return question === null || window.confirm(question);
}

// The address the dashboard shows, so that "back" away from unsaved changes can be undone when the person stays.
let shown = typeof window === "undefined" ? "" : window.location.href;
if (typeof window !== "undefined") {
  // Registered when the module loads, before any `useRoute` listener, so a refused "back" stops here.
  window.addEventListener("popstate", (e) => {
    if (heldBy() !== null && !mayLeave()) {
      e.stopImmediatePropagation();
      history.pushState(null, "", shown);
      return;
    }
    shown = window.location.href;
  });
  window.addEventListener("beforeunload", (e) => {
    if (heldBy() === null) return;
    e.preventDefault();
    // Older browsers show the warning only when returnValue is set.
    e.returnValue = "";
  });
}

/**
 * Holds navigation while `dirty`: the browser warns before the page is left, and moving elsewhere in the
 * dashboard asks `question` first. Saving or discarding (dirty false again) releases it at once.
 */
export function useUnsavedChanges(dirty: boolean, question = t("router.unsaved")) {
  const state = useRef({ dirty, question });
  state.current = { dirty, question };
  useEffect(() => {
    const key = Symbol("unsaved");
    holds.set(key, () => (state.current.dirty ? state.current.question : null));
    return () => void holds.delete(key);
  }, []);
}

/** Goes to a route without reloading the page; asks first when a form has unsaved changes (`force` skips that). */
export function navigate(to: string, replace = false, force = false) {
  if (!force && !mayLeave()) return;
  const url = hrefFor(to);
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  shown = window.location.href;
  window.dispatchEvent(new Event(CHANGE));
}

/** The current route; re-renders on navigation and on the browser's back and forward. */
export function useRoute(): Route {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    window.addEventListener("popstate", update);
    window.addEventListener(CHANGE, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(CHANGE, update);
    };
  }, []);
  return route;
}

/** Props of `Link`. */
export interface LinkProps {
  to: string;
  children?: ComponentChildren;
  class?: string;
  "aria-current"?: "page" | undefined;
  "aria-label"?: string;
  onClick?: (e: MouseEvent) => void;
}

/** An in-app link. Modified clicks (new tab, new window) are left to the browser. */
export function Link({ to, children, onClick, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={hrefFor(to)}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
