/**
 * The wall pages' stylesheet, inlined and allowed by its hash in the CSP (no request, nothing render-blocking). System fonts
 * only: no font files, no third party. The brand colour comes in as `--accent` (fills), `--on-accent` (text on
 * it) and `--accent-ink` (links, darkened until it reads on white), set on `:root` in the same element because
 * the CSP allows no style attributes.
 */
import { accentVars } from "../../../platform/accent";

const BASE = `*{box-sizing:border-box}
html{color-scheme:light;-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#111827;background:#f4f5f7}
a{color:var(--accent-ink)}
a:focus-visible,video:focus-visible,audio:focus-visible{outline:3px solid var(--accent-ink);outline-offset:2px}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.top{background:#fff;background:color-mix(in srgb,var(--accent) 7%,#fff);border-bottom:4px solid var(--accent)}
.brand{display:flex;gap:1.25rem;align-items:flex-start;padding-top:1.75rem;padding-bottom:1.75rem}
.brand img{width:72px;height:72px;object-fit:contain;border-radius:12px;flex:none;background:#fff}
.brand-text{min-width:0;max-width:46rem}
h1{font-size:1.75rem;line-height:1.2;margin:0;overflow-wrap:anywhere}
.summary{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .5rem;margin:.5rem 0 0;color:#374151}
.avg{font-size:1.5rem;font-weight:700;color:#111827;line-height:1}
.intro{margin:.75rem 0 0;color:#1f2937;white-space:pre-line;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.25rem;margin:1rem 0 0}
.share{display:inline-flex;align-items:center;min-height:44px;padding:0 1.1rem;border-radius:999px;background:var(--accent);color:var(--on-accent);font-weight:600;text-decoration:none}
.share:hover{filter:brightness(.95)}
.site{display:inline-block;padding:.6rem 0;font-weight:500}
.stars{color:#b45309;letter-spacing:.08em;white-space:nowrap}
.back{display:inline-block;margin:1rem 0 0;padding:.5rem 0}
.grid{list-style:none;margin:1.5rem 0;padding:0;columns:20rem;column-gap:1rem}
.grid>li{break-inside:avoid;margin:0 0 1rem;display:flow-root}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:14px;padding:1.1rem;display:flex;flex-direction:column;gap:.75rem;margin:0;box-shadow:0 1px 2px rgba(16,24,40,.05)}
.single{max-width:42rem;margin:1.5rem auto}
.head{display:flex;gap:.75rem;align-items:center}
.face{flex:none;width:44px;height:44px;border-radius:50%;object-fit:cover;display:grid;place-items:center;background:var(--accent);color:var(--on-accent);font-weight:600;font-size:.95rem}
.card blockquote{margin:0}
.answers{margin:0;display:grid;gap:.35rem;font-size:.875rem}
.answers dt{color:#4b5563}
.answers dd{margin:0;font-weight:600}
.card p{margin:0 0 .5rem;overflow-wrap:anywhere}
.card p:last-child{margin-bottom:0}
.who{margin:0;min-width:0}
.name{font-weight:600}
.brand .name{margin:0;font-size:1.25rem}
.role{display:block;color:#4b5563;font-size:.9rem}
.card .stars{margin:0}
.meta{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.25rem 1rem;font-size:.875rem;color:#4b5563;margin-top:auto}
.meta a{display:inline-block;padding:.6rem 0}
.when{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem}
.src{display:inline-flex;align-items:center;gap:.35rem;color:#4b5563}
.meta .src{display:inline-flex}
a.src{color:#374151}
.src-dot{display:inline-grid;place-items:center;width:1.1rem;height:1.1rem;border-radius:50%;background:var(--accent);color:var(--on-accent);font-size:.7rem;font-weight:700;line-height:1}
.src-google{background:#1967d2;color:#fff}.src-trustpilot{background:#007f55;color:#fff}.src-facebook{background:#0b62d6;color:#fff}.src-yelp{background:#d32323;color:#fff}.src-g2{background:#c9301c;color:#fff}.src-capterra{background:#044d80;color:#fff}.src-tripadvisor{background:#00815a;color:#fff}.src-amazon{background:#ff9900;color:#111}
.play,.player{position:relative;display:block;width:100%;border-radius:8px;overflow:hidden;background:#111827;aspect-ratio:16/9}
.portrait{aspect-ratio:4/5}
.square{aspect-ratio:1}
.play img{display:block;width:100%;height:100%;object-fit:contain}
.icon{position:absolute;inset:0;margin:auto;width:64px;height:64px;border-radius:50%;background:var(--accent);color:var(--on-accent);display:grid;place-items:center;font-size:1.5rem;box-shadow:0 0 0 4px rgba(255,255,255,.85)}
.length{position:absolute;right:.5rem;bottom:.5rem;background:rgba(17,24,39,.85);color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8rem}
.listen{display:flex;align-items:center;gap:.75rem;min-height:56px;padding:.5rem .75rem;border-radius:999px;background:#f3f4f6;color:#111827;text-decoration:none;font-weight:600}
.listen .icon{position:static;margin:0;width:40px;height:40px;font-size:1rem;box-shadow:none;flex:none}
.listen .length{position:static;margin-left:auto;background:none;color:#374151;font-weight:500;font-size:.9rem}
audio{display:block;width:100%}
.empty{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:2rem;margin:1.5rem 0;text-align:center}
.pages ol{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem;padding:0;margin:1.5rem 0 1rem;justify-content:center}
.pages a,.pages span{display:inline-flex;min-width:44px;min-height:44px;align-items:center;justify-content:center;padding:0 .75rem;border-radius:8px;border:1px solid #d1d5db;background:#fff;text-decoration:none}
.pages span{border-color:transparent;background:none}
.pages a[aria-current]{background:var(--accent);color:var(--on-accent);border-color:var(--accent)}
footer{color:#4b5563;font-size:.875rem;padding:1.5rem 0 2.5rem;text-align:center}
@media (max-width:40rem){.brand{flex-direction:column;gap:.75rem}.brand img{width:56px;height:56px}h1{font-size:1.5rem}}
.vh{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}`;

/** The stylesheet for a brand colour. */
export function wallCss(color: string): string {
  const vars = Object.entries(accentVars(color))
    .map(([k, v]) => `${k}:${v}`)
    .join(";");
  return `:root{${vars}}\n${BASE}`;
}
