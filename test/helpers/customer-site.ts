/**
 * A customer's own web page for widget tests: plain HTML served by a second Bun server on `localhost` (a free
 * port), so it is another origin than the Plaudit server (which the tests start on `127.0.0.1`).
 */

/** A running customer page. */
export interface CustomerSite {
  /** The page's origin, e.g. `http://localhost:41234`. */
  origin: string;
  stop(): void;
}

/** Serves a page titled "Customers" whose `<main>` holds `body` (e.g. a widget's snippet) under a heading. */
export function startCustomerSite(body: string): CustomerSite {
  const server = Bun.serve({
    port: 0,
    hostname: "localhost",
    fetch: () =>
      new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customers</title></head><body><main><h1>What our customers say</h1>${body}</main></body></html>`,
        { headers: { "content-type": "text/html; charset=utf-8" } },
      ),
  });
  return { origin: `http://localhost:${server.port}`, stop: () => server.stop(true) };
}
