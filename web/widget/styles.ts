/**
 * The widget's stylesheet, scoped by the shadow root (the host page's styles do not reach in, ours do not leak
 * out). Adopted as a constructed stylesheet where the browser can (no inline `<style>`, so a strict
 * Content-Security-Policy on the host page does not block it), else a `<style>` element.
 */
const CSS = `
:host{display:block}
.w{--bg:#fff;--cd:#fff;--fg:#1f2937;--mu:#4b5563;--bd:#e5e7eb;--sc:#b45309;box-sizing:border-box;height:100%;display:flex;flex-direction:column;gap:8px;padding:12px;border-radius:12px;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:start;contain:content}
.dk{--bg:#111827;--cd:#1f2937;--fg:#f3f4f6;--mu:#d1d5db;--bd:#374151;--sc:#fbbf24}
@media (prefers-color-scheme:dark){.au{--bg:#111827;--cd:#1f2937;--fg:#f3f4f6;--mu:#d1d5db;--bd:#374151;--sc:#fbbf24}}
.tp{background:none;padding:4px}
.fi{font-family:inherit}
*{box-sizing:border-box}
button{font:inherit;color:inherit;cursor:pointer}
:focus-visible{outline:2px solid var(--a);outline-offset:2px}
.mu{color:var(--mu);font-size:13px}
.c{display:flex;flex-direction:column;gap:8px;padding:16px;border:1px solid var(--bd);border-top:3px solid var(--a);border-radius:var(--r);background:var(--cd);min-width:0}
.b-subtle .c{border-top:1px solid var(--bd)}
.b-none .c{border:0}
.s-soft .c{box-shadow:0 1px 3px rgba(0,0,0,.1),0 1px 2px rgba(0,0,0,.06)}
.s-lifted .c{box-shadow:0 8px 20px -6px rgba(0,0,0,.18),0 3px 6px -3px rgba(0,0,0,.1)}
.c>*{flex-shrink:0}
.ch{display:flex;gap:10px;align-items:center}
.cf{display:flex;justify-content:space-between;align-items:baseline;gap:8px;margin-top:auto;min-height:20px}
.mt{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px;min-width:0}
.sm{display:inline-flex;align-items:center;gap:5px;font-size:13px;color:var(--mu);text-decoration:none;white-space:nowrap}
a.sm:hover{text-decoration:underline}
.sd{display:inline-grid;place-items:center;width:16px;height:16px;border-radius:50%;background:var(--a);color:var(--ai);font:700 10px/1 system-ui,sans-serif;align-self:center}
.who{display:flex;flex-direction:column;min-width:0}
.who *{overflow:hidden;text-overflow:ellipsis}
.av{flex:none;box-sizing:border-box;width:40px;height:40px;border-radius:50%;object-fit:cover;display:grid;place-items:center;overflow:hidden;background:var(--a);color:var(--ai);font-size:14px;line-height:1;font-weight:600;letter-spacing:0;white-space:nowrap;border:2px solid var(--cd)}
.st{color:var(--sc);letter-spacing:2px}
.q{margin:0;white-space:pre-line;overflow-wrap:break-word}
.an{margin:0;font-size:13px}.an dt,.an dd{display:inline;margin:0;margin-inline-end:4px}.an dt{opacity:.75}.an dd{font-weight:600}
.cl{display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden;flex-shrink:1;min-height:1.5em}
.rm{margin-inline-start:auto;padding:0;border:0;background:none;text-decoration:underline;font-size:13px;visibility:hidden}
.rm.on{visibility:visible}
.pl{position:relative;display:grid;place-items:center;border:0;padding:0;border-radius:8px;overflow:hidden;background:#000;aspect-ratio:16/9;width:100%;flex-shrink:0;align-self:center}
.pl img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.pl.audio{aspect-ratio:auto;display:flex;gap:10px;padding:8px 12px;justify-content:flex-start;background:var(--bd)}
.pi{position:relative;display:grid;place-items:center;width:48px;height:48px;border-radius:50%;background:var(--a);color:var(--ai);font-size:18px}
.pl.audio .pi{width:36px;height:36px;font-size:14px}
.fx .c{overflow:hidden;height:100%}
.c.wd{display:grid;grid-template-columns:auto minmax(0,1fr);grid-template-rows:auto auto minmax(0,1fr) auto auto;column-gap:20px;row-gap:8px;align-items:start}
.c.wd>*{grid-column:2;min-width:0}
.c.wd>.ch{grid-row:1}.c.wd>.st{grid-row:2}.c.wd>.q{grid-row:3;align-self:stretch}.c.wd>.an{grid-row:4}.c.wd>.cf{grid-row:5;align-self:end}
.c.wd>.pl{grid-column:1;grid-row:1/6;align-self:center}
.pg{flex:1;min-height:0;display:flex;flex-direction:column;gap:8px}
.g{flex:1;min-height:0;display:grid;gap:12px;padding:2px 2px 6px;overflow:hidden}
.s-lifted .g{padding:4px 6px 14px}
.ms{align-items:start}
.col{display:flex;flex-direction:column;gap:12px;min-width:0}
.ms .c{height:auto}
.ms .cl{-webkit-line-clamp:8}
.cr{flex:1;min-height:0;display:flex;flex-direction:column;gap:8px}
.tr{flex:1;min-height:0;display:flex;gap:12px;margin:0;padding:2px 2px 6px;list-style:none;overflow-x:auto;scroll-snap-type:x mandatory;scroll-padding:2px;scrollbar-width:thin}
.tr li{flex:0 0 min(300px,85%);scroll-snap-align:start;display:flex}
.tr .c,.mq .c{flex:1}
.mv{flex:1;min-height:0;overflow:hidden;display:flex}
.mq{display:flex;width:max-content;margin:0;padding:2px 0 6px;list-style:none;animation:mq linear infinite}
.mq li{width:min(320px,80vw);padding-inline-end:12px;display:flex}
.mw:hover .mq,.mw:focus-within .mq,.ps .mq{animation-play-state:paused}
@keyframes mq{to{transform:translateX(-50%)}}
[dir=rtl] .mq{animation-name:mr}@keyframes mr{to{transform:translateX(50%)}}
[dir=rtl] .nb{transform:scaleX(-1)}
@media (prefers-reduced-motion:reduce){.mq{animation:none}.mq [inert],.pz{display:none}.mv{overflow-x:auto}}
.pz{padding:4px 12px;border-radius:999px;border:1px solid var(--bd);background:var(--cd);font-size:13px}
.ps .pz{background:var(--a);color:var(--ai);border-color:var(--a)}
.nv{display:flex;justify-content:flex-end;align-items:center;gap:8px}
.nv[hidden]{display:none}
.nb{width:36px;height:36px;border-radius:50%;border:0;background:var(--a);color:var(--ai);font-size:20px;line-height:1}
.nb:disabled{opacity:.4;cursor:default}
.sg{flex:1;min-height:0;display:flex}
.sg .c{flex:1;font-size:17px}
.l-avatars{background:none;padding:0;justify-content:center}
.fa{display:inline-flex;align-items:center;gap:12px;max-width:100%;padding:8px 16px;padding-inline-start:10px;border:1px solid var(--bd);border-radius:999px;background:var(--bg);text-align:start;align-self:flex-start}
.s-soft .fa{box-shadow:0 1px 3px rgba(0,0,0,.1)}
.s-lifted .fa{box-shadow:0 8px 20px -6px rgba(0,0,0,.25)}
.b-none .fa{border:0}
.bt{display:flex;flex-direction:column;line-height:1.3}
.fs{display:flex}
.fs .av{width:36px;height:36px;font-size:13px}
.fs .av+.av{margin-inline-start:-6px}
.fl{position:fixed;inset-inline-start:16px;bottom:16px;z-index:2147483000;height:auto;padding:0;background:none}
.fw{display:flex;flex-direction:column;align-items:flex-start;gap:4px}
.fl .fa{background:var(--bg)}
.fl .at,.fa .at{align-self:flex-start;font-size:12px;margin:0}
.fl .at{background:var(--bg);border-radius:999px;padding:0 8px}
.at{align-self:flex-end;font-size:12px;color:var(--mu);margin:0}
.tp .at,.tp .nv>.mu{background:var(--bg);border-radius:999px;padding:0 8px}
.at a{color:inherit}
.m{max-width:min(720px,94vw);width:100%;padding:16px;border:0;border-radius:12px;background:var(--cd);color:var(--fg)}
.m::backdrop{background:rgba(0,0,0,.7)}
.mh{display:flex;justify-content:space-between;align-items:center;gap:8px}
.mh h2{font-size:17px;margin:0}
.x{border:0;background:none;font-size:26px;line-height:1;padding:2px 8px}
.m video,.m audio{display:block;width:100%;margin-top:10px;border-radius:8px}
.m video{max-height:70vh;background:#000}
.mt{white-space:pre-line;margin:12px 0 0}
.dl{display:grid;gap:12px;margin-top:12px}
`;

let sheet: CSSStyleSheet | null = null;

/** Gives the shadow root the widget's styles (once). */
export function adoptStyles(root: ShadowRoot) {
  try {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    if (!root.querySelector("style"))
      root.prepend(Object.assign(document.createElement("style"), { textContent: CSS }));
  }
}
