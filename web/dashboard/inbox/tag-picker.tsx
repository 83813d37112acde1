/**
 * A testimonial's tags: each with a button to take it off, and one field to add a tag by name: an existing tag
 * (suggested as you type) is put on; a new name creates the tag first. A client login (an agency's customer) may
 * use the agency's tags but not make new ones: a name that is not a tag yet is explained, not sent.
 */
import { useId, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { useToast } from "../toasts";
import { useSession } from "../session";
import type { Tag } from "./types";

/** Props of `TagPicker`. */
export interface TagPickerProps {
  submissionId: string;
  tags: Tag[];
  allTags: Tag[];
  /** The testimonial's tags after a change. */
  onChange: (tags: Tag[]) => void;
  /** A tag was created here (the inbox adds it to its filter). */
  onCreated: (tag: Tag) => void;
}

/** Tag chips and the add field. */
export function TagPicker({ submissionId, tags, allTags, onChange, onCreated }: TagPickerProps) {
  const toast = useToast();
  const { isClient } = useSession();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const id = useId();
  const base = `/v1/submissions/${encodeURIComponent(submissionId)}/tags`;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const add = (e: Event) => {
    e.preventDefault();
    const wanted = name.replace(/\s+/g, " ").trim();
    if (!wanted) return;
    void run(async () => {
      let tag = allTags.find((t) => t.name.toLowerCase() === wanted.toLowerCase());
      if (!tag && isClient) {
        setError(new Error(`There is no tag “${wanted}”. Pick one of the suggested tags; your agency adds new ones.`));
        return;
      }
      if (!tag) {
        tag = await api.post<Tag>("/v1/tags", { name: wanted });
        onCreated(tag);
      }
      const answer = await api.post<{ data: Tag[] }>(base, { tag_id: tag.id });
      onChange(answer.data);
      setName("");
      toast(`Tagged “${tag.name}”`);
    });
  };

  const remove = (tag: Tag) =>
    run(async () => {
      const answer = await api.del<{ data: Tag[] }>(`${base}/${encodeURIComponent(tag.id)}`);
      onChange(answer.data);
      toast(`Removed the tag “${tag.name}”`);
      document.getElementById(`${id}-input`)?.focus();
    });

  const unused = allTags.filter((t) => !tags.some((x) => x.id === t.id));
  return (
    <section aria-labelledby={`${id}-h`} class="tags">
      <h3 id={`${id}-h`}>Tags</h3>
      {tags.length === 0 ? (
        <p class="muted small">No tags yet.</p>
      ) : (
        <ul class="tag-chips">
          {tags.map((t) => (
            <li key={t.id} class="tag-chip" style={{ borderColor: t.color }}>
              <span class="tag-dot" style={{ background: t.color }} aria-hidden="true" />
              {t.name}
              <button
                type="button"
                class="tag-remove"
                aria-label={`Remove the tag ${t.name}`}
                disabled={busy}
                onClick={() => void remove(t)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="tag-add" onSubmit={add}>
        <label for={`${id}-input`} class="sr-only">
          Add a tag
        </label>
        <input
          id={`${id}-input`}
          type="text"
          list={`${id}-list`}
          maxLength={40}
          autoComplete="off"
          placeholder={isClient ? "Pick a tag" : "Add a tag"}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <datalist id={`${id}-list`}>
          {unused.map((t) => (
            <option key={t.id} value={t.name} />
          ))}
        </datalist>
        <Button type="submit" small busy={busy} busyLabel="Saving…" disabled={!name.trim()}>
          Add
        </Button>
      </form>
      <ErrorNotice error={error} />
    </section>
  );
}
