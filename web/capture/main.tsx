/**
 * Entry of the capture bundle: reads the injected config and the link id (the server puts it in a meta tag, so a
 * friendly `/c/{slug}` address works; else the last part of `…/c/{link_id}`), renders the page.
 */
import { render } from "preact";
import { readConfig } from "../shared/config";
import { CaptureApp } from "./app";
import "../shared/ui/base.css";
import "./capture.css";

/** The link id the server resolved the address to, or the one in `…/c/{link_id}`. */
const fromPath = /\/c\/([^/?#]+)\/?$/.exec(location.pathname)?.[1] ?? null;
const linkId =
  document.querySelector<HTMLMetaElement>('meta[name="plaudit-link"]')?.content ||
  (fromPath && decodeURIComponent(fromPath));

render(<CaptureApp apiUrl={readConfig().apiUrl} linkId={linkId || null} />, document.getElementById("root")!);
