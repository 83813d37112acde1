/**
 * How far each running trim-and-cover job is (0–1), kept in this process's memory only like processing progress
 * (processing-progress.ts): it changes many times a second and is worth nothing after the job.
 */
const running = new Map<string, number>();

/** How far the edit of a testimonial is (0–1) while its job runs here; null when none runs. */
export const editProgress = (id: string): number | null => running.get(id) ?? null;

/** The job of testimonial `id` is `fraction` (0–1) done. */
export function reportEditProgress(id: string, fraction: number) {
  running.set(id, Math.max(0, Math.min(1, fraction)));
}

/** The job of testimonial `id` is over (done, failed, or given back). */
export function reportEditDone(id: string) {
  running.delete(id);
}
