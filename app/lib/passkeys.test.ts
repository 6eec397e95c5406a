import { describe, expect, it } from "vitest";
import { passkeyNameSchema } from "./passkey-input";
import { passkeyDeviceName } from "./passkeys";

describe("passkeyDeviceName", () => {
  it("names the browser and the system that made the passkey", () => {
    const cases: [string, string][] = [
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari on macOS"],
      ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "Safari on iPhone"],
      ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", "Chrome on iPhone"],
      ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"],
      ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
      ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
    ];
    for (const [agent, name] of cases) expect(passkeyDeviceName(agent), agent).toBe(name);
  });

  it("says what it can, and Passkey when it knows nothing", () => {
    expect(passkeyDeviceName("curl/8.5.0")).toBe("Passkey");
    expect(passkeyDeviceName("")).toBe("Passkey");
  });
});

describe("passkeyNameSchema", () => {
  it("keeps a typed name on one line, and reads nothing typed as empty (the device's name then)", () => {
    expect(passkeyNameSchema.parse("  Work \n phone ")).toBe("Work phone");
    expect(passkeyNameSchema.parse(undefined)).toBe("");
    expect(passkeyNameSchema.safeParse("x".repeat(101)).success).toBe(false);
  });
});
