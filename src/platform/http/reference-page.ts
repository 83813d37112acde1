/** Renders the OpenAPI document as one readable HTML page with no scripts. */

const esc = (s: unknown) =>
  String(s ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

type Response = { description?: string; $ref?: string };
type Op = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: { description?: string };
  }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, Response>;
};

/** What the page needs from the document. */
export interface ReferenceDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, unknown>;
  components?: { responses?: Record<string, Response> };
}

function responsesHtml(op: Op, shared: Record<string, Response>): string {
  const rows = Object.entries(op.responses ?? {}).map(([status, r]) => {
    const resolved = r.$ref ? (shared[r.$ref.split("/").pop()!] ?? r) : r;
    return `<li><code>${esc(status)}</code> ${esc(resolved.description)}</li>`;
  });
  return rows.length ? `<details><summary>Responses</summary><ul>${rows.join("")}</ul></details>` : "";
}

function operationHtml(path: string, method: string, op: Op, shared: Record<string, Response>): string {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${esc(p.name)}</code> <small>${esc(p.in)}${p.required ? ", required" : ""}</small> ${esc(p.description ?? p.schema?.description)}</li>`,
    )
    .join("");
  const body = op.requestBody?.content ? Object.entries(op.requestBody.content)[0] : undefined;
  const open =
    Array.isArray(op.security) && op.security.length === 0 ? ` <small class="open">no credentials</small>` : "";
  return (
    `<section id="${esc(op.operationId)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code>${open}</h3>` +
    `<p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ""}${params ? `<ul>${params}</ul>` : ""}` +
    (body
      ? `<details><summary>Request body <small>${esc(body[0])}</small></summary><pre>${esc(JSON.stringify(body[1].schema, null, 2))}</pre></details>`
      : "") +
    `${responsesHtml(op, shared)}</section>`
  );
}

/** HTML of the reference page, grouped by tag; each operation is anchored by its operationId. */
export function renderReference(doc: ReferenceDoc): string {
  const shared = doc.components?.responses ?? {};
  const groups = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops as Record<string, Op>)) {
      const tag = op.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), operationHtml(path, method, op, shared)]);
    }
  }
  const slug = (t: string) => `tag-${t.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const nav = [...groups.keys()].map((t) => `<a href="#${esc(slug(t))}">${esc(t)}</a>`).join(" · ");
  const sections = [...groups].map(([t, items]) => `<h2 id="${esc(slug(t))}">${esc(t)}</h2>${items.join("")}`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(doc.info.title)} reference</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem 1.5rem;color:#1f2937}h2{border-bottom:1px solid #e5e7eb;margin-top:2.5rem}section{margin:1rem 0;padding:.5rem 1rem;border:1px solid #e5e7eb;border-radius:8px}
.m{display:inline-block;min-width:4.5em;font-size:.8em;padding:.1em .4em;border-radius:4px;background:#e0e7ff;color:#3730a3}.post{background:#dcfce7;color:#166534}.delete{background:#fee2e2;color:#991b1b}.patch,.put{background:#fef3c7;color:#92400e}
.open{color:#166534}pre{background:#f9fafb;padding:.75rem;overflow:auto;font-size:13px}code{font-size:.95em}</style></head><body><main><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1><p>${esc(doc.info.description)}</p><p>Machine-readable: <a href="openapi.json">openapi.json</a></p><nav>${nav}</nav>${sections}</main></body></html>`;
}
