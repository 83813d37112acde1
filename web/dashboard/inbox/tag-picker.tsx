/**
 * A testimonial's tags: each with a button to take it off, and one field to add a tag by name: a tag usable here
 * (this brand's own, or shared by every brand; suggested as you type) is put on; a new name creates the tag first,
 * for this brand, or, when one of the agency's people chooses so, shared by every brand. A client login creates
 * tags for its brand only (it never sees the shared ones).
 */
import { useId, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { useToast } from "../toasts";
import { useSession } from "../session";
import { useAction } from "../use-action";
import type { Tag } from "./types";
import { t } from "../i18n";

/** Props of `TagPicker`. */
export interface TagPickerProps {
  submissionId: string;
  /** The testimonial's brand: a new tag is this brand's unless made shared. */
  brandId: string;
  brandName: string;
  tags: Tag[];
  allTags: Tag[];
  /** The testimonial's tags after a change. */
  onChange: (tags: Tag[]) => void;
  /** A tag was created here (the inbox adds it to its filter). */
  onCreated: (tag: Tag) => void;
}

/** Tag chips and the add field. */
export function TagPicker({ submissionId, brandId, brandName, tags, allTags, onChange, onCreated }: TagPickerProps) {
  const toast = useToast();
  const { isClient } = useSession();
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const id = useId();
  const base = `/v1/submissions/${encodeURIComponent(submissionId)}/tags`;

  // This brand's own tag first when a shared one has the same name.
  const existing = (wanted: string) => {
    const same = allTags.filter((t) => t.name.toLowerCase() === wanted.toLowerCase());
    return same.find((t) => t.brand_id === brandId) ?? same[0];
  };
  const isNew = name.trim() !== "" && !existing(name.replace(/\s+/g, " ").trim());

  // Adding and removing share one busy state and one error.
  const change = useAction((work: () => Promise<void>) => work());

  const add = (e: Event) => {
    e.preventDefault();
    const wanted = name.replace(/\s+/g, " ").trim();
    if (!wanted) return;
    void change.run(async () => {
      let tag = existing(wanted);
      if (!tag) {
        tag = await api.post<Tag>("/v1/tags", { name: wanted, brand_id: shared && !isClient ? null : brandId });
        onCreated(tag);
      }
      const answer = await api.post<{ data: Tag[] }>(base, { tag_id: tag.id });
      onChange(answer.data);
      setName("");
      toast(t("inbox.tag-picker.tagged", { name: tag.name }));
    });
  };

  const remove = (tag: Tag) =>
    change.run(async () => {
      const answer = await api.del<{ data: Tag[] }>(`${base}/${encodeURIComponent(tag.id)}`);
      onChange(answer.data);
      toast(t("inbox.tag-picker.removed", { name: tag.name }));
      document.getElementById(`${id}-input`)?.focus();
    });

  const unused = allTags.filter((t) => !tags.some((x) => x.id === t.id));
  return (
    <section aria-labelledby={`${id}-h`} class="tags">
      <h3 id={`${id}-h`}>{t("inbox.tag-picker.title")}</h3>
      {tags.length === 0 ? (
        <p class="muted small">{t("inbox.tag-picker.none")}</p>
      ) : (
        <ul class="tag-chips">
          {tags.map((tag) => (
            <li key={tag.id} class="tag-chip" style={{ borderColor: tag.color }}>
              <span class="tag-dot" style={{ background: tag.color }} aria-hidden="true" />
              {tag.name}
              <button
                type="button"
                class="tag-remove"
                aria-label={t("inbox.tag-picker.remove", { name: tag.name })}
                disabled={change.busy}
                onClick={() => void remove(tag)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="tag-add" onSubmit={add}>
        <label for={`${id}-input`} class="sr-only">
          {t("inbox.tag-picker.add_label")}
        </label>
        <input
          id={`${id}-input`}
          type="text"
          list={`${id}-list`}
          maxLength={40}
          autoComplete="off"
          placeholder={t("inbox.tag-picker.add_label")}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <datalist id={`${id}-list`}>
          {unused.map((tag) => (
            <option
              key={tag.id}
              value={tag.name}
              label={tag.brand_id === null ? t("inbox.tag-picker.shared") : undefined}
            />
          ))}
        </datalist>
        <Button type="submit" small busy={change.busy} busyLabel={t("inbox.tag-picker.saving")} disabled={!name.trim()}>
          {isNew ? t("inbox.tag-picker.create") : t("inbox.tag-picker.add")}
        </Button>
      </form>
      {isNew && (
        <p class="tag-new small muted" aria-live="polite">
          {isClient ? (
            t("inbox.tag-picker.new_for_brand", { brand: brandName })
          ) : (
            <label class="tag-new-owner">
              {t("inbox.tag-picker.new_for")}{" "}
              <select
                value={shared ? "shared" : "brand"}
                onChange={(e) => setShared(e.currentTarget.value === "shared")}
                aria-label={t("inbox.tag-picker.which_brand")}
              >
                <option value="brand">{brandName}</option>
                <option value="shared">{t("inbox.tag-picker.every_brand")}</option>
              </select>
            </label>
          )}
        </p>
      )}
      <ErrorNotice error={change.error} />
    </section>
  );
}
