/**
 * Deleting a brand from the Brands page: the dialog says first what goes (from `GET /v1/brands/{id}/deletion`:
 * testimonials and files erased for good, widgets, wall and links stopped at once, reels and requests deleted, the
 * addresses held for the organisation, the own domain released) and asks for the brand's name to be typed before
 * the button works. The default brand's dialog says why it stays. A brand being deleted shows its progress until it
 * is gone (`DeletionProgress`).
 */
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../../shared/api";
import { formatDate, formatNumber } from "../../shared/format";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { Dialog } from "../inbox/dialog";
import { useAction } from "../use-action";
import type { Brand, BrandDeletion } from "../types";
import { rich, t } from "../i18n";

/** What the deletion takes, in sentences (only the parts the brand has). */
function WhatGoes({ preview, brand }: { preview: BrandDeletion; brand: Brand }) {
  const p = preview;
  const strong = (parts: unknown[]) => <strong>{parts}</strong>;
  const mono = (parts: unknown[]) => <span class="mono">{parts}</span>;
  return (
    <ul class="deletion-list">
      {p.testimonials > 0 ? (
        <li>{rich("brand-delete.testimonials", { testimonials: p.testimonials, files: p.files, strong })}</li>
      ) : (
        <li>{t("brand-delete.no_testimonials", { files: p.files })}</li>
      )}
      <li>
        {brand.is_public
          ? t("brand-delete.public_wall", { url: brand.public_wall_url })
          : t("brand-delete.private_wall")}
      </li>
      {p.widgets > 0 && <li>{rich("brand-delete.widgets", { widgets: p.widgets, strong })}</li>}
      {p.links > 0 && <li>{rich("brand-delete.links", { links: p.links, requests: p.requests, strong })}</li>}
      {p.reels > 0 && <li>{rich("brand-delete.reels", { reels: p.reels, strong })}</li>}
      <li>{rich("brand-delete.address", { slug: p.slug, until: formatDate(p.slug_held_until), mono })}</li>
      {p.custom_domain && <li>{rich("brand-delete.domain", { domain: p.custom_domain, mono })}</li>}
    </ul>
  );
}

/** Props of `BrandDeleteDialog`. */
export interface BrandDeleteDialogProps {
  brand: Brand;
  onClose: () => void;
  /** The brand as the server answered the deletion (status `deleting`). */
  onDeleting: (brand: Brand) => void;
}

/** The deletion dialog: what goes, then the typed name, then "Delete brand". */
export function BrandDeleteDialog({ brand, onClose, onDeleting }: BrandDeleteDialogProps) {
  const [preview, setPreview] = useState<BrandDeletion | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [typed, setTyped] = useState("");
  const { busy, error, run } = useAction(
    async () => {
      onDeleting(await api.del<Brand>(`/v1/brands/${encodeURIComponent(brand.id)}`));
      onClose();
    },
    { leaves: true },
  );
  const load = () => {
    setLoadError(null);
    api.get<BrandDeletion>(`/v1/brands/${encodeURIComponent(brand.id)}/deletion`).then(setPreview, setLoadError);
  };
  useEffect(load, [brand.id]);
  const matches = typed.trim() === brand.name;

  const submit = (e: Event) => {
    e.preventDefault();
    if (!matches) return;
    void run();
  };

  return (
    <Dialog title={t("brand-delete.title", { name: brand.name })} onClose={onClose}>
      <ErrorNotice error={loadError} onRetry={load} />
      {!preview ? (
        !loadError && <Loading label={t("brand-delete.loading")} />
      ) : !preview.can_delete ? (
        <>
          <Notice tone="info" title={t("brand-delete.stays")}>
            <p>{preview.reason}</p>
          </Notice>
          <div class="row dialog-actions">
            <Button autoFocus onClick={onClose}>
              {t("brand-delete.close")}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit}>
          <p>{t("brand-delete.intro")}</p>
          <WhatGoes preview={preview} brand={brand} />
          <p class="muted small">{t("brand-delete.background")}</p>
          <ErrorNotice error={error} />
          <Field label={t("brand-delete.type_name", { name: brand.name })}>
            {(p) => (
              <input
                {...p}
                name="confirm-name"
                autoComplete="off"
                spellcheck={false}
                value={typed}
                onInput={(e) => setTyped(e.currentTarget.value)}
              />
            )}
          </Field>
          <div class="row dialog-actions">
            <Button
              type="submit"
              variant="danger"
              busy={busy}
              busyLabel={t("brand-delete.deleting")}
              disabled={!matches}
            >
              {t("brand-delete.delete")}
            </Button>
            <Button variant="ghost" autoFocus disabled={busy} onClick={onClose}>
              {t("brand-delete.cancel")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * A deleting brand's progress, asked again every two seconds until the brand is gone (`onGone`) or the component
 * unmounts.
 */
export function DeletionProgress({ brand, onGone }: { brand: Brand; onGone: (id: string) => void }) {
  const [current, setCurrent] = useState(brand);
  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      try {
        const b = await api.get<Brand>(`/v1/brands/${encodeURIComponent(brand.id)}`);
        if (!stopped) setCurrent(b);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) {
          if (!stopped) onGone(brand.id);
          return;
        }
      }
      if (!stopped) timer = setTimeout(tick, 2000);
    };
    let timer = setTimeout(tick, 2000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [brand.id]);
  const d = current.deletion;
  return (
    <p class="small deletion-progress" role="status">
      {t("brand-delete.progress", {
        progress: d
          ? t("brand-delete.progress_counts", {
              erased: formatNumber(d.testimonials_erased),
              total: d.testimonials_total,
            })
          : "…",
      })}
    </p>
  );
}
