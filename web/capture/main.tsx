/**
 * Entry of the capture bundle: reads the injected config and the link id (the server puts it in a meta tag, so a
 * friendly `/c/{slug}` address works; else the last part of `…/c/{link_id}`), chooses the language, renders the page.
 */
import { render } from "preact";
import { readConfig } from "../shared/config";
import { applyLanguage, pickLanguage } from "../shared/i18n";
import { CaptureApp } from "./app";
import { words } from "./i18n";
import "../shared/ui/base.css";
import "./capture.css";

/** The link id the server resolved the address to, or the one in `…/c/{link_id}`. */
const fromPath = /\/c\/([^/?#]+)\/?$/.exec(location.pathname)?.[1] ?? null;
const linkId =
  document.querySelector<HTMLMetaElement>('meta[name="plaudit-link"]')?.content ||
  (fromPath && decodeURIComponent(fromPath));

const config = readConfig();
// The page's language (config, `?lang=`, the browser's preference) before anything is drawn.
words.use(pickLanguage(config));
applyLanguage(words.language());

render(<CaptureApp apiUrl={config.apiUrl} linkId={linkId || null} />, document.getElementById("root")!);
