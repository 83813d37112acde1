/** Music tracks embedded in the binary (`import path from "x.m4a" with { type: "file" }` gives a readable path). */
declare module "*.m4a" {
  const path: string;
  export default path;
}
