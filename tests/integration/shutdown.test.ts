import http from "node:http";
import { expect, it } from "vitest";
import { startAppServer } from "../helpers/app-server";

it("SIGTERM lets an in-flight quote request finish and be accepted, then exits cleanly", { timeout: 90_000 }, async () => {
  const app = await startAppServer();
  const url = new URL("/api/forms/submit", app.url);
  const body = JSON.stringify({ formId: "quote_form", name: "Late Arrival", email: "late@example.com", phone: "6165550100", vehicle_type: "boat" });

  // Send the headers and half of the body, so the request is in flight...
  const request = http.request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: app.url },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, 40));
  await new Promise((r) => setTimeout(r, 300));

  // ...then stop the server, and only then send the rest.
  const exited = new Promise<number | null>((resolve) => app.process.once("exit", resolve));
  app.process.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  expect(app.process.exitCode).toBeNull(); // still finishing the request
  request.end(body.slice(40));

  const response = await answered;
  expect(response.status).toBe(200);
  expect(JSON.parse(response.text)).toMatchObject({ success: true });
  expect(await exited).toBe(0);
  expect(app.output()).toContain("SIGTERM: finishing in-flight requests");
  await app.stop();
});
