/**
 * The inbox's search box and filters. Search waits until typing pauses (300 ms) before it asks the server; every
 * choice goes into the address bar through `onChange`.
 */
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { hasFilters, MAX_SEARCH, STATUSES, type InboxFilters } from "./filters";
import type { Tag } from "./types";
import { tagLabel } from "../tag-label";
import { cleanText } from "./words";
import { t } from "../i18n";

/** How long typing must pause before a search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Props of `FiltersBar`. */
export interface FiltersBarProps {
  filters: InboxFilters;
  /** The tags usable on this brand's testimonials: its own and (for the agency's people) the shared ones. */
  tags: Tag[];
  /** The brand the inbox shows: its own tags are named plainly, shared ones say so. */
  brandId: string;
  onChange: (next: InboxFilters) => void;
}

const STATUS_LABELS: Record<string, string> = {
  uploading: t("inbox.filters-bar.status_uploading"),
  processing: t("inbox.filters-bar.status_processing"),
  ready: t("inbox.filters-bar.status_ready"),
  failed: t("inbox.filters-bar.status_failed"),
};

// A tag chosen in the address that is not among the loaded tags still shows as chosen.
const tagOptions = (tags: Tag[], chosen: string | undefined, brandId: string): [string, string][] => [
  ...tags.map((tag): [string, string] => [tag.id, tagLabel(tag, [], brandId)]),
  ...(chosen && !tags.some((tag) => tag.id === chosen)
    ? [[chosen, t("inbox.filters-bar.tag_not_listed")] as [string, string]]
    : []),
];

interface SelectProps {
  label: string;
  value: string | undefined;
  options: [string, string][];
  onChange: (value: string | undefined) => void;
}

function FilterSelect({ label, value, options, onChange }: SelectProps) {
  const id = useId();
  return (
    <div class="inbox-filter">
      <label class="inbox-filter-label" for={id}>
        {label}
      </label>
      <select id={id} value={value ?? ""} onChange={(e) => onChange(e.currentTarget.value || undefined)}>
        <option value="">{t("inbox.filters-bar.any")}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search and filter controls. */
export function FiltersBar({ filters, tags, brandId, onChange }: FiltersBarProps) {
  const searchId = useId();
  const [text, setText] = useState(filters.q ?? "");
  const sent = useRef(filters.q ?? "");
  // The pause may outlast a render: the timer reads the newest filters and handler.
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // Typing: ask once the person pauses.
  useEffect(() => {
    const q = cleanText(text).slice(0, MAX_SEARCH);
    if (q === (latest.current.filters.q ?? "")) return;
    const timer = setTimeout(() => {
      sent.current = q;
      latest.current.onChange({ ...latest.current.filters, q: q || undefined });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The address changed from elsewhere (back button, "Clear filters"): show its search.
  useEffect(() => {
    const q = filters.q ?? "";
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [filters.q]);

  const set = (patch: Partial<InboxFilters>) => onChange({ ...filters, ...patch });
  return (
    <form
      role="search"
      aria-label={t("inbox.filters-bar.label")}
      class="inbox-filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <div class="inbox-filter inbox-search">
        <label class="inbox-filter-label" for={searchId}>
          {t("inbox.filters-bar.search")}
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          maxLength={MAX_SEARCH}
          placeholder={t("inbox.filters-bar.search_placeholder")}
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </div>
      <FilterSelect
        label={t("inbox.filters-bar.status")}
        value={filters.status}
        options={STATUSES.map((s) => [s, STATUS_LABELS[s]!])}
        onChange={(v) => set({ status: v as InboxFilters["status"] })}
      />
      <FilterSelect
        label={t("inbox.filters-bar.decision")}
        value={filters.is_approved}
        options={[
          ["true", t("inbox.filters-bar.approved")],
          ["false", t("inbox.filters-bar.not_approved")],
        ]}
        onChange={(v) => set({ is_approved: v as InboxFilters["is_approved"] })}
      />
      <FilterSelect
        label={t("inbox.filters-bar.visibility")}
        value={filters.is_public}
        options={[
          ["true", t("inbox.filters-bar.public")],
          ["false", t("inbox.filters-bar.private")],
        ]}
        onChange={(v) => set({ is_public: v as InboxFilters["is_public"] })}
      />
      <FilterSelect
        label={t("inbox.filters-bar.origin")}
        value={filters.origin}
        options={[
          ["collected", t("inbox.filters-bar.collected")],
          ["imported", t("inbox.filters-bar.imported")],
          ["manual", t("inbox.filters-bar.manual")],
        ]}
        onChange={(v) => set({ origin: v as InboxFilters["origin"] })}
      />
      <FilterSelect
        label={t("inbox.filters-bar.tag")}
        value={filters.tag_id}
        options={tagOptions(tags, filters.tag_id, brandId)}
        onChange={(v) => set({ tag_id: v })}
      />
      {hasFilters(filters) && (
        <Button variant="ghost" small onClick={() => onChange({})}>
          {t("inbox.filters-bar.clear")}
        </Button>
      )}
    </form>
  );
}
