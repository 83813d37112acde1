/**
 * One widget document drawn three times, side by side, as a phone (390 px), a tablet (768 px) and a desktop
 * (1440 px) page would draw it: each frame lays the widget out at the device's real width and the box's real
 * height, then scales it down to the room it has (one scale per frame, read from its own width), so pages,
 * columns and clamped lines are the ones visitors get. A floating badge sits in the frame's corner.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { WidgetDocument } from "../../../src/domains/widgets/format";
import { renderWidget } from "../../widget/render";
import { t } from "../i18n";

/** The widths previewed. */
export const DEVICES = [
  { name: "Phone", label: t("widgets.device-frames.phone"), width: 390 },
  { name: "Tablet", label: t("widgets.device-frames.tablet"), width: 768 },
  { name: "Desktop", label: t("widgets.device-frames.desktop"), width: 1440 },
] as const;

/** Height of a frame for a widget that takes no room in the page (the floating badge): a screen's lower part. */
const FLOATING_FRAME = 260;

function Frame({
  doc,
  name,
  label,
  width,
  height,
}: {
  doc: WidgetDocument | null;
  name: string;
  label: string;
  width: number;
  height: number;
}) {
  const outer = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.3);
  const tall = height || FLOATING_FRAME;
  useEffect(() => {
    const el = outer.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setScale(Math.min(1, el.clientWidth / width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [width]);
  useEffect(() => {
    const el = host.current;
    if (el && doc) renderWidget(el.shadowRoot ?? el.attachShadow({ mode: "open" }), doc);
  }, [doc]);
  return (
    <figure class="widget-device">
      <figcaption class="small muted">{t("widgets.device-frames.caption", { device: label, width })}</figcaption>
      <div class="widget-device-screen" ref={outer} style={{ height: `${Math.ceil(tall * scale)}px` }}>
        <div
          class="widget-device-page"
          style={{ width: `${width}px`, height: `${tall}px`, transform: `scale(${scale})` }}
          // The desktop frame is the one to use with a keyboard or a screen reader; the others repeat it, smaller.
          aria-hidden={name === "Desktop" ? undefined : "true"}
          inert={name !== "Desktop"}
        >
          <div
            class="widget-preview"
            ref={host}
            style={{ height: `${height}px` }}
            data-testid={name === "Desktop" ? "widget-preview" : `widget-preview-${width}`}
          />
        </div>
      </div>
    </figure>
  );
}

/** The three frames. */
export function DeviceFrames({ doc, height }: { doc: WidgetDocument | null; height: number }) {
  return (
    <div class="widget-devices">
      {DEVICES.map((d) => (
        <Frame key={d.name} doc={doc} name={d.name} label={d.label} width={d.width} height={height} />
      ))}
    </div>
  );
}
