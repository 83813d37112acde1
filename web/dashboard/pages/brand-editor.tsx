/**
 * A brand's settings form (name, colour, address, public wall) and its logo upload.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { useToast } from "../toasts";
import type { Brand } from "../types";

function LogoUpload({ brand, onSaved }: { brand: Brand; onSaved: (b: Brand) => void }) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const upload = async (e: Event) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.append("file", file);
    try {
      const saved = await api.upload<Brand>(`/v1/brands/${encodeURIComponent(brand.id)}/logo`, form);
      onSaved(saved);
      setFile(null);
      (e.target as HTMLFormElement).reset();
      toast("Logo uploaded");
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="logo-form" onSubmit={upload}>
      <h3>Logo</h3>
      {brand.logo_url && (
        <img class="brand-logo brand-logo-large" src={brand.logo_url} alt={`Current logo of ${brand.name}`} />
      )}
      <ErrorNotice error={error} />
      <Field label="Image file" hint="PNG, JPEG, WebP or SVG. A square image of at least 256 × 256 pixels looks best.">
        {(p) => (
          <input {...p} type="file" accept="image/*" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        )}
      </Field>
      <Button type="submit" disabled={!file} busy={busy} busyLabel="Uploading…">
        Upload logo
      </Button>
    </form>
  );
}

/** Props of `BrandEditor`. */
export interface BrandEditorProps {
  brand: Brand;
  onSaved: (b: Brand) => void;
  onDone: () => void;
}

/** Edits one brand; only changed fields are sent. */
export function BrandEditor({ brand, onSaved, onDone }: BrandEditorProps) {
  const toast = useToast();
  const [name, setName] = useState(brand.name);
  const [color, setColor] = useState(brand.color || "#4338ca");
  const [slug, setSlug] = useState(brand.slug);
  const [isPublic, setIsPublic] = useState(brand.is_public);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const save = async (e: Event) => {
    e.preventDefault();
    const patch: Record<string, unknown> = {};
    if (name.trim() !== brand.name) patch.name = name.trim();
    if (color !== (brand.color || "#4338ca")) patch.color = color;
    if (slug.trim() !== brand.slug) patch.slug = slug.trim();
    if (isPublic !== brand.is_public) patch.is_public = isPublic;
    if (Object.keys(patch).length === 0) return onDone();
    setBusy(true);
    setError(null);
    try {
      onSaved(await api.patch<Brand>(`/v1/brands/${encodeURIComponent(brand.id)}`, patch));
      toast("Brand saved");
      onDone();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  const wallBase = brand.public_wall_url.slice(0, brand.public_wall_url.length - brand.slug.length);
  return (
    <div class="brand-editor">
      <form onSubmit={save}>
        <h3>Settings</h3>
        <ErrorNotice error={error} />
        <div class="form-grid">
          <Field label="Name">
            {(p) => (
              <input {...p} required maxLength={120} value={name} onInput={(e) => setName(e.currentTarget.value)} />
            )}
          </Field>
          <Field label="Colour">
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
        <Field
          label="Address name (slug)"
          hint={`The wall's address: ${wallBase}${slug || "…"}. Lower-case letters, digits and hyphens.`}
        >
          {(p) => (
            <input
              {...p}
              required
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              maxLength={60}
              value={slug}
              onInput={(e) => setSlug(e.currentTarget.value.toLowerCase())}
            />
          )}
        </Field>
        <label class="check">
          <input type="checkbox" checked={isPublic} onChange={(e) => setIsPublic(e.currentTarget.checked)} />
          <span>
            <strong>Public wall</strong>
            <span class="hint"> Anyone with the address can see this brand's approved, public testimonials.</span>
          </span>
        </label>
        <div class="row">
          <Button type="submit" variant="primary" busy={busy} busyLabel="Saving…">
            Save brand
          </Button>
          <Button variant="ghost" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
      <LogoUpload brand={brand} onSaved={onSaved} />
    </div>
  );
}
