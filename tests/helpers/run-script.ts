import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of scripts/ as `npm run` does (tsx), with only `env` and PATH/HOME set, and waits for it to end. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join("scripts", script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}
