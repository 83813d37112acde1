/**
 * The live preview beside the link editor: the capture page itself, in its preview mode (`{site_url}/c/_preview`,
 * framed; see web/capture/preview.tsx), fed the draft by `postMessage` as the owner types, before anything is
 * saved. A phone (390 px wide) and a desktop (1280 px), drawn smaller to fit, side by side when there is room,
 * else one at a time; the page with its form, or the thank-you screen. Each frame is its own page: the owner can
 * try the form in it (nothing is sent from a preview).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { readConfig } from "../../shared/config";
import {
  PREVIEW_PATH,
  PREVIEW_READY,
  PREVIEW_SHOW,
  type PreviewScreen,
  type PreviewShow,
  type PreviewView,
} from "../../shared/capture-preview";
import { t } from "../i18n";

const DEVICES = {
  phone: { width: 390, height: 844, label: t("link-preview.phone"), title: t("link-preview.frame_phone") },
  desktop: { width: 1280, height: 800, label: t("link-preview.desktop"), title: t("link-preview.frame_desktop") },
} as const;
type Device = keyof typeof DEVICES;
type Shown = Device | "both";

/** Space between the two devices; the narrowest panel that offers both at once, and that shows both at first. */
const GAP = 16;
const BOTH_FROM = 560;
const BOTH_FIRST_FROM = 720;

/** The preview page's address and origin (the site address, which may be another host than the dashboard). */
function previewAddress() {
  const src = `${readConfig().siteUrl}${PREVIEW_PATH}`;
  return { src, origin: new URL(src, location.href).origin };
}

/** One device: the preview page at the device's real width, scaled by `scale` to fit the panel. */
function DeviceFrame(props: {
  device: Device;
  scale: number;
  hidden: boolean;
  view: PreviewView;
  screen: PreviewScreen;
}) {
  const { device, scale, hidden } = props;
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const [{ src, origin }] = useState(previewAddress);
  const latest = useRef<PreviewShow>({ type: PREVIEW_SHOW, view: props.view, screen: props.screen });
  latest.current = { type: PREVIEW_SHOW, view: props.view, screen: props.screen };
  const post = () => frame.current?.contentWindow?.postMessage(latest.current, origin);

  useEffect(() => {
    const hello = (e: MessageEvent) => {
      if (e.source !== frame.current?.contentWindow || e.origin !== origin) return;
      if ((e.data as { type?: unknown } | null)?.type !== PREVIEW_READY) return;
      ready.current = true;
      post();
    };
    window.addEventListener("message", hello);
    return () => window.removeEventListener("message", hello);
  }, []);
  const drawn = JSON.stringify(latest.current);
  useEffect(() => {
    if (ready.current) post();
  }, [drawn]);

  const d = DEVICES[device];
  return (
    <figure class={`preview-device preview-${device}`} hidden={hidden}>
      <div class="preview-screen" style={{ width: `${d.width * scale}px`, height: `${d.height * scale}px` }}>
        <iframe
          ref={frame}
          src={src}
          title={d.title}
          width={d.width}
          height={d.height}
          style={{ transform: `scale(${scale})` }}
          allow="camera; microphone"
        />
      </div>
      <figcaption class="muted small">{t("link-preview.caption", { device: d.label, width: d.width })}</figcaption>
    </figure>
  );
}

/** Buttons of which one is on (`aria-pressed`). */
function Toggle<T extends string>(props: { label: string; value: T; options: [T, string][]; onChange(v: T): void }) {
  return (
    <div class="preview-toggle" role="group" aria-label={props.label}>
      {props.options.map(([v, text]) => (
        <button key={v} type="button" aria-pressed={props.value === v} onClick={() => props.onChange(v)}>
          {text}
        </button>
      ))}
    </div>
  );
}

/** Width of an element, followed as it changes; and the window's height. */
function useRoom(el: { current: HTMLElement | null }) {
  const [room, setRoom] = useState({ width: 0, height: window.innerHeight });
  useEffect(() => {
    const measure = () => setRoom({ width: el.current?.clientWidth ?? 0, height: window.innerHeight });
    const watch = new ResizeObserver(measure);
    if (el.current) watch.observe(el.current);
    window.addEventListener("resize", measure);
    measure();
    return () => {
      watch.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);
  return room;
}

/** The preview panel for the draft `view`. */
export function LinkPreview({ view }: { view: PreviewView }) {
  const box = useRef<HTMLDivElement>(null);
  const room = useRoom(box);
  const [screen, setScreen] = useState<PreviewScreen>("form");
  const [chosen, setChosen] = useState<Shown | null>(null);
  const both = room.width >= BOTH_FROM;
  const shown: Shown =
    chosen === "both" && !both ? "phone" : (chosen ?? (room.width >= BOTH_FIRST_FROM ? "both" : "phone"));
  // Tall enough to read, short enough that the panel stays on screen beside the form.
  const tallest = Math.max(360, room.height - 190);
  const width = Math.max(room.width, 200);
  let phone = Math.min(1, width / DEVICES.phone.width, tallest / DEVICES.phone.height);
  let desktop = Math.min(1, width / DEVICES.desktop.width);
  if (shown === "both") {
    phone = Math.min(0.75, tallest / DEVICES.phone.height, (width * 0.42) / DEVICES.phone.width);
    desktop = (width - DEVICES.phone.width * phone - GAP) / DEVICES.desktop.width;
  }

  return (
    <section class="link-preview" aria-labelledby="link-preview-title">
      <div class="link-preview-bar">
        <h3 id="link-preview-title">{t("link-preview.title")}</h3>
        <Toggle<PreviewScreen>
          label={t("link-preview.screen")}
          value={screen}
          onChange={setScreen}
          options={[
            ["form", t("link-preview.screen_form")],
            ["thanks", t("link-preview.screen_thanks")],
          ]}
        />
        <Toggle<Shown>
          label={t("link-preview.device")}
          value={shown}
          onChange={setChosen}
          options={[
            ["phone", DEVICES.phone.label],
            ["desktop", DEVICES.desktop.label],
            ...(both ? [["both", t("link-preview.both")] as [Shown, string]] : []),
          ]}
        />
      </div>
      <p class="hint">{t("link-preview.hint")}</p>
      <div class="preview-devices" ref={box}>
        {(["phone", "desktop"] as const).map((device) => (
          <DeviceFrame
            key={device}
            device={device}
            scale={device === "phone" ? phone : desktop}
            hidden={shown !== "both" && shown !== device}
            view={view}
            screen={screen}
          />
        ))}
      </div>
    </section>
  );
}
