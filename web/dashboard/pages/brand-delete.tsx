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

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What the deletion takes, in sentences (only the parts the brand has). */
function WhatGoes({ preview, brand }: { preview: BrandDeletion; brand: Brand }) {
  const p = preview;
  return (
    <ul class="deletion-list">
      {p.testimonials > 0 ? (
        <li>
          <strong>{plural(p.testimonials, "testimonial")}</strong> erased for good: their words, recordings, names,
          emails and answers{p.files > 0 && <>, with {plural(p.files, "stored file")}</>}. Exports holding them stop
          working.
        </li>
      ) : (
        <li>It has no testimonials{p.files > 0 && <>; {plural(p.files, "stored file")} erased</>}.</li>
      )}
      <li>
        {brand.is_public ? (
          <>Its public wall ({brand.public_wall_url}) stops answering at once.</>
        ) : (
          <>Its wall, private at the moment, goes with it.</>
        )}
      </li>
      {p.widgets > 0 && (
        <li>
          <strong>{plural(p.widgets, "widget")}</strong> deleted: {p.widgets === 1 ? "it disappears" : "they disappear"}{" "}
          at once from every site {p.widgets === 1 ? "it is" : "they are"} embedded in.
        </li>
      )}
      {p.links > 0 && (
        <li>
          <strong>{plural(p.links, "collect link")}</strong> deleted:{" "}
          {p.links === 1 ? "its page stops" : "their pages stop"} working at once
          {p.requests > 0 && <>, with {plural(p.requests, "request campaign")}</>}.
        </li>
      )}
      {p.reels > 0 && (
        <li>
          <strong>{plural(p.reels, "reel")}</strong> deleted, with their videos and shared copies.
        </li>
      )}
      <li>
        Its address <span class="mono">{p.slug}</span> and its links' addresses stay yours until{" "}
        {formatDate(p.slug_held_until)}: no other organisation can take them, and your other brands can.
      </li>
      {p.custom_domain && (
        <li>
          Its own domain <span class="mono">{p.custom_domain}</span> is released.
        </li>
      )}
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
    <Dialog title={`Delete “${brand.name}”?`} onClose={onClose}>
      <ErrorNotice error={loadError} onRetry={load} />
      {!preview ? (
        !loadError && <Loading label="Counting what the brand holds…" />
      ) : !preview.can_delete ? (
        <>
          <Notice tone="info" title="This brand stays">
            <p>{preview.reason}</p>
          </Notice>
          <div class="row dialog-actions">
            <Button autoFocus onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit}>
          <p>This cannot be undone. Deleting the brand:</p>
          <WhatGoes preview={preview} brand={brand} />
          <p class="muted small">
            The erasing runs in the background; the brand shows “Deleting” until it is done. It stops counting towards
            your plan's brands at once.
          </p>
          <ErrorNotice error={error} />
          <Field label={<>Type the brand's name, {brand.name}, to confirm</>}>
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
            <Button type="submit" variant="danger" busy={busy} busyLabel="Deleting…" disabled={!matches}>
              Delete brand
            </Button>
            <Button variant="ghost" autoFocus disabled={busy} onClick={onClose}>
              Cancel
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
      Deleting:{" "}
      {d ? `${formatNumber(d.testimonials_erased)} of ${plural(d.testimonials_total, "testimonial")} erased` : "…"}. Its
      wall, widgets and links no longer answer.
    </p>
  );
}
