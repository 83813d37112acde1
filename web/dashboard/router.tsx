/**
 * History routing under the dashboard's base path (from `<base href>`, e.g. `/app/`). Routes are the path
 * after it: `links`, `billing`. `Link` renders a real `<a href>` (open in a new tab works) and navigates in
 * place on a plain click.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";

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

/** Goes to a route without reloading the page. */
export function navigate(to: string, replace = false) {
  const url = hrefFor(to);
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
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
