/**
 * Brands: the list, a form to add one, each brand's settings (name, colour, address, public wall, logo), and
 * deleting one (brand-delete.tsx: what goes is said first, the name is typed to confirm; progress until it is gone).
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { formatNumber } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { PageHeader } from "../page";
import { useSession } from "../session";
import { useToast } from "../toasts";
import type { Brand, NewBrand } from "../types";
import { useAction } from "../use-action";
import { BrandEditor } from "./brand-editor";
import { BrandDeleteDialog, DeletionProgress } from "./brand-delete";
import { t } from "../i18n";

function NewBrandForm({ onCreated, onCancel }: { onCreated: (b: Brand) => void; onCancel: () => void }) {
  const [name, setName] = useState("");
  const [color, setColor] = useState("#4338ca");
  const { busy, error, run } = useAction(
    async (body: NewBrand) => onCreated(await api.post<Brand>("/v1/brands", body)),
    { leaves: true },
  );
  const submit = (e: Event) => {
    e.preventDefault();
    void run({ name: name.trim(), color });
  };
  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-brand-title">
      <h2 id="new-brand-title">{t("brands.new_title")}</h2>
      <ErrorNotice error={error} />
      <div class="form-grid">
        <Field label={t("brands.name")} hint={t("brands.name_hint")}>
          {(p) => (
            <input {...p} required maxLength={120} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          )}
        </Field>
        <Field label={t("brands.colour")} hint={t("brands.colour_hint")}>
          {(p) => (
            <input
              {...p}
              type="color"
              class="color-input"
              value={color}
              onInput={(e) => setColor(e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <div class="row">
        <Button type="submit" variant="primary" busy={busy} busyLabel={t("brands.creating")}>
          {t("brands.create")}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t("brands.cancel")}
        </Button>
      </div>
    </form>
  );
}

function BrandCard({
  brand,
  onSaved,
  onGone,
}: {
  brand: Brand;
  onSaved: (b: Brand) => void;
  onGone: (id: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { isClient } = useSession();
  const toast = useToast();
  const going = brand.status === "deleting";
  return (
    <article class="card brand-card" aria-labelledby={`brand-${brand.id}`}>
      <div class="brand-head">
        {brand.logo_url ? (
          <img class="brand-logo" src={brand.logo_url} alt="" />
        ) : (
          <span class="brand-swatch" style={{ background: brand.color || "#4338ca" }} aria-hidden="true">
            {brand.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div class="brand-title">
          <h2 id={`brand-${brand.id}`}>{brand.name}</h2>
          <p class="row small muted">
            {brand.is_default && <Badge tone="info">{t("brands.default")}</Badge>}
            {going ? (
              <Badge tone="bad">{t("brands.deleting")}</Badge>
            ) : brand.is_public ? (
              <Badge tone="good">{t("brands.wall_public")}</Badge>
            ) : (
              <Badge>{t("brands.wall_private")}</Badge>
            )}
            <span>
              {t("brands.testimonials", {
                count: brand.submission_count,
                shown: formatNumber(brand.submission_count),
              })}
            </span>
          </p>
        </div>
        {!isClient && !going && (
          <span class="row">
            <Button small onClick={() => setEditing(!editing)} aria-expanded={editing}>
              {editing ? t("brands.close") : t("brands.edit")}
            </Button>
            <Button
              small
              variant="ghost"
              onClick={() => setDeleting(true)}
              aria-label={t("brands.delete_label", { name: brand.name })}
            >
              {t("brands.delete")}
            </Button>
          </span>
        )}
      </div>
      {going && <DeletionProgress brand={brand} onGone={onGone} />}
      {deleting && (
        <BrandDeleteDialog
          brand={brand}
          onClose={() => setDeleting(false)}
          onDeleting={(b) => {
            setEditing(false);
            onSaved(b);
            toast(t("brands.being_deleted", { name: b.name }));
          }}
        />
      )}
      <p class="small wall-line" hidden={going}>
        <span class="muted">{t("brands.public_wall")} </span>
        {brand.is_public ? (
          <a href={brand.public_wall_url} target="_blank" rel="noopener noreferrer">
            {brand.public_wall_url}
          </a>
        ) : (
          <span class="muted">{t("brands.wall_off", { url: brand.public_wall_url })}</span>
        )}
      </p>
      {editing && (
        <BrandEditor
          brand={brand}
          onSaved={(b) => {
            onSaved(b);
          }}
          onDone={() => setEditing(false)}
        />
      )}
    </article>
  );
}

/** The Brands page. */
export function BrandsPage() {
  const { reloadBrands, isClient } = useSession();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const list = usePaged<Brand>((cursor) => api.get<Page<Brand>>("/v1/brands", { query: { limit: 25, cursor } }), []);

  return (
    <>
      <PageHeader
        title={t("brands.title")}
        description={t("brands.description")}
        actions={
          !creating &&
          !isClient && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t("brands.new")}
            </Button>
          )
        }
      />
      {creating && (
        <NewBrandForm
          onCancel={() => setCreating(false)}
          onCreated={(b) => {
            setCreating(false);
            list.prepend(b);
            toast(t("brands.created", { name: b.name }));
            // The new brand is the one the person means to work on next: the picker switches to it.
            void reloadBrands(b.id);
          }}
        />
      )}
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("brands.loading")} />
      ) : (
        <div class="stack">
          {list.items.length === 0 && !list.error && <p class="empty">{t("brands.empty")}</p>}
          {list.items.map((b) => (
            <BrandCard
              key={b.id}
              brand={b}
              onSaved={(saved) => {
                list.replace(saved);
                void reloadBrands();
              }}
              onGone={(id) => {
                list.remove(id);
                toast(t("brands.deleted", { name: b.name }));
                void reloadBrands();
              }}
            />
          ))}
          {list.hasMore && (
            <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("brands.loading_more")}>
              {t("brands.show_more")}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
