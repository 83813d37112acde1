/** Brand and collect-link routes: reads call one service; writes are commands (src/platform/access/command.ts). */
import { Elysia, t } from "elysia";
import { reader } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { pageQuerySchema, pageRequest } from "../../platform/http/pagination";
import { accessPlugin, command } from "../../platform/access";
import { createBrand, getBrandRow, listBrands, readBrandRow, updateBrand } from "./brand-service";
import { deletionPreview, startBrandDeletion } from "./brand-deletion";
import { deleteLink } from "./link-deletion";
import { createLink, getLinkRow, listLinks, updateLink } from "./link-service";
import { setLogo } from "./logo";
import { releaseBrandSlug, releaseLinkSlug } from "./release-slug";
import { linkAddress, qrPng, qrSvg } from "./qr";
import { invalid } from "../../platform/errors";
import { readForm } from "../../platform/http/body-limits";
import { presentBrand, presentLink } from "./present";
import {
  brandDeletionPreviewSchema,
  brandFormerSlugParams,
  brandPageSchema,
  brandParams,
  brandPatchBody,
  brandSchema,
  linkDeletedSchema,
  linkPageSchema,
  linkFormerSlugParams,
  linkParams,
  linkSchema,
  linkPatchBody,
  newBrandBody,
  newLinkBody,
} from "./model";

/** The logo upload's body, for the OpenAPI document (the route reads the form itself). */
const LOGO_BODY = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        required: ["file"],
        properties: {
          file: {
            type: "string" as const,
            format: "binary",
            description: "PNG, JPEG, WebP, GIF, SVG or AVIF, up to 5 MB.",
          },
        },
      },
    },
  },
};

/** A QR code route's answer, for the OpenAPI document (the route answers an image, not JSON). */
const qrResponses = (type: "image/svg+xml" | "image/png") => ({
  200: {
    description: "The QR code of the link's `url`, as an attachment.",
    content: { [type]: { schema: { type: "string" as const, format: "binary" } } },
  },
});

/** `/v1/brands…` and `/v1/links…`. */
export function brandRoutes(deps: Deps) {
  return (
    new Elysia({ prefix: "/v1" })
      .use(accessPlugin(deps))
      .get(
        "/brands",
        ({ ctx, query }) => {
          return listBrands(reader(deps, ctx), pageRequest(deps.signer, "brands", query));
        },
        {
          access: { permission: "brand:read", brand: "list" },
          query: t.Object(pageQuerySchema),
          response: brandPageSchema,
          detail: { tags: ["Brands"], summary: "List brands, newest first" },
        },
      )
      .use(
        command(deps, "POST", "/brands", {
          permission: "brand:write",
          allowance: { name: "brands" },
          body: newBrandBody,
          response: { 201: brandSchema },
          detail: { tags: ["Brands"], summary: "Create a brand" },
          run: (tx, { body }) => createBrand(tx, body),
        }),
      )
      .get(
        "/brands/:brand_id",
        ({ ctx, params }) => {
          return presentBrand(deps, readBrandRow(deps.db, ctx, params.brand_id));
        },
        {
          access: { permission: "brand:read", brand: "path" },
          params: brandParams,
          response: brandSchema,
          detail: { tags: ["Brands"], summary: "Get a brand (also while it is being deleted: status, deletion)" },
        },
      )
      .get("/brands/:brand_id/deletion", ({ ctx, params }) => deletionPreview(reader(deps, ctx), params.brand_id), {
        access: "brand:write",
        params: brandParams,
        response: brandDeletionPreviewSchema,
        detail: {
          tags: ["Brands"],
          summary:
            "What deleting the brand takes: its testimonials, files, widgets, links, reels and requests (and whether it can be deleted)",
        },
      })
      .use(
        command(deps, "DELETE", "/brands/:brand_id", {
          permission: "brand:write",
          params: brandParams,
          response: { 202: brandSchema },
          detail: {
            tags: ["Brands"],
            summary:
              "Delete a brand: its wall, widgets and links stop at once; its testimonials and files are erased by a job (status deleting until done); not the default brand",
          },
          run: (tx, { params }) => startBrandDeletion(tx, params.brand_id),
        }),
      )
      .use(
        command(deps, "PATCH", "/brands/:brand_id", {
          permission: "brand:write",
          params: brandParams,
          body: brandPatchBody,
          response: brandSchema,
          detail: { tags: ["Brands"], summary: "Change a brand (slug, is_public, name, colour)" },
          run: (tx, { params, body }) => updateBrand(tx, params.brand_id, body),
        }),
      )
      .use(
        command(deps, "DELETE", "/brands/:brand_id/former-slugs/:slug", {
          permission: "brand:write",
          params: brandFormerSlugParams,
          response: brandSchema,
          detail: {
            tags: ["Brands"],
            summary: "Release a former slug now: its old wall address stops leading here and anyone may take it",
          },
          run: (tx, { params }) => releaseBrandSlug(tx, params.brand_id, params.slug),
        }),
      )
      // The form is read only after the caller may change this brand (a stranger's upload is never parsed).
      .post(
        "/brands/:brand_id/logo",
        async ({ ctx, params, request }) => {
          getBrandRow(deps.db, ctx, params.brand_id);
          const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
          if (type !== "multipart/form-data")
            throw invalid("Send the image as multipart form field `file` (Content-Type: multipart/form-data).", "file");
          const form = await readForm(request);
          return setLogo(deps, ctx, params.brand_id, form.file as Blob | undefined);
        },
        {
          access: "brand:write",
          params: brandParams,
          parse: "none",
          response: brandSchema,
          detail: { tags: ["Brands"], summary: "Upload a logo (multipart field `file`)", requestBody: LOGO_BODY },
        },
      )
      .get(
        "/brands/:brand_id/links",
        ({ ctx, params, query }) => {
          return listLinks(
            reader(deps, ctx),
            params.brand_id,
            pageRequest(deps.signer, "links", query, { brand_id: params.brand_id }),
          );
        },
        {
          access: { permission: "brand:read", brand: "path" },
          params: brandParams,
          query: t.Object(pageQuerySchema),
          response: linkPageSchema,
          detail: { tags: ["Links"], summary: "List a brand's collect links" },
        },
      )
      .use(
        command(deps, "POST", "/brands/:brand_id/links", {
          permission: "link:write",
          params: brandParams,
          body: newLinkBody,
          response: { 201: linkSchema },
          detail: { tags: ["Links"], summary: "Create a collect link (Idempotency-Key supported)" },
          run: (tx, { params, body, headers, set }) => {
            const { value, replayed } = createLink(tx, params.brand_id, body, headers["idempotency-key"]);
            if (replayed) set.headers["idempotent-replayed"] = "true";
            return value;
          },
        }),
      )
      .get(
        "/links/:link_id",
        ({ ctx, params }) => {
          return presentLink(deps, getLinkRow(deps.db, ctx, params.link_id));
        },
        {
          access: { permission: "brand:read", brand: "path" },
          params: linkParams,
          response: linkSchema,
          detail: { tags: ["Links"], summary: "Get a collect link" },
        },
      )
      .get(
        "/links/:link_id/qr.svg",
        ({ ctx, params }) => {
          const link = getLinkRow(deps.db, ctx, params.link_id);
          return qrFile(qrSvg(linkAddress(deps, link)), "image/svg+xml", `${link.id}-qr.svg`);
        },
        {
          access: { permission: "brand:read", brand: "path" },
          params: linkParams,
          detail: {
            tags: ["Links"],
            summary: "QR code of a collect link's address, as SVG",
            responses: qrResponses("image/svg+xml"),
          },
        },
      )
      .get(
        "/links/:link_id/qr.png",
        async ({ ctx, params }) => {
          const link = getLinkRow(deps.db, ctx, params.link_id);
          return qrFile(await qrPng(deps, linkAddress(deps, link)), "image/png", `${link.id}-qr.png`);
        },
        {
          access: { permission: "brand:read", brand: "path" },
          params: linkParams,
          detail: {
            tags: ["Links"],
            summary: "QR code of a collect link's address, as PNG (about 1000 px square)",
            responses: qrResponses("image/png"),
          },
        },
      )
      .use(
        command(deps, "PATCH", "/links/:link_id", {
          permission: "link:write",
          params: linkParams,
          body: linkPatchBody,
          response: linkSchema,
          detail: { tags: ["Links"], summary: "Change, pause or close a collect link" },
          run: (tx, { params, body }) => updateLink(tx, params.link_id, body),
        }),
      )
      .use(
        command(deps, "DELETE", "/links/:link_id", {
          permission: "link:write",
          params: linkParams,
          response: linkDeletedSchema,
          detail: {
            tags: ["Links"],
            summary:
              "Delete a collect link: its page answers 404, its testimonials stay with the brand, its slug stays with the organisation for a year",
          },
          run: (tx, { params }) => deleteLink(tx, params.link_id),
        }),
      )
      .use(
        command(deps, "DELETE", "/links/:link_id/former-slugs/:slug", {
          permission: "link:write",
          params: linkFormerSlugParams,
          response: linkSchema,
          detail: {
            tags: ["Links"],
            summary: "Release a former slug now: its old page address stops leading here and anyone may take it",
          },
          run: (tx, { params }) => releaseLinkSlug(tx, params.link_id, params.slug),
        }),
      )
  );
}

/** A QR code answered as a download named for the link; never cached (the address changes with the slug). */
function qrFile(body: string | Uint8Array, type: string, name: string): Response {
  return new Response(body as BodyInit, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
    },
  });
}
