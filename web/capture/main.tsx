/** Entry of the capture bundle: reads the injected config and the link id from the address, renders the page. */
import { render } from "preact";
import { readConfig } from "../shared/config";
import { CaptureApp } from "./app";
import "../shared/ui/base.css";
import "./capture.css";

/** The link id from `…/c/{link_id}`. */
const linkId = /\/c\/([^/?#]+)\/?$/.exec(location.pathname)?.[1] ?? null;

render(
  <CaptureApp apiUrl={readConfig().apiUrl} linkId={linkId && decodeURIComponent(linkId)} />,
  document.getElementById("root")!,
);
