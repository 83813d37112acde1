/** Stylesheets imported for their side effect; Bun.build emits them as the bundle's CSS file. */
declare module "*.css";
