import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { publicCssSources } from "./app/styles/public-sources";

/**
 * The browser build's shared chunks. Every page needs React, React Router and
 * Vite's preload helper, and the public pages their shell (header, logo,
 * settings, meta, nonce): one file each instead of seven small ones, as one
 * gzip stream over them is smaller than one per file (the home page's
 * JavaScript budget, bench/browser-js.ts; docs/decisions/0061).
 */
const SHELL = /\/app\/(lib\/(nonce|seo|business|site-settings)|components\/site\/(SiteLogo|use-site-settings|SiteHeader|MobileMenu|NavItem|SectionLink|styles|site-nav|icons))\.tsx?$/;
function manualChunks(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) || id.includes("vite/preload-helper")) return "framework";
  if (SHELL.test(id)) return "shell";
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The browser's code through terser: 1-2 % smaller than esbuild's output
    // for the same behaviour, which the home page's budget needs (bench/browser-js.ts).
    minify: isSsrBuild ? false : "terser",
    // The server build's entry is our Express app, which imports the React
    // Router server build as a virtual module (see server.js).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : { output: { manualChunks } },
  },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: {
    // @uiw packages import CSS from JS; bundling them lets Vite handle that.
    // @react-email: bundled, only the components the e-mails use are kept; the
    // package's index would load all of them at start, Tailwind's compiler,
    // Prism and marked included (docs/decisions/0099).
    noExternal: [/^@uiw\//, /^@react-email\//],
  },
  optimizeDeps: {
    include: ["quill", "@uiw/react-md-editor", "@conform-to/react", "@conform-to/zod/v4", "zod"],
  },
  // publicCssSources before tailwindcss: it writes the @source lines Tailwind then reads.
  plugins: [publicCssSources(), tailwindcss(), reactRouter()],
}));
