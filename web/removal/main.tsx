/** Entry of the removal page: reads the injected config and the token from the address, renders the page. */
import { render } from "preact";
import { readConfig } from "../shared/config";
import { RemovalApp } from "./app";
import "../shared/ui/ui.css";
import "./removal.css";

/** The token from `…/remove/{token}`. */
const token = /\/remove\/([^/?#]+)\/?$/.exec(location.pathname)?.[1] ?? "";

render(<RemovalApp apiUrl={readConfig().apiUrl} token={decodeURIComponent(token)} />, document.getElementById("root")!);
