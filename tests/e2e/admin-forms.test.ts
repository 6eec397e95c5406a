import { createRows, marker, quoteRequest, TINY_PNG } from "./admin-helpers";
import { PLACEHOLDERS_HINT } from "~/lib/site-settings-fields";
import { ADMIN_EMAIL, allowConsoleError, expect, signIn, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { returnUrl: "/admin/testimonials" });
});

test("Add New opens 'Add New Item'; validation runs on change and on submit with the spec's messages", async ({
  page,
}) => {
  await page.getByRole("button", { name: "Add New" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/new=1/);
  // Required fields carry a red asterisk; descriptions are help text and placeholders.
  await expect(dialog.getByText("Name", { exact: true }).locator("..")).toHaveText("Name*");
  await expect(dialog.getByText("1 to 5 stars")).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("placeholder", "Enter Name");
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("required", "");
  await expect(dialog.getByLabel("Rating")).toHaveAttribute("step", "1");
  await expect(dialog.getByLabel("Rating")).toHaveValue("5");
  await expect(dialog.getByLabel("Text")).toHaveAttribute("rows", "4");
  // Read-only fields are not in the form.
  await expect(dialog.getByLabel("ID", { exact: true })).toHaveCount(0);
  await expect(dialog.getByLabel("Created", { exact: true })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Text is required")).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

  const name = marker("Added ");
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await expect(dialog.getByText("Name is required")).toHaveCount(0);
  await dialog.getByLabel("Rating").fill("9");
  await expect(dialog.getByText("Rating cannot be greater than 5")).toBeVisible();
  await dialog.getByLabel("Rating").fill("4");
  await expect(dialog.getByText("Rating cannot be greater than 5")).toHaveCount(0);
  await dialog.getByLabel("Text").fill("Spotless, and on time.");

  // While the save is on its way: 'submitting...' and everything disabled.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/admin/testimonials"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "submitting..." })).toBeDisabled();
  await expect(dialog.getByLabel("Name", { exact: true })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  release();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/new=1/);
  await page.getByRole("searchbox", { name: "Search" }).fill(name);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText("Spotless, and on time.");
});

test("Cancel, Close and Escape close the form without saving; Back reopens nothing", async ({ page }) => {
  await page.getByRole("button", { name: "Add New" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/testimonials$/);

  await page.getByRole("button", { name: "Add New" }).click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole("button", { name: "Add New" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
});

test("Edit opens 'Edit Item' prefilled and Update saves; the server's messages show in the form", async ({ page }) => {
  const tag = marker("edit");
  await createRows(page, "quote_requests", [
    quoteRequest(`Edit Me ${tag}`, { status: "quoted" }),
  ]);
  await page.goto(`/admin/quote_requests?q=${tag}`);
  await page.locator("tbody tr").first().getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Item" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue(`Edit Me ${tag}`);
  await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(dialog.getByLabel("Status")).toHaveValue("quoted");
  await expect(dialog.getByLabel("Status").locator("option").first()).toHaveText("Select Status");
  await expect(dialog.getByLabel("Lost Reason")).toHaveValue("");
  // Read-only: notes are added on the lead's page.
  await expect(dialog.getByLabel("Notes")).toHaveCount(0);
  await expect(dialog.getByLabel("Client IP")).toHaveCount(0);

  await dialog.getByLabel("Email").fill("not-an-address");
  await expect(dialog.getByText("Email is not a valid email")).toBeVisible();
  await dialog.getByLabel("Email").fill("fixed@example.com");
  await dialog.getByLabel("Status").selectOption({ label: "Booked" });
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.locator("tbody tr").first();
  await expect(row).toContainText("fixed@example.com");
  await expect(row).toContainText("Booked");

  // The users table refuses a second account with the same address: the banner and field say so.
  await page.goto("/admin/users?new=1");
  const users = page.getByRole("dialog", { name: "Add New Item" });
  await users.getByLabel("Email").fill(ADMIN_EMAIL);
  const alerts: string[] = [];
  page.once("dialog", (alert) => {
    alerts.push(alert.message());
    void alert.dismiss();
  });
  await users.getByRole("button", { name: "Create", exact: true }).click();
  await expect(users.getByRole("alert")).toContainText("Failed to create row: Email is already in use");
  await expect.poll(() => alerts).toEqual(["Failed to save item"]);
  await expect(users.getByText("Email is already in use").last()).toBeVisible();
});

test("Delete asks for confirmation in the app's own dialog; Cancel keeps the row, Delete deletes it", async ({ page }) => {
  const tag = marker("del");
  await createRows(page, "quote_requests", [quoteRequest(`Delete Me ${tag}`)]);
  await page.goto(`/admin/quote_requests?q=${tag}`);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  // Not the browser's confirm(): the dialog is the app's, as without JavaScript.
  const browserDialogs: string[] = [];
  page.on("dialog", (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await rows.first().getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Item" });
  await expect(confirm).toContainText("Are you sure you want to delete this item?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(rows.first()).toContainText(`Delete Me ${tag}`);

  await rows.first().getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("cell", { name: "No data available" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  expect(browserDialogs).toEqual([]);
});

test("a delete that fails alerts 'Failed to delete item' and shows the server's reason in the dialog", async ({
  page,
}) => {
  const tag = marker("delfail");
  const [row] = await createRows(page, "quote_requests", [quoteRequest(`Already Gone ${tag}`)]);
  await page.goto(`/admin/quote_requests?q=${tag}`);
  // Someone else deletes it first.
  const origin = new URL(page.url()).origin;
  expect(
    (await page.request.delete(`/api/tables/quote_requests/${row!.id}`, { headers: { Origin: origin } })).ok(),
  ).toBe(true);

  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  await page.locator("tbody tr").first().getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete Item" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to delete row: Row not found");
  await expect.poll(() => messages).toEqual(["Failed to delete item"]);
});

test("media upload: drop zone, uploading, preview; Remove clears it; the grid shows a thumbnail", async ({ page }) => {
  await page.goto("/admin/care_guides?new=1");
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  await expect(dialog.getByText("Upload file").first()).toBeVisible();
  const cover = dialog.getByLabel("Cover Image");
  await expect(cover).toHaveAttribute("accept", "image/*,video/*");
  await cover.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: TINY_PNG });
  const preview = dialog.getByRole("img", { name: /^Preview of .+\.png$/ });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveCSS("max-height", "192px"); // 12rem

  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(preview).toHaveCount(0);
  await dialog.getByLabel("Cover Image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(preview).toBeVisible();

  // A file that is not an image or video is refused by the media endpoint.
  const pdf = dialog.getByLabel("PDF Guide");
  await pdf.setInputFiles({
    name: "guide.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  });
  await expect(dialog.getByRole("link", { name: /\.pdf$/ })).toBeVisible();

  const title = marker("Guide ");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("Rinse first.");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search" }).fill(title);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr img")).toHaveAttribute("src", /^\/uploads\/.+\.png$/);
  await expect(page.locator("tbody tr").getByRole("link", { name: /\.pdf$/ })).toBeVisible();
});

test("drag and drop: the zone lights up, then shows 'Uploading...' with the input disabled, then the preview", async ({
  page,
}) => {
  await page.goto("/admin/testimonials?new=1");
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  const zone = dialog.locator("[data-state]");
  await expect(zone).toHaveAttribute("data-state", "empty");
  // Hold the upload until the uploading state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The testimonial's photo field takes images only: /api/upload/image.
  await page.route("**/api/upload/image", async (route) => {
    await held;
    await route.continue();
  });
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "dropped.png", { type: "image/png" }));
      return transfer;
    },
    [...TINY_PNG],
  );
  await zone.dispatchEvent("dragenter", { dataTransfer });
  await expect(zone).toHaveAttribute("data-state", "drag-over");
  await zone.dispatchEvent("drop", { dataTransfer });
  await expect(zone).toHaveAttribute("data-state", "uploading");
  await expect(dialog.getByText("Uploading...")).toBeVisible();
  await expect(dialog.getByLabel("Image")).toBeDisabled();
  release();
  await expect(dialog.getByRole("img", { name: /^Preview of .+\.png$/ })).toBeVisible();
});

test("a refused upload says why: not an image where an image is expected", async ({ page }) => {
  await page.goto("/admin/testimonials?new=1");
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  // Text is not an image: the image endpoint refuses it, and the form shows its words.
  await dialog
    .getByLabel("Image")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
  await expect(dialog.getByRole("alert")).toHaveText("This file is not an image (JPEG, PNG, WebP, AVIF or GIF)");
  await expect(dialog.getByText("Upload file")).toBeVisible();
});

test("a failed upload (the server's own failure) says 'Upload failed. Please try again.'", async ({ page }) => {
  await page.goto("/admin/testimonials?new=1");
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  await page.route("**/api/upload/image", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
  allowConsoleError(/status of 500 \(Internal Server Error\)/);
  await dialog.getByLabel("Image").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(dialog.getByRole("alert")).toHaveText("Upload failed. Please try again.");
});

test("rich text: the Quill editor saves formatted HTML, the grid shows its text", async ({ page }) => {
  await page.goto("/admin/care_guides?new=1");
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  const editor = dialog.getByRole("textbox", { name: "Body" });
  await expect(editor).toBeVisible();
  // The placeholder is the property's description (the spec's rule), here the settings' placeholders.
  await expect(editor).toHaveAttribute("data-placeholder", PLACEHOLDERS_HINT);
  const title = marker("Rich ");
  await dialog.getByLabel("Title").fill(title);
  await editor.click();
  await page.keyboard.type("Plain then ");
  await dialog.locator(".ql-bold").click();
  await page.keyboard.type("bold words");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search" }).fill(title);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText("Plain then bold words");
  await expect(page.locator("tbody tr")).not.toContainText("<strong>");

  // Editing shows it formatted again.
  await page.locator("tbody tr").getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Item" }).locator(".ql-editor strong")).toHaveText("bold words");
});

test("the editor offers the spec's toolbar: headers 1-2, fonts, sizes, alignments, 36 colours; links limited", async ({
  page,
}) => {
  await page.goto("/admin/care_guides?new=1");
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  await expect(dialog.locator(".ql-editor")).toBeVisible();
  const values = (picker: string) =>
    dialog
      .locator(`.ql-picker.${picker} .ql-picker-item`)
      .evaluateAll((items) => items.map((i) => i.getAttribute("data-value")));
  expect(await values("ql-header")).toEqual(["1", "2", null]);
  expect(await values("ql-font")).toEqual([null, "serif", "monospace"]);
  expect(await values("ql-size")).toEqual(["small", null, "large", "huge"]);
  expect(await values("ql-align")).toEqual([null, "center", "right", "justify"]);
  expect(await values("ql-color")).toHaveLength(36);
  expect(await values("ql-background")).toHaveLength(36);
  await expect(dialog.locator(".ql-editor")).toHaveCSS("min-height", "200px");

  // A javascript: link is neutralised by the editor.
  await dialog.locator(".ql-editor").click();
  await page.keyboard.type("link");
  await page.keyboard.press("Shift+Home");
  await dialog.locator("button.ql-link").click();
  await dialog.locator(".ql-tooltip input[type=text]").fill("javascript:alert(1)");
  await page.keyboard.press("Enter");
  await expect(dialog.locator(".ql-editor a")).toHaveAttribute("href", "about:blank");
});

test("markdown answers use the markdown editor and save", async ({ page }) => {
  const question = marker("Markdown? ");
  await page.goto("/admin/faqs?new=1");
  const dialog = page.getByRole("dialog", { name: "Add New Item" });
  await expect(dialog.locator(".w-md-editor")).toBeVisible();
  await dialog.getByLabel("Question").fill(question);
  await dialog.getByLabel("Answer").fill("Use **two buckets**.");
  await dialog.getByLabel("Category").selectOption("Aftercare");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search" }).fill(question);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText("Use **two buckets**.");
});
