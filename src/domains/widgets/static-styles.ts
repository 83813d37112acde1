/**
 * The stylesheet of a widget's HTML fragment (`{cdn}/widgets/{id}.html`): the embed script's look (web/widget/
 * styles.ts) for markup that lives in the host page's own DOM, so every rule is scoped under `.svc-s` and every
 * class starts with `svc-` (nothing leaks out), and the few elements it uses are reset (the host's rules for `p`,
 * `ul` or `img` do not reach in far enough to move it). It needs no script: cards scroll inside the box, a carousel
 * is a row that snaps, recordings use the browser's own player, and the badge's testimonials open in `<details>`.
 */
export const STATIC_CSS = `
.svc-s{--bg:#fff;--cd:#fff;--fg:#1f2937;--mu:#4b5563;--bd:#e5e7eb;--sc:#b45309;display:block;position:relative;box-sizing:border-box;overflow:auto;border-radius:12px;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:start}
.svc-s.svc-dk{--bg:#111827;--cd:#1f2937;--fg:#f3f4f6;--mu:#d1d5db;--bd:#374151;--sc:#fbbf24}
@media (prefers-color-scheme:dark){.svc-s.svc-au{--bg:#111827;--cd:#1f2937;--fg:#f3f4f6;--mu:#d1d5db;--bd:#374151;--sc:#fbbf24}}
.svc-s *,.svc-s *::before,.svc-s *::after{box-sizing:border-box}
.svc-s :where(p,ul,li,dl,dt,dd,figure,blockquote,h2,details,summary){margin:0;padding:0;font:inherit;color:inherit;background:none;border:0}
.svc-s :where(ul){list-style:none}
.svc-s :where(img,video){max-width:100%;display:block}
.svc-s a{color:inherit}
.svc-s.svc-tp{background:none}
.svc-s.svc-fi{font-family:inherit}
.svc-s .svc-w{display:flex;flex-direction:column;gap:8px;padding:12px;min-height:100%}
.svc-s.svc-tp .svc-w{padding:4px}
.svc-s .svc-mu{color:var(--mu);font-size:13px}
.svc-s .svc-sum{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}
.svc-s .svc-st{color:var(--sc);letter-spacing:2px}
.svc-s .svc-c{display:flex;flex-direction:column;gap:8px;padding:16px;border:1px solid var(--bd);border-top:3px solid var(--a);border-radius:var(--r);background:var(--cd);min-width:0;height:100%}
.svc-s.svc-b-subtle .svc-c{border-top:1px solid var(--bd)}
.svc-s.svc-b-none .svc-c{border:0}
.svc-s.svc-s-soft .svc-c{box-shadow:0 1px 3px rgba(0,0,0,.1),0 1px 2px rgba(0,0,0,.06)}
.svc-s.svc-s-lifted .svc-c{box-shadow:0 8px 20px -6px rgba(0,0,0,.18),0 3px 6px -3px rgba(0,0,0,.1)}
.svc-s .svc-ch{display:flex;gap:10px;align-items:center}
.svc-s .svc-who{display:flex;flex-direction:column;min-width:0}
.svc-s .svc-av{flex:none;width:40px;height:40px;border-radius:50%;object-fit:cover;display:grid;place-items:center;background:var(--a);color:var(--ai);font-weight:600;border:2px solid var(--cd)}
.svc-s .svc-q{white-space:pre-line;overflow-wrap:anywhere}
.svc-s .svc-an{font-size:13px}.svc-s .svc-an dt,.svc-s .svc-an dd{display:inline;margin:0 4px 0 0}.svc-s .svc-an dt{opacity:.75}.svc-s .svc-an dd{font-weight:600}
.svc-s .svc-cf{margin-top:auto}
.svc-s .svc-v{width:100%;aspect-ratio:16/9;max-height:420px;border-radius:8px;background:#000;object-fit:cover}
.svc-s .svc-ad{width:100%}
.svc-s .svc-g{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:12px;align-items:start}
.svc-s .svc-ms{display:block;columns:240px;column-gap:12px}
.svc-s .svc-ms>li{break-inside:avoid;margin-bottom:12px}
.svc-s .svc-tr{display:flex;gap:12px;overflow-x:auto;scroll-snap-type:x mandatory;padding:2px 2px 6px}
.svc-s .svc-tr>li{flex:0 0 min(300px,85%);scroll-snap-align:start;display:flex}
.svc-s .svc-sg .svc-c{font-size:17px}
.svc-s .svc-at{align-self:flex-end;font-size:12px;color:var(--mu)}
.svc-s.svc-l-avatars{overflow:visible;background:none}
.svc-s.svc-l-avatars .svc-w{padding:0;justify-content:center}
.svc-s .svc-fa{display:inline-flex;align-items:center;gap:12px;max-width:100%;padding:8px 16px 8px 10px;border:1px solid var(--bd);border-radius:999px;background:var(--bg);align-self:flex-start}
.svc-s .svc-fs{display:flex}
.svc-s .svc-fs .svc-av+.svc-av{margin-left:-10px}
.svc-s .svc-bt{display:flex;flex-direction:column;line-height:1.3}
.svc-s .svc-more summary{cursor:pointer;text-decoration:underline;font-size:13px;list-style:none}
.svc-s .svc-more summary::-webkit-details-marker{display:none}
.svc-s .svc-pop{position:absolute;left:0;top:100%;z-index:2147483000;width:min(420px,94vw);max-height:70vh;overflow:auto;display:grid;gap:12px;margin-top:6px;padding:12px;border:1px solid var(--bd);border-radius:12px;background:var(--bg);box-shadow:0 8px 20px -6px rgba(0,0,0,.25)}
.svc-s.svc-fl{position:fixed;left:16px;bottom:16px;z-index:2147483000;height:auto!important;overflow:visible;background:none}
.svc-s.svc-fl .svc-pop{top:auto;bottom:100%;margin:0 0 6px}
`;
