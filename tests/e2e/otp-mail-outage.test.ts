import { marker } from "./admin-helpers";
import { allowConsoleError, expect, test } from "./fixtures";

const SPEC_TEXT = "Failed to send OTP. Please check your email and try again.";
const OUTAGE_TEXT = "We couldn't send the code right now. Please try again in a few minutes.";

// The worker's mail server is shared with the other tests of this worker: always bring it back.
let smtpStopped = false;
test.afterEach(async ({ smtp }) => {
  smtp.refuseRecipients(null);
  if (smtpStopped) await smtp.start();
  smtpStopped = false;
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("an address the mail server refuses gets the spec's text; a mail server that is down, 'try again later'; once it is back the address can ask again at once", async ({
      page,
      smtp,
    }) => {
      // The answers the test provokes: 422 for the refused address, 503 while the mail server is down.
      allowConsoleError(/status of 503 \(Service Unavailable\)/);
      const refused = `${marker("refused")}@example.com`;
      smtp.refuseRecipients((address) => (address === refused ? 550 : undefined));
      await page.goto("/login?tab=otp");
      await page.getByLabel("Email").fill(refused);
      await page.getByRole("button", { name: "Send OTP" }).click();
      await expect(page.getByRole("alert")).toHaveText(SPEC_TEXT);
      await expect(page.getByLabel("Code")).toHaveCount(0);

      const email = `${marker("outage")}@example.com`;
      await page.getByLabel("Email").fill(email);
      await smtp.stop();
      smtpStopped = true;
      await page.getByRole("button", { name: "Send OTP" }).click();
      await expect(page.getByRole("alert")).toHaveText(OUTAGE_TEXT);
      await expect(page.getByLabel("Code")).toHaveCount(0);

      await smtp.start();
      smtpStopped = false;
      // At once: the failed send left no "Please wait 30 seconds" behind.
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await page.getByRole("button", { name: "Send OTP" }).click();
      await expect(page.getByLabel("Code")).toBeVisible();
      await smtp.waitFor((m) => m.to.includes(email));
    });
  });
}

test("no answer from the server at all (a proxy's error page): not blamed on the address either", async ({ page }) => {
  allowConsoleError(/status of 502 \(Bad Gateway\)/);
  await page.route("**/api/send-otp", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
  await page.goto("/login?tab=otp");
  await page.getByLabel("Email").fill(`${marker("proxy")}@example.com`);
  await page.getByRole("button", { name: "Send OTP" }).click();
  await expect(page.getByRole("alert")).toHaveText(OUTAGE_TEXT);
});
