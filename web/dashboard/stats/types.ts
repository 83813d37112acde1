/** The stats answers as the dashboard reads them: the server's response schemas (web/dashboard/types.ts). */
import type { BrandStats, WidgetStats } from "../types";

/** A stats answer, of a widget or a brand. */
export type Stats = WidgetStats | BrandStats;

/** One day's figures. */
export type DayFigures = Stats["days"][number];

/** One testimonial's figures, with its name and the start of its words while shown. */
export type TestimonialFigures = Stats["testimonials"][number];
