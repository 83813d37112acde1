/** What a layout draws with: the box, the document, the attribution line, and its hooks for a change of size. */
import type { WidgetDocument } from "../../src/domains/widgets/format";
import { h } from "./dom";

/** A layout's drawing context. */
export interface View {
  /** The widget's box (dialogs open inside it). */
  host: HTMLElement;
  doc: WidgetDocument;
  /** "Powered by Plaudit", or null; a layout may place it, else it goes at the bottom of the box. */
  at: HTMLElement | null;
  /** Run, in order, whenever the box changes size (and once drawn), before texts are fitted. */
  resize: (() => void)[];
}

/** Draws a layout. */
export type Draw = (v: View) => HTMLElement;

/** A round button with a symbol and a spoken name. */
export const roundButton = (label: string, symbol: string) =>
  h("button", { type: "button", class: "nb", "aria-label": label }, symbol);
