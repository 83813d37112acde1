/**
 * The testimonials behind a reel's clips, with their transcripts (one detail request each, cached while the
 * editor is open), so the timeline can show every word with its time.
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import type { Testimonial } from "./types";

/** Testimonials by id; ids not loaded yet are missing from the map. */
export function useTestimonials(ids: string[]): Map<string, Testimonial> {
  const [byId, setById] = useState(new Map<string, Testimonial>());
  const key = [...new Set(ids)].sort().join(",");
  useEffect(() => {
    let live = true;
    const missing = key.split(",").filter((id) => id && !byId.has(id));
    if (!missing.length) return;
    Promise.all(
      missing.map((id) => api.get<Testimonial>(`/v1/submissions/${encodeURIComponent(id)}`).catch(() => null)),
    ).then((rows) => {
      if (!live) return;
      setById((prev) => {
        const next = new Map(prev);
        rows.forEach((r) => r && next.set(r.id, r));
        return next;
      });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return byId;
}
