import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build's entry is our Express app, which imports the React
    // Router server build as a virtual module (see server.js).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: {
    // @uiw packages import CSS from JS; bundling them lets Vite handle that.
    noExternal: [/^@uiw\//],
  },
  optimizeDeps: {
    include: ["quill", "@uiw/react-md-editor", "@conform-to/react", "@conform-to/zod/v4", "zod"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
