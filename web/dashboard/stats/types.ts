/** The stats answers as the dashboard reads them (`GET /v1/brands/{id}/stats`, `GET /v1/widgets/{id}/stats`). */

/** Views, plays and clicks. */
export interface Figures {
  views: number;
  plays: number;
  clicks: number;
}

/** Plays that reached each quarter of the recording. */
export interface Progress {
  p25: number;
  p50: number;
  p75: number;
  p100: number;
}

/** One day's figures. */
export interface DayFigures extends Figures {
  date: string;
}

/** One testimonial's figures, with its name and the start of its words while shown. */
export interface TestimonialFigures extends Figures {
  submission_id: string;
  play_progress: Progress;
  name: string | null;
  quote: string | null;
}

/** A stats answer. */
export interface Stats {
  widget_id?: string;
  brand_id?: string;
  from: string;
  to: string;
  totals: Figures & { play_progress: Progress };
  days: DayFigures[];
  testimonials: TestimonialFigures[];
  hosts: (Figures & { host: string })[];
}
