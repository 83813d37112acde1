/**
 * The tag form of the Tags page: name, colour and, when creating, which brand the tag is for (one of the session's
 * brands, or, for the agency's own people, shared by every brand); also used to rename and recolour a tag.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { ErrorNotice } from "../../shared/ui/notice";
import { t } from "../i18n";
import { useSession } from "../session";
import type { NewTag, Tag } from "../types";
import { useAction } from "../use-action";

const DEFAULT_COLOR = "#64748b";
/** The brand choice of a shared tag. */
export const SHARED = "shared";

/** Brands a new tag may be for: the session's brands, and (for the agency's people) shared by every brand. */
function BrandChoice({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { brands, isClient } = useSession();
  return (
    <label class="inbox-filter">
      <span class="inbox-filter-label">{t("tag-form.for")}</span>
      <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
        {!isClient && <option value={SHARED}>{t("tag-form.shared")}</option>}
      </select>
    </label>
  );
}

/** Name and colour inputs with a submit button; used to create (asking which brand) and to edit. */
export function TagForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Tag;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (v: NewTag) => Promise<void>;
  onCancel?: () => void;
}) {
  const { brand } = useSession();
  const [name, setName] = useState(initial?.name ?? "");
  const [color, setColor] = useState(initial?.color ?? DEFAULT_COLOR);
  const [owner, setOwner] = useState(brand?.id ?? SHARED);
  const { busy, error, run } = useAction(async (tag: NewTag) => {
    await onSubmit(tag);
    if (!initial) setName("");
  });
  const nameRef = useRef<HTMLInputElement>(null);
  // Editing starts in the name field.
  useEffect(() => {
    if (initial) nameRef.current?.focus();
  }, []);
  const submit = (e: Event) => {
    e.preventDefault();
    void run(
      initial ? { name: name.trim(), color } : { name: name.trim(), color, brand_id: owner === SHARED ? null : owner },
    );
  };
  // Inside a table row the visible labels alone would repeat on every line: name the row's tag.

  return (
    <form class="tags-form" onSubmit={submit}>
      <label class="inbox-filter">
        <span class="inbox-filter-label">{initial ? t("tag-form.name") : t("tag-form.new_tag")}</span>
        <input
          type="text"
          required
          maxLength={40}
          value={name}
          aria-label={initial ? t("tag-form.name_aria", { tag: initial.name }) : undefined}
          onInput={(e) => setName(e.currentTarget.value)}
          ref={nameRef}
        />
      </label>
      {!initial && <BrandChoice value={owner} onChange={setOwner} />}
      <label class="inbox-filter">
        <span class="inbox-filter-label">{t("tag-form.colour")}</span>
        <input
          type="color"
          class="color-input"
          value={color}
          aria-label={initial ? t("tag-form.colour_aria", { tag: initial.name }) : undefined}
          onInput={(e) => setColor(e.currentTarget.value)}
        />
      </label>
      <Button type="submit" variant="primary" busy={busy} busyLabel={busyLabel} disabled={!name.trim()}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t("tag-form.cancel")}
        </Button>
      )}
      <div class="tags-form-error">
        <ErrorNotice error={error} />
      </div>
    </form>
  );
}
