/** Files imported as text (SQL migrations) or as embedded files (assets). */
declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.png" {
  const path: string;
  export default path;
}
declare module "*.woff" {
  const path: string;
  export default path;
}
